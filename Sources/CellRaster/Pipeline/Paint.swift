import CellGeometry

/// What fills or strokes a shape: one color, or a gradient whose geometry is
/// read in the user space in force when the shape is painted (so a paint set
/// once follows later transforms, as a CGGradient drawn in a clip would).
public enum Paint {
    case solid(Color)
    case linear(LinearGradient)
    case radial(RadialGradient)

    public static var black: Paint { .solid(.black) }

    /// The color, when this paint is one.
    public var solidColor: Color? {
        if case .solid(let c) = self { return c }
        return nil
    }
}

/// A linear gradient from `start` (t = 0) to `end` (t = 1). Colors extend
/// past the ends only where asked (CGContextDrawLinearGradient's
/// kCGGradientDrawsBeforeStartLocation / AfterEndLocation); paints set with
/// `set_fill` / `set_stroke` extend both ways.
public struct LinearGradient {
    public var gradient: Gradient
    public var start: Point
    public var end: Point
    public var extendStart: Bool
    public var extendEnd: Bool

    public init(gradient: Gradient, start: Point, end: Point, extendStart: Bool = true, extendEnd: Bool = true) {
        self.gradient = gradient
        self.start = start
        self.end = end
        self.extendStart = extendStart
        self.extendEnd = extendEnd
    }
}

/// A two-circle radial gradient with the PDF (and Core Graphics) rules: the
/// circles interpolate from (start, startRadius) at t = 0 to (end, endRadius)
/// at t = 1; a point takes the largest t whose circle passes through it with
/// a radius >= 0, among the t the extensions allow.
public struct RadialGradient {
    public var gradient: Gradient
    public var start: Point
    public var startRadius: Double
    public var end: Point
    public var endRadius: Double
    public var extendStart: Bool
    public var extendEnd: Bool

    public init(gradient: Gradient, start: Point, startRadius: Double, end: Point, endRadius: Double,
                extendStart: Bool = true, extendEnd: Bool = true) {
        self.gradient = gradient
        self.start = start
        self.startRadius = startRadius
        self.end = end
        self.endRadius = endRadius
        self.extendStart = extendStart
        self.extendEnd = extendEnd
    }
}
