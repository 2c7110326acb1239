/// A point in user or device space. Double precision throughout, up to the
/// rasterizer, which accumulates coverage in single-precision cells.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(0, 0)

    /// True when both coordinates are finite (no NaN, no infinity).
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
