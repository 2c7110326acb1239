import Foundation

/// Monotonic seconds.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

struct Timing {
    var frames: Int
    /// Seconds per frame.
    var median: Double
    var min: Double
    /// Every timed frame, in the order run (for `--samples`).
    var samples: [Double] = []
}

struct MeasurePlan {
    /// Untimed frames first (caches, allocator, lazy initialisation).
    var warmup = 3
    /// At least this many timed frames...
    var minFrames = 20
    /// ...and at least this much time, unless maxFrames comes first.
    var minSeconds = 2.0
    var maxFrames = 2000

    /// Runs `frame` after warm-up until both minimums are met and returns the
    /// median and fastest frame times.
    func run(_ frame: () throws -> Void) rethrows -> Timing {
        for _ in 0..<warmup { try frame() }
        var samples: [Double] = []
        samples.reserveCapacity(Swift.min(maxFrames, 4096))
        let start = now()
        while samples.count < maxFrames && (samples.count < minFrames || now() - start < minSeconds) {
            let t0 = now()
            try frame()
            samples.append(now() - t0)
        }
        return Timing(samples)
    }

    /// Runs `frames` in turn, one frame of each per round (the order
    /// rotating every round), until both minimums are met. This machine
    /// changes speed by up to 1.7x for seconds at a time; sides measured one
    /// after the other can land on different speeds, sides measured in
    /// turn see the same ones. `ratios[k]` is the median over rounds of
    /// frame k's time over the last frame's (the reference side).
    func runPaired(_ frames: [() throws -> Void]) throws -> Paired {
        for _ in 0..<warmup {
            for frame in frames { try frame() }
        }
        let n = frames.count
        var samples = [[Double]](repeating: [], count: n)
        var ratios = [[Double]](repeating: [], count: n)
        let start = now()
        var round = 0
        while round < maxFrames && (round < minFrames || now() - start < minSeconds) {
            var times = [Double](repeating: 0, count: n)
            for step in 0..<n {
                let k = (step + round) % n
                let t0 = now()
                try frames[k]()
                times[k] = now() - t0
            }
            for k in 0..<n {
                samples[k].append(times[k])
                ratios[k].append(times[k] / times[n - 1])
            }
            round += 1
        }
        return Paired(timings: samples.map { Timing($0) }, ratios: ratios.map { Timing($0).median })
    }
}

struct Paired {
    /// One per side, in the order given.
    var timings: [Timing]
    /// Median per side of its frame time over the last side's, by round.
    var ratios: [Double]
}

extension Timing {
    /// Median and fastest of `samples`.
    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        let n = sorted.count
        frames = n
        median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        min = sorted[0]
        self.samples = samples
    }
}

/// Peak resident set size of this process, in MiB (getrusage: KiB on Linux).
func peakRSSMiB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// Peak resident set size of this process' address space since it was
/// exec'd, in MiB (VmHWM in /proc/self/status). Unlike getrusage's
/// ru_maxrss, which Linux carries over from the parent into a child spawned
/// with fork or vfork and exec, this is the child's own. nil if unreadable.
func peakRSSOfThisImageMiB() -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let fields = line.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let kib = Double(fields[1]) else { return nil }
        return kib / 1024
    }
    return nil
}
