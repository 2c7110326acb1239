import CellGeometry
import CellImage
import CellRaster

extension ImageFormat {
    /// Encodes `canvas` in this format: its pixels for the raster formats,
    /// its display list for SVG (text as `svgText` says) and PDF.
    public func encode(_ canvas: Canvas, quality: Int? = nil, svgText: SVGTextMode = .outline) throws -> [UInt8] {
        switch self {
        case .svg: return try SVGWriter.svg(of: canvas, text: svgText)
        case .pdf: return try PDFWriter.pdf(of: canvas)
        default: return try encode(canvas.buffer, quality: quality)
        }
    }
}

/// Numbers as the vector formats want them: decimal, no exponent, at most
/// `decimals` digits after the point, trailing zeros dropped, so the same
/// drawing always gives the same bytes.
enum Decimal {
    static func text(_ v: Double, decimals: Int = 3) -> String {
        guard v.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let limit = 9.0e15 / scale
        let clamped = Swift.min(Swift.max(v, -limit), limit)
        let n = Int64((clamped * scale).rounded())
        if n == 0 { return "0" }
        var digits = String(n.magnitude)
        var fraction = ""
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            fraction = String(digits.suffix(decimals))
            digits.removeLast(decimals)
            while fraction.hasSuffix("0") { fraction.removeLast() }
        }
        return (n < 0 ? "-" : "") + digits + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// "x y", each with `text`.
    static func point(_ p: Point, decimals: Int) -> String {
        text(p.x, decimals: decimals) + " " + text(p.y, decimals: decimals)
    }
}

extension DisplayOp {
    /// The outline (device space) of a recorded stroke, by the engine's
    /// stroker: for what a format cannot stroke itself (a gradient stroke in
    /// PDF, a stroke that knocks out). Width 0 is one device pixel.
    static func strokeOutline(_ device: Path, transform: AffineTransform, style: StrokeStyle) -> Path? {
        var style = style
        var user = userPath(device, transform: transform)
        var toDevice = transform
        if style.width == 0 { (style.width, user, toDevice) = (1, device, .identity) }
        let tolerance = 0.05 / Swift.max(toDevice.maxStretch, 1e-12)
        return (try? Stroker.stroke(user, style: style, tolerance: tolerance))?.transformed(by: toDevice)
    }
}

/// The names a document gives the objects it defines once and refers to
/// after (images, canvases drawn as layers), keeping each object alive while
/// its name is in use (an identity is then never reused for another).
struct DefinedOnce {
    private var names: [ObjectIdentifier: String] = [:]
    private var kept: [AnyObject] = []

    /// The name `object` was given, if it was.
    func name(of object: AnyObject) -> String? { names[ObjectIdentifier(object)] }

    /// Gives `object` its name (the caller defines it in the document).
    mutating func remember(_ object: AnyObject, as name: String) {
        names[ObjectIdentifier(object)] = name
        kept.append(object)
    }
}

extension Path {
    /// This path without its subpaths that stay at one point, and those
    /// points: a stroke with square caps gives each a square there (as the
    /// engine does), which the formats draw only for round caps, so the
    /// writers fill those squares themselves.
    func splittingDots() -> (Path, [Point]) {
        var rest = Path(), dots: [Point] = []
        var subpath: [Path.Element] = []
        func flush() {
            guard case .move(let p)? = subpath.first else { return }
            var drawn = false, still = true
            for e in subpath.dropFirst() {
                switch e {
                case .line(let q): drawn = true; still = still && q == p
                case .quad(let a, let q): drawn = true; still = still && a == p && q == p
                case .cubic(let a, let b, let q): drawn = true; still = still && a == p && b == p && q == p
                case .move, .close: break
                }
            }
            if drawn && still {
                dots.append(p)
            } else {
                for e in subpath { rest.append(e) }
            }
            subpath = []
        }
        for e in elements {
            if case .move = e { flush() }
            subpath.append(e)
        }
        flush()
        return (rest, dots)
    }
}
