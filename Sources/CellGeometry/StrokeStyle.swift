/// How a stroke ends its open subpaths.
public enum LineCap: String, CaseIterable, Sendable {
    /// Ends exactly at the endpoint (Core Graphics' default).
    case butt
    /// A half circle of the line's width around the endpoint.
    case round
    /// A half square: extends past the endpoint by half the width.
    case square
}

/// How a stroke turns corners.
public enum LineJoin: String, CaseIterable, Sendable {
    /// Sharp corners, cut to a bevel past the miter limit (Core Graphics' default).
    case miter
    case round
    case bevel
}

/// The line style of a stroke, with Core Graphics' defaults.
public struct StrokeStyle: Sendable, Equatable {
    /// Line width in user units (default 1).
    public var width: Double = 1
    public var cap: LineCap = .butt
    public var join: LineJoin = .miter
    /// Miter joins longer than `miterLimit * width` become bevels (default 10).
    public var miterLimit: Double = 10
    /// Alternating on/off lengths; empty means a solid line.
    public var dashes: [Double] = []
    /// How far into the dash pattern the stroke starts.
    public var dashPhase: Double = 0

    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dashes: [Double] = [], dashPhase: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashPhase = dashPhase
    }
}
