/// Errors the drawing engine reports to its callers, in the engine's terms
/// (an embedder maps them to its own: the command line names the script line).
public enum CanvasError: Error, Equatable, CustomStringConvertible {
    case invalidSize(String)
    case tooLarge(String)
    case unbalancedRestore
    case outOfBounds(String)
    case unbalancedLayer(String)
    /// A path whose flattening would pass `Canvas.maxFlattenedPoints`.
    case tooComplex(String)

    public var description: String {
        switch self {
        case .invalidSize(let s), .tooLarge(let s), .outOfBounds(let s), .unbalancedLayer(let s), .tooComplex(let s):
            return s
        case .unbalancedRestore: return "restore without a matching save"
        }
    }
}

/// Hard caps on bitmap sizes, so a typo like `cell.canvas(3200000, 480)` is a
/// clear error instead of an allocation that takes the machine down.
public enum CanvasLimits {
    /// Largest width or height in pixels (32,767: sizes and coordinates stay
    /// far inside the range the rasterizer's cell indices and Float sums
    /// handle exactly).
    public static let maxSide = 32_767
    /// Largest pixel count: 2^27 pixels is 512 MiB of RGBA8.
    public static let maxPixels = 1 << 27

    /// Validates a size in points at `scale` and returns it in whole pixels
    /// (rounded up, so a 0.5 pt sliver still gets a pixel).
    public static func pixelSize(width: Double, height: Double, scale: Double) throws -> (Int, Int) {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw CanvasError.invalidSize("canvas size must be positive and finite (got \(fmt(width))x\(fmt(height)))")
        }
        guard scale.isFinite, scale > 0 else {
            throw CanvasError.invalidSize("scale must be positive and finite (got \(fmt(scale)))")
        }
        let pw = (width * scale - 1e-9).rounded(.up), ph = (height * scale - 1e-9).rounded(.up)
        guard pw <= Double(maxSide), ph <= Double(maxSide), pw * ph <= Double(maxPixels) else {
            throw CanvasError.tooLarge(
                "canvas too large: \(fmt(width))x\(fmt(height)) points at scale \(fmt(scale)) is \(fmt(pw))x\(fmt(ph)) pixels (limit \(maxSide) per side, \(maxPixels) in all)")
        }
        return (Swift.max(1, Int(pw)), Swift.max(1, Int(ph)))
    }

    static func fmt(_ v: Double) -> String {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }
}
