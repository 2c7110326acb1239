import Glibc

/// A deadline that long drawing operations watch, so that a caller's time limit
/// stops drawing near its deadline even inside one huge fill, blur or layer
/// composite: the compositor looks at the clock once per 64K pixels painted
/// (about a millisecond of the slowest blend), the blur once per 64K samples;
/// past the deadline they stop painting and return early. The caller (the Lua
/// binding) then reports the timeout; what was drawn is abandoned with the
/// failed run. Without a deadline (the default) nothing is checked at all.
public final class Cancellation {
    /// CLOCK_MONOTONIC seconds after which drawing stops; infinity: never.
    /// Without run-time exclusivity checks (one per drawing call and band
    /// otherwise): set by the embedder before it draws, only read while
    /// drawing, never passed inout.
    @exclusivity(unchecked) public var deadline: Double = .infinity

    public init() {}

    /// True when a deadline is set: only then is anything checked.
    public var isArmed: Bool { deadline.isFinite }

    public var isPastDeadline: Bool { deadline.isFinite && Self.now() > deadline }

    /// Seconds on the monotonic clock (the one Lua's timeout hook uses).
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Work (pixels, samples) between two looks at the clock.
    static let checkInterval = 1 << 16

    /// A counter for one loop: `spend(n)` is true once the deadline has
    /// passed (and stays true), looking at the clock once per `checkInterval`.
    struct Meter {
        let cancellation: Cancellation?
        private var budget = Cancellation.checkInterval
        private(set) var stopped = false

        init(_ cancellation: Cancellation?) {
            self.cancellation = cancellation?.isArmed == true ? cancellation : nil
        }

        @inline(__always)
        mutating func spend(_ work: Int) -> Bool {
            guard let cancellation else { return false }
            if stopped { return true }
            budget -= work
            if budget <= 0 {
                budget = Cancellation.checkInterval
                stopped = cancellation.isPastDeadline
            }
            return stopped
        }
    }
}
