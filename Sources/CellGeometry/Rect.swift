/// An axis-aligned rectangle: origin plus size, like CGRect.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { Swift.min(x, x + width) }
    public var maxX: Double { Swift.max(x, x + width) }
    public var minY: Double { Swift.min(y, y + height) }
    public var maxY: Double { Swift.max(y, y + height) }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// The same rectangle with non-negative width and height (CGRectStandardize):
    /// Core Graphics accepts negative sizes and draws the standardized rect.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: abs(width), height: abs(height))
    }

    public var isEmpty: Bool { width == 0 || height == 0 }

    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    /// The overlap of two standardized rectangles, or nil when they do not meet.
    public func intersection(_ other: Rect) -> Rect? {
        let a = standardized, b = other.standardized
        let x0 = Swift.max(a.x, b.x), y0 = Swift.max(a.y, b.y)
        let x1 = Swift.min(a.maxX, b.maxX), y1 = Swift.min(a.maxY, b.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
