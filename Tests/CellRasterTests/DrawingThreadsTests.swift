import FoundationEssentials
import Glibc
@testable import CellRaster
import Synchronization
import Testing

/// The drawing threads: a job reaches a thread that has gone to sleep, and
/// one that `wakeUp` woke without a job (it spins, then sleeps again).
/// Each test uses threads of its own, as other suites draw on the shared
/// ones at the same time.
@Suite struct DrawingThreadsTests {
    /// Runs two tasks that each wait (up to 4 s) for the other to start:
    /// they finish only if a second thread takes one while the calling
    /// thread holds the other. Returns the slots that ran them.
    func rendezvous(_ threads: DrawingThreads) -> [Int] {
        let started = Atomic<Int>(0)
        let slots = Mutex<[Int]>([])
        threads.forEach(2, threads: 2) { _, slot in
            started.add(1, ordering: .relaxed)
            let deadline = Cancellation.now() + 4
            while started.load(ordering: .relaxed) < 2 && Cancellation.now() < deadline {}
            if started.load(ordering: .relaxed) == 2 { slots.withLock { $0.append(slot) } }
            return true
        }
        return slots.withLock { $0.sorted() }
    }

    func idle(_ seconds: Double) { usleep(UInt32(seconds * 1e6)) }

    /// How many of this process' threads named `name` are asleep (state
    /// `S` in /proc: blocked, as on the condition variable) and how many
    /// there are.
    func asleep(_ name: String) -> (asleep: Int, threads: Int) {
        var result = (asleep: 0, threads: 0)
        guard let dir = opendir("/proc/self/task") else { return result }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let tid = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard tid.first?.isNumber == true,
                  let comm = try? String(contentsOfFile: "/proc/self/task/\(tid)/comm", encoding: .utf8),
                  comm.split(separator: "\n").first.map(String.init) == name,
                  let stat = try? String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            result.threads += 1
            if stat[stat.index(close, offsetBy: 2)] == "S" { result.asleep += 1 }
        }
        return result
    }

    /// `rendezvous` on a thread of its own, given up after 10 s (nil): a
    /// job that never reaches a thread leaves `forEach` waiting for ever,
    /// and the test must fail rather than hang.
    func rendezvousOrNil(_ threads: DrawingThreads) -> [Int]? {
        final class Box: @unchecked Sendable {
            let threads: DrawingThreads, test: DrawingThreadsTests
            let result = Mutex<[Int]?>(nil)
            init(_ threads: DrawingThreads, _ test: DrawingThreadsTests) { (self.threads, self.test) = (threads, test) }
        }
        let box = Box(threads, self)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            let slots = box.test.rendezvous(box.threads)
            box.result.withLock { $0 = slots }
            return nil
        }, Unmanaged.passRetained(box).toOpaque())
        guard started == 0 else { return nil }
        pthread_detach(thread)
        let deadline = Cancellation.now() + 10
        while Cancellation.now() < deadline {
            if let slots = box.result.withLock({ $0 }) { return slots }
            usleep(1000)
        }
        return nil
    }

    @Test func aJobReachesSleepingAndWokenThreads() {
        let spin = 0.0005
        let threads = DrawingThreads(count: 1, idleSpin: spin, name: "test-wake")
        #expect(threads.count == 1)
        #expect(rendezvousOrNil(threads) == [0, 1])
        // Long past the spin: asleep.
        idle(spin * 20)
        #expect(asleep("test-wake-1") == (1, 1))
        #expect(rendezvousOrNil(threads) == [0, 1])
        // Woken without a job, and asleep again, more than once.
        for _ in 0..<3 {
            idle(spin * 20)
            threads.wakeUp()
            idle(spin / 4)
        }
        #expect(rendezvousOrNil(threads) == [0, 1])
        threads.wakeUp()
        #expect(rendezvousOrNil(threads) == [0, 1])
    }

    /// A thread stays awake for the idle spin after a job, then sleeps; a
    /// spin set later applies from its next wait.
    @Test func threadsSpinForTheIdleSpinThenSleep() {
        let threads = DrawingThreads(count: 1, idleSpin: 0.5, name: "test-spin")
        #expect(threads.idleSpin == 0.5)
        #expect(rendezvousOrNil(threads) == [0, 1])
        idle(0.1)
        #expect(asleep("test-spin-1") == (0, 1))
        var waited = 0.0
        while asleep("test-spin-1").asleep == 0 && waited < 5 {
            idle(0.01)
            waited += 0.01
        }
        #expect(asleep("test-spin-1") == (1, 1))
        #expect(waited > 0.2)
        threads.idleSpin = 0
        #expect(rendezvousOrNil(threads) == [0, 1])
        waited = 0
        while asleep("test-spin-1").asleep == 0 && waited < 5 {
            idle(0.001)
            waited += 0.001
        }
        #expect(asleep("test-spin-1") == (1, 1))
        #expect(waited < 0.2)
        threads.idleSpin = -.nan
        #expect(threads.idleSpin == 0)
        threads.idleSpin = 1e9
        #expect(threads.idleSpin == 10)
    }
}
