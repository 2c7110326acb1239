import CellGeometry
import CellRaster

/// PDF output (to be written).
public enum PDFWriter {
    public static func pdf(of canvas: Canvas) throws -> [UInt8] {
        throw VectorError.notRecorded("PDF output is not written yet")
    }
}
