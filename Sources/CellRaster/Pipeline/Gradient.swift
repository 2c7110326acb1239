import CellGeometry

/// A color ramp: stops at locations 0...1, interpolated in straight
/// (unpremultiplied) RGBA and premultiplied afterwards, as Core Graphics'
/// CGGradient in DeviceRGB. Before the first stop the first color holds,
/// after the last the last (the stops need not reach 0 or 1).
///
/// Immutable (but for its color-ramp cache, under a lock), so callers can share one
/// gradient between many paints, and the pieces of one drawing on several
/// threads (`Canvas.drawDisjoint`) can paint with it at once.
public final class Gradient {
    public struct Stop: Equatable, Sendable {
        public var location: Double
        public var color: Color

        public init(location: Double, color: Color) {
            self.location = location
            self.color = color
        }
    }

    /// Sorted by location (stable, so equal locations keep their order and
    /// make a hard step).
    public let stops: [Stop]

    /// Entries in a lookup table: 1024 steps keep the position error (at most
    /// 1/2046 of the ramp) far below one 8-bit level even for a black-to-white
    /// ramp, so the table adds no banding beyond 8-bit quantisation.
    static let tableSize = 1024

    /// Stops in any order; throws for none, or a location outside 0...1.
    public init(stops: [Stop]) throws {
        guard !stops.isEmpty else { throw PaintError.invalid("a gradient needs at least one stop") }
        for (i, s) in stops.enumerated() where !(s.location >= 0 && s.location <= 1) {
            throw PaintError.invalid("gradient stop \(i + 1) has location \(s.location), expected 0..1")
        }
        self.stops = stops.enumerated().sorted { l, r in
            l.element.location != r.element.location ? l.element.location < r.element.location : l.offset < r.offset
        }.map(\.element)
    }

    /// The straight color at `t` (clamped to the stops).
    public func color(at t: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if !(t > first.location) { return first.color }
        if t >= last.location { return last.color }
        // The last stop at or before t, and the one after it.
        var i = 0
        while i + 1 < stops.count && stops[i + 1].location <= t { i += 1 }
        let a = stops[i], b = stops[i + 1]
        let span = b.location - a.location
        let f = span > 0 ? (t - a.location) / span : 1
        return Color(r: a.color.r + (b.color.r - a.color.r) * f,
                     g: a.color.g + (b.color.g - a.color.g) * f,
                     b: a.color.b + (b.color.b - a.color.b) * f,
                     a: a.color.a + (b.color.a - a.color.a) * f)
    }

    /// The last table built and its alpha, under a lock: one gradient can
    /// paint pieces drawn on several threads (`Canvas.drawDisjoint`).
    private let cache = Locked<(alpha: Double, table: [UInt32])>((-1, []))

    /// Premultiplied RGBA8 words for t = i / (tableSize - 1), with `alpha`
    /// applied. The last table built is kept (one alpha per draw is the
    /// common case).
    func table(alpha: Double) -> [UInt32] {
        cache.withLock { cached in
            if cached.alpha != alpha { cached = (alpha, makeTable(alpha: alpha)) }
            return cached.table
        }
    }

    private func makeTable(alpha: Double) -> [UInt32] {
        let n = Self.tableSize
        var words = [UInt32](repeating: 0, count: n)
        for i in 0..<n {
            words[i] = PixelBuffer.pack(color(at: Double(i) / Double(n - 1)).premultiplied(alpha: alpha))
        }
        return words
    }
}

/// Errors in paint descriptions (gradients, shadows, images).
public enum PaintError: Error, CustomStringConvertible, Equatable {
    case invalid(String)

    public var description: String {
        switch self {
        case .invalid(let s): return s
        }
    }
}
