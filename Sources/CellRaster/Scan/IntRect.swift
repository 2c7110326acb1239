import CellGeometry

/// A half-open rectangle of whole pixels: columns x0..<x1, rows y0..<y1.
public struct IntRect: Hashable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    public static let empty = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)

    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    public var width: Int { max(0, x1 - x0) }
    public var height: Int { max(0, y1 - y0) }

    /// Every pixel of this rect is in `o` (an empty rect is within any).
    public func isWithin(_ o: IntRect) -> Bool {
        isEmpty || (x0 >= o.x0 && y0 >= o.y0 && x1 <= o.x1 && y1 <= o.y1)
    }

    /// This rect moved by whole pixels.
    public func offsetBy(dx: Int, dy: Int) -> IntRect {
        IntRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
    }

    public func intersection(_ o: IntRect) -> IntRect {
        let r = IntRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }

    /// The pixels touched by a device-space box (outward rounding), with
    /// non-finite or huge values clamped to `limit`.
    public static func covering(minX: Double, minY: Double, maxX: Double, maxY: Double, limit: IntRect) -> IntRect {
        func clampDown(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
            guard !v.isNaN else { return lo }
            return Int(max(Double(lo), min(Double(hi), v.rounded(.down))))
        }
        func clampUp(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
            guard !v.isNaN else { return lo }
            return Int(max(Double(lo), min(Double(hi), v.rounded(.up))))
        }
        let r = IntRect(x0: clampDown(minX, limit.x0, limit.x1), y0: clampDown(minY, limit.y0, limit.y1),
                        x1: clampUp(maxX, limit.x0, limit.x1), y1: clampUp(maxY, limit.y0, limit.y1))
        return r.isEmpty ? .empty : r
    }
}

extension IntRect {
    /// The same pixels as a device-space rectangle.
    var deviceRect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height)) }
}
