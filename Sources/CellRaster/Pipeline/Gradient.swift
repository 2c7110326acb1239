import CellGeometry

/// A color ramp: stops at locations 0...1, interpolated in straight
/// (unpremultiplied) RGBA and premultiplied afterwards, as Core Graphics'
/// CGGradient in DeviceRGB. Before the first stop the first color holds,
/// after the last the last (the stops need not reach 0 or 1).
///
/// Immutable (but for its color-ramp cache, under a lock), so callers can share one
/// gradient between many paints, and the bands of one drawing on several
/// threads can paint with it at once.
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
        var from = 0
        return Self.color(in: stops, at: t, searchingFrom: &from)
    }

    /// `color(at:)`, looking for t's stop from `from` on and leaving it
    /// there: for t that only grow (a table), the search walks the stops
    /// once in all. The stops are sorted, so the stop found is the one a
    /// search from the first finds.
    @inline(__always)
    static func color(in stops: [Stop], at t: Double, searchingFrom from: inout Int) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if !(t > first.location) { return first.color }
        if t >= last.location { return last.color }
        // The last stop at or before t, and the one after it.
        var i = from
        while i + 1 < stops.count && stops[i + 1].location <= t { i += 1 }
        from = i
        let a = stops[i], b = stops[i + 1]
        let span = b.location - a.location
        let f = span > 0 ? (t - a.location) / span : 1
        return Color(r: a.color.r + (b.color.r - a.color.r) * f,
                     g: a.color.g + (b.color.g - a.color.g) * f,
                     b: a.color.b + (b.color.b - a.color.b) * f,
                     a: a.color.a + (b.color.a - a.color.a) * f)
    }

    /// The table for the last alpha asked for, filled as entries are
    /// needed, under a lock: one gradient can paint the bands of a drawing
    /// on several threads at once.
    private struct Ramp {
        var alpha: Double
        var words: [UInt32]
        /// Which entries of `words` are made; all of them when `complete`.
        var made: [Bool]
        var complete: Bool

        init(alpha: Double) {
            self.alpha = alpha
            words = [UInt32](repeating: 0, count: Gradient.tableSize)
            made = [Bool](repeating: false, count: Gradient.tableSize)
            complete = false
        }
    }

    private let ramp = Locked<Ramp?>(nil)

    /// Premultiplied RGBA8 words for t = i / (tableSize - 1), with `alpha`
    /// applied. The table for the last alpha is kept (one alpha per draw is
    /// the common case).
    func table(alpha: Double) -> [UInt32] {
        withRamp(alpha: alpha) { ramp in
            if !ramp.complete {
                var stop = 0
                for i in 0..<Self.tableSize where !ramp.made[i] {
                    ramp.words[i] = Self.word(in: stops, index: i, alpha: alpha, searchingFrom: &stop)
                }
                ramp.complete = true
            }
            return ramp.words
        }
    }

    /// Entry `index` of `table(alpha:)`, made alone if it is not yet: a
    /// gradient constant along rows (vertical, the usual case in a table
    /// view) needs one entry per row it paints, a few dozen of the 1024.
    func word(at index: Int, alpha: Double) -> UInt32 {
        withRamp(alpha: alpha) { ramp in
            if !ramp.made[index] {
                var stop = 0
                ramp.words[index] = Self.word(in: stops, index: index, alpha: alpha, searchingFrom: &stop)
                ramp.made[index] = true
            }
            return ramp.words[index]
        }
    }

    /// `body` with the ramp for `alpha`, under the lock (a new ramp when
    /// the alpha changed).
    private func withRamp<T>(alpha: Double, _ body: (inout Ramp) -> T) -> T {
        ramp.withLock { ramp in
            if ramp?.alpha != alpha { ramp = Ramp(alpha: alpha) }
            return body(&ramp!)
        }
    }

    @inline(__always)
    private static func word(in stops: [Stop], index: Int, alpha: Double, searchingFrom stop: inout Int) -> UInt32 {
        let color = Self.color(in: stops, at: Double(index) / Double(tableSize - 1), searchingFrom: &stop)
        return PixelBuffer.pack(color.premultiplied(alpha: alpha))
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
