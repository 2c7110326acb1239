import FoundationEssentials
@testable import CellRaster
import Testing

/// The CPUs the drawing threads are sized by: the same count Foundation
/// gives, and each kind of cgroup quota read from its files.
@Suite struct ProcessorCountTests {
    @Test func countsWhatFoundationCounts() {
        #expect(ProcessorCount.current() == ProcessInfo.processInfo.activeProcessorCount)
        #expect(Canvas.availableThreads == min(Canvas.processorCount, 8))
    }

    /// Files as a made-up /proc and /sys would hold them.
    func quota(_ files: [String: String]) -> Double? {
        ProcessorCount.cgroupQuota(reading: { files[$0] })
    }

    @Test func readsACgroupV2Quota() {
        let membership = ["/proc/self/cgroup": "0::/box\n"]
        #expect(quota(membership.merging(["/sys/fs/cgroup/box/cpu.max": "150000 100000\n"]) { $1 }) == 1.5)
        #expect(quota(membership.merging(["/sys/fs/cgroup/box/cpu.max": "max 100000\n"]) { $1 }) == nil)
        #expect(quota(membership) == nil)
    }

    @Test func readsACgroupV1Quota() {
        let membership = ["/proc/self/cgroup": "4:memory:/x\n2:cpu,cpuacct:/box\n0::/\n"]
        let folder = "/sys/fs/cgroup/cpu,cpuacct/box/"
        #expect(quota(membership.merging([folder + "cpu.cfs_quota_us": "50000\n",
                                          folder + "cpu.cfs_period_us": "100000\n"]) { $1 }) == 0.5)
        #expect(quota(membership.merging([folder + "cpu.cfs_quota_us": "-1\n",
                                          folder + "cpu.cfs_period_us": "100000\n"]) { $1 }) == nil)
    }

    @Test func noMembershipMeansNoQuota() {
        #expect(quota([:]) == nil)
        #expect(quota(["/proc/self/cgroup": "garbage"]) == nil)
    }
}
