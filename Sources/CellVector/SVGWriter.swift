import CellGeometry
import CellRaster

/// SVG output (to be written).
public enum SVGWriter {
    public static func svg(of canvas: Canvas) throws -> [UInt8] {
        throw VectorError.notRecorded("SVG output is not written yet")
    }
}
