import CellGeometry
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
        // CellGeometry's Locked (a pthread mutex, which ThreadSanitizer
        // sees), not Synchronization's Mutex, whose lock it cannot see.
        let slots = Locked<[Int]>([])
        threads.forEach(2, threads: 2) { _, slot in
            started.add(1, ordering: .relaxed)
            let deadline = Cancellation.now() + 4
            while started.load(ordering: .relaxed) < 2 && Cancellation.now() < deadline {}
            if started.load(ordering: .relaxed) == 2 { slots.withLock { $0.append(slot) } }
            return true
        }
        return slots.withLock { $0.sorted() }
    }

    /// Waits (polling, up to 10 s: a guard against hanging, not a
    /// measure) until `condition` holds; false if it never did.
    func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Cancellation.now() + 10
        while !condition() {
            if Cancellation.now() > deadline { return false }
            usleep(1000)
        }
        return true
    }

    /// `rendezvous` on a thread of its own, given up after 10 s (nil): a
    /// job that never reaches a thread leaves `forEach` waiting for ever,
    /// and the test must fail rather than hang.
    func rendezvousOrNil(_ threads: DrawingThreads) -> [Int]? {
        final class Box: @unchecked Sendable {
            let threads: DrawingThreads, test: DrawingThreadsTests
            let result = Locked<[Int]?>(nil)
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

    /// Whether a thread is asleep is read from the pool's own count
    /// (`idleState`), and waited for rather than expected after a pause:
    /// a loaded machine may run the spinning thread late, but cannot make
    /// the count wrong.
    @Test func aJobReachesSleepingAndWokenThreads() throws {
        let threads = DrawingThreads(count: 1, idleSpin: 0.0005, name: "test-wake")
        #expect(threads.count == 1)
        #expect(rendezvousOrNil(threads) == [0, 1])
        // Past the spin: asleep, and a job reaches it.
        #expect(eventually { threads.idleState.asleep == 1 })
        #expect(rendezvousOrNil(threads) == [0, 1])
        // Woken without a job, and asleep again, more than once (a nap counted
        // after the nudge is the thread going back to sleep).
        for round in 0..<3 {
            #expect(eventually { threads.idleState.asleep == 1 }, "round \(round)")
            let naps = threads.idleState.naps
            threads.wakeUp()
            #expect(eventually { threads.idleState.naps > naps }, "round \(round): never slept again")
        }
        #expect(rendezvousOrNil(threads) == [0, 1])
        // A job right after a nudge, whether it finds the thread still
        // asleep, spinning or asleep again.
        #expect(eventually { threads.idleState.asleep == 1 })
        threads.wakeUp()
        #expect(rendezvousOrNil(threads) == [0, 1])
    }

    /// A thread sleeps after a job once its spin is over, every time (the
    /// count of naps grows by one a job), and the spin is clamped. How long
    /// it spins first is wall-clock behaviour and not asserted here.
    @Test func threadsSleepAfterTheirSpinAndTheSpinIsClamped() {
        let threads = DrawingThreads(count: 1, idleSpin: 0.001, name: "test-spin")
        #expect(threads.idleSpin == 0.001)
        // Started, it looks for a job for its spin, then sleeps: one nap.
        #expect(eventually { threads.idleState == (1, 1) }, "\(threads.idleState)")
        for job in 1...3 {
            #expect(rendezvousOrNil(threads) == [0, 1])
            #expect(eventually { threads.idleState == (1, job + 1) }, "job \(job): \(threads.idleState)")
        }
        threads.idleSpin = 0
        #expect(rendezvousOrNil(threads) == [0, 1])
        #expect(eventually { threads.idleState == (1, 5) }, "\(threads.idleState)")
        threads.idleSpin = -.nan
        #expect(threads.idleSpin == 0)
        threads.idleSpin = 1e9
        #expect(threads.idleSpin == 10)
    }

    /// `rest` ends a spin that would otherwise go on for seconds: the
    /// thread sleeps (within 3 s here, where its spin is 10 s), also when
    /// `rest` comes before the thread is back from its job, and the next job
    /// still reaches it.
    @Test func restSendsASpinningThreadToSleep() {
        let threads = DrawingThreads(count: 1, idleSpin: 10, name: "test-rest")
        func asleepSoon() -> Bool {
            let deadline = Cancellation.now() + 3
            while threads.idleState.asleep == 0 {
                if Cancellation.now() > deadline { return false }
                usleep(1000)
            }
            return true
        }
        #expect(rendezvousOrNil(threads) == [0, 1])
        threads.rest()
        #expect(asleepSoon(), "\(threads.idleState)")
        #expect(rendezvousOrNil(threads) == [0, 1])
        threads.rest()
        #expect(asleepSoon(), "\(threads.idleState)")
        // woken, it spins again until told to rest
        threads.wakeUp()
        #expect(eventually { threads.idleState.asleep == 0 })
        threads.rest()
        #expect(asleepSoon(), "\(threads.idleState)")
    }
}
