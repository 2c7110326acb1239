import CellRaster

/// Writes an animation's frames, appended one at a time in order, into one
/// file: GIF, WebP (animated), PNG (APNG) or MP4. Frames are not held: each
/// is encoded as it comes (GIF, APNG and WebP keep the frame before, to
/// store only what changed, and the encoded file until `finish`; MP4 streams
/// to ffmpeg). `finish` writes `path` atomically (AtomicFile, or ffmpeg's
/// temporary file renamed); before it, or after `cancel` or a failure,
/// nothing is at `path` that was not there before.
///
/// GIF, WebP and APNG loop forever. Frame times come from `fps`: frame i
/// starts at i/fps, rounded to the format's unit (GIF: 1/100 s, WebP: 1 ms;
/// APNG: exactly 1/fps for whole fps, else ms) from the start, so rounding
/// does not add up (60 frames at 30 fps last 2.00 s). GIF delays are at
/// least 2/100 s (browsers show shorter ones at 1/10 s): above 50 fps a GIF
/// plays slower. `quality` (1...100) makes WebP lossy (nil: lossless) and
/// sets MP4's CRF (`VideoEncoder`); GIF and APNG ignore it.
public final class AnimationEncoder {
    public let format: ImageFormat
    public let path: String
    public let width: Int
    public let height: Int
    public let fps: Double

    private enum Backend {
        case gif(GIFEncoder)
        case webp(WebPAnimation)
        case apng(APNGEncoder)
        case video(VideoEncoder)
    }

    private var backend: Backend?
    /// Frames appended so far.
    public private(set) var frameCount = 0

    /// Starts an animation of `width` x `height` at `fps` frames a second
    /// in `format`, to be written at `path`. Sizes a format cannot hold are
    /// refused here (GIF: 65535, WebP: 16383 on a side), as is a format that
    /// holds no animation. `searchPath` is where ffmpeg is looked for (MP4;
    /// nil: the PATH environment variable).
    public init(format: ImageFormat, path: String, width: Int, height: Int, fps: Double, quality: Int?,
                searchPath: String? = nil) throws {
        guard fps.isFinite, fps > 0 else {
            throw ImageError.encode("an animation's frames per second must be a positive number, got \(fps)")
        }
        guard width >= 1, height >= 1 else {
            throw ImageError.encode("an animation's frames must be at least 1x1 pixels, not \(width)x\(height)")
        }
        self.format = format
        self.path = path
        self.width = width
        self.height = height
        self.fps = fps
        switch format {
        case .gif: backend = .gif(try GIFEncoder(width: width, height: height, looping: true))
        case .webp: backend = .webp(try WebPAnimation(width: width, height: height, quality: quality))
        case .png: backend = .apng(APNGEncoder(width: width, height: height))
        case .mp4:
            backend = .video(try VideoEncoder(path: path, width: width, height: height, fps: fps,
                                              quality: quality, searchPath: searchPath))
        default:
            throw ImageError.encode(".\(format.rawValue) holds one image, not an animation; use .gif, .webp, .png (APNG) or .mp4")
        }
    }

    deinit { cancel() }

    /// Frame `i`'s start in `units` a second, rounded from the start.
    private func start(of i: Int, units: Double) -> Int {
        Int((Double(i) * units / fps).rounded())
    }

    /// Encodes `frame`, the next one; it must be the animation's size.
    public func append(_ frame: PixelBuffer) throws {
        guard let backend else { throw ImageError.encode("the animation '\(path)' is already finished or cancelled") }
        guard frame.width == width, frame.height == height else {
            throw ImageError.encode("an animation's frames must all be \(width)x\(height) pixels; frame \(frameCount + 1) is \(frame.width)x\(frame.height)")
        }
        let i = frameCount
        switch backend {
        case .gif(let gif):
            // Where the frame should end, less where the frames so far end.
            let shown = gifEnd
            let delay = Swift.max(2, start(of: i + 1, units: 100) - shown)
            try gif.append(frame, centiseconds: delay)
            gifEnd = shown + delay
        case .webp(let webp):
            try webp.append(frame, at: start(of: i, units: 1000))
        case .apng(let apng):
            try apng.append(frame, delay: apngDelay(i))
        case .video(let video):
            try video.append(frame)
        }
        frameCount += 1
    }

    /// Where the GIF's frames so far end, in 1/100 s.
    private var gifEnd = 0

    /// fcTL's delay fraction for frame `i`: 1/fps when fps is whole (and
    /// fits), else the frame's milliseconds.
    private func apngDelay(_ i: Int) -> (numerator: UInt16, denominator: UInt16) {
        if fps == fps.rounded(), fps <= 65535 { return (1, UInt16(fps)) }
        let ms = start(of: i + 1, units: 1000) - start(of: i, units: 1000)
        return (UInt16(clamping: ms), 1000)
    }

    /// Writes the file at `path`; the encoder is done after it either way.
    public func finish() throws {
        guard let backend else { throw ImageError.encode("the animation '\(path)' is already finished or cancelled") }
        self.backend = nil
        guard frameCount > 0 else {
            if case .video(let video) = backend { video.cancel() }
            throw ImageError.encode("the animation '\(path)' has no frames")
        }
        switch backend {
        case .gif(let gif): try AtomicFile.write(try gif.finish(), to: path)
        case .webp(let webp): try AtomicFile.write(try webp.finish(endingAt: start(of: frameCount, units: 1000)), to: path)
        case .apng(let apng): try AtomicFile.write(try apng.finish(), to: path)
        case .video(let video): try video.finish()
        }
    }

    /// Drops the animation: nothing is written, ffmpeg (MP4) is killed and
    /// its temporary file removed. Safe to call more than once.
    public func cancel() {
        if case .video(let video) = backend { video.cancel() }
        backend = nil
    }
}
