// TEMPORARY until the codecs branch lands.
import CellImage
import CellRaster
final class AnimationEncoder {
    init(format: ImageFormat, path: String, width: Int, height: Int, fps: Double, quality: Int?) throws {}
    func append(_ frame: PixelBuffer) throws {}
    func finish() throws {}
    func cancel() {}
}
