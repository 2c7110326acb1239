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
        let threads = DrawingThreads(count: 1)
        #expect(threads.count == 1)
        #expect(rendezvousOrNil(threads) == [0, 1])
        // Long past the spin: asleep.
        idle(DrawingThreads.spinSeconds * 20)
        #expect(rendezvousOrNil(threads) == [0, 1])
        // Woken without a job, and asleep again, more than once.
        for _ in 0..<3 {
            idle(DrawingThreads.spinSeconds * 20)
            threads.wakeUp()
            idle(DrawingThreads.spinSeconds / 4)
        }
        #expect(rendezvousOrNil(threads) == [0, 1])
        threads.wakeUp()
        #expect(rendezvousOrNil(threads) == [0, 1])
    }
}
