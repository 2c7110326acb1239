import CCPUFeatures
import Glibc

/// How many CPUs this process may use: the CPUs its affinity mask allows,
/// lowered to a cgroup's CPU quota rounded up when one is set (a container
/// given 1.5 CPUs of 8 gets 2), at least 1.
///
/// Why not `ProcessInfo.activeProcessorCount`: it answers the same, but
/// reads the cgroup files through Foundation's file machinery, about 3% of
/// a whole `celllua -e 'x=1'` run; this reads them with `open` and `read`
/// into a stack buffer. cgroup v2 (`0::/path` in /proc/self/cgroup, the
/// quota in `cpu.max`) and v1 (the `cpu` controller's `cpu.cfs_quota_us`
/// and `cpu.cfs_period_us`) are both read; a file that is missing or not
/// understood means no quota.
enum ProcessorCount {
    static func current() -> Int {
        var count = Int(cl_cpu_affinity_count())
        if count < 1 { count = Swift.max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
        if let quota = cgroupQuota(), quota > 0 {
            count = Swift.min(count, Swift.max(1, Int(quota.rounded(.up))))
        }
        return count
    }

    /// The CPU quota of this process' cgroup, in CPUs (nil: none set);
    /// `read` gives a file's text (the tests give made-up files).
    static func cgroupQuota(reading read: (String) -> String? = ProcessorCount.read) -> Double? {
        guard let membership = read("/proc/self/cgroup") else { return nil }
        for line in membership.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let path = String(fields[2])
            if fields[0] == "0" && fields[1].isEmpty {
                // v2: "max 100000" (no quota) or "150000 100000".
                guard let text = read("/sys/fs/cgroup" + path + "/cpu.max") else { continue }
                let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
                guard parts.count >= 2, let quota = Double(parts[0]), let period = Double(parts[1]),
                      period > 0 else { return nil }
                return quota / period
            }
            if fields[1].split(separator: ",").contains("cpu") {
                // v1: a quota of -1 means none.
                let folder = "/sys/fs/cgroup/" + fields[1] + path
                guard let quota = read(folder + "/cpu.cfs_quota_us").flatMap(number),
                      let period = read(folder + "/cpu.cfs_period_us").flatMap(number),
                      quota > 0, period > 0 else { return nil }
                return quota / period
            }
        }
        return nil
    }

    private static func number(_ text: String) -> Double? {
        text.split(whereSeparator: \.isWhitespace).first.flatMap { Double($0) }
    }

    /// A small file's text (at most 4 KiB), nil when it cannot be read.
    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
            var used = 0
            while used < buffer.count {
                let n = Glibc.read(fd, buffer.baseAddress! + used, buffer.count - used)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                used += n
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<used]), as: UTF8.self)
        }
    }
}
