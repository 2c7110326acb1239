import CCPUFeatures
import CellGeometry
import Glibc
import Synchronization

/// The threads drawing uses besides the caller's (bands of a `DrawingBatch`,
/// large fills): `Canvas.availableThreads
/// - 1` of them, started on first use and kept for the process.
///
/// Why not Dispatch's `concurrentPerform`: its threads go to sleep as soon
/// as a job is done, and waking a sleeping thread on a virtual machine
/// costs as much as a good part of a job (docs/architecture.md has the
/// figures), twice per job (the start and the join). Drawing comes in
/// bursts, so a thread here spins for `idleSpin` after a job before it
/// sleeps, and the caller spins (it does not sleep) at the join.
final class DrawingThreads: @unchecked Sendable {
    static let shared = DrawingThreads(count: Canvas.availableThreads - 1)

    /// `idleSpin` unless the embedder sets another (`Canvas.drawingThreadIdleSpin`):
    /// 20 ms, longer than a display frame, so drawing that comes back
    /// within one (the next canvas of a script, a preview drawn again, a
    /// loop of frames) finds the threads awake. A thread woken from sleep
    /// starts late and then draws slower for a while (a halted virtual CPU
    /// comes back cold; docs/architecture.md has the figures). OpenMP
    /// runtimes make the same trade for the same reason (LLVM's spins
    /// 200 ms by default).
    static let defaultIdleSpin = 0.02

    /// How long (seconds) an idle thread looks for the next job before it
    /// sleeps, yielding its core to any other thread that wants it.
    var idleSpin: Double {
        get { Double(idleSpinNanoseconds.load(ordering: .relaxed)) / 1e9 }
        set {
            let seconds = newValue.isNaN ? 0 : Swift.min(Swift.max(newValue, 0), 10)
            idleSpinNanoseconds.store(Int(seconds * 1e9), ordering: .relaxed)
        }
    }
    private let idleSpinNanoseconds: Atomic<Int>

    /// Threads besides the caller's (those that started).
    private(set) var count = 0
    /// Bumped for each job; threads wait for it to change.
    private let generation = Atomic<Int>(0)
    /// Threads still working on the current job.
    private let running = Atomic<Int>(0)
    /// One job at a time (canvases on several threads may ask at once):
    /// true while a job has the threads.
    private let owner = Atomic<Bool>(false)
    /// Whether the current job is detached (`startDetached`): its last
    /// thread to finish gives the threads back. Written with `job`.
    private var detached = false
    /// The generation of the last detached job that finished.
    private let finished = Atomic<Int>(0)
    /// The current job and how many threads take part (slots 1...helpers),
    /// written before `generation` is bumped and read after it changes.
    private var job: ((Int) -> Void)?
    private var helpers = 0
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let wake: UnsafeMutablePointer<pthread_cond_t>
    /// Threads asleep on `wake` (under `mutex`).
    private var sleeping = 0
    /// Times a thread has gone to sleep on `wake` (under `mutex`).
    private var naps = 0
    /// Bumped (under `mutex`) by `wakeUp`: sleeping threads go back to
    /// spinning without a job.
    private var nudges = 0
    /// Set by `rest`, cleared by the next job or `wakeUp`: threads that
    /// would spin for a job sleep at once instead.
    private let resting = Atomic<Bool>(false)

    /// Starts `wanted` threads (`shared` is the one drawing uses; tests make
    /// their own), which spin `idleSpin` seconds after a job. Each is named
    /// `name` and its slot ("cell-draw-1", ...: what `top -H`, `perf` and
    /// debuggers show; at most 15 bytes are kept).
    init(count wanted: Int, idleSpin: Double = DrawingThreads.defaultIdleSpin, name: String = "cell-draw") {
        idleSpinNanoseconds = Atomic(Int(idleSpin * 1e9))
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        wake = .allocate(capacity: 1)
        wake.initialize(to: pthread_cond_t())
        pthread_cond_init(wake, nil)
        // Slots are numbered 1...count without gaps: a thread that cannot be
        // started ends the numbering (a job never waits for a missing one).
        var started = 0
        for slot in 1...Swift.max(1, wanted) where wanted > 0 {
            let start = Unmanaged.passRetained(Start(threads: self, slot: slot, name: "\(name)-\(slot)")).toOpaque()
            var thread = pthread_t()
            let created = pthread_create(&thread, nil, { raw in
                let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
                DrawingThreads.nameThisThread(start.name)
                start.threads.work(slot: start.slot)
                return nil
            }, start)
            guard created == 0 else {
                Unmanaged<Start>.fromOpaque(start).release()
                break
            }
            pthread_detach(thread)
            started += 1
        }
        count = started
    }

    /// Names the calling thread, as `/proc`, `top -H`, `perf` and
    /// debuggers show it (Linux keeps 15 bytes). Best effort: nothing
    /// happens where `/proc` is not there.
    private static func nameThisThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    private final class Start {
        let threads: DrawingThreads
        let slot: Int
        let name: String
        init(threads: DrawingThreads, slot: Int, name: String) {
            (self.threads, self.slot, self.name) = (threads, slot, name)
        }
    }

    /// Runs `body(task, slot)` for each task in 0..<tasks, on the calling
    /// thread (slot 0) and up to `threads - 1` of these threads (slots
    /// 1, 2, ...), each taking the next task as it comes free, and returns
    /// when all are done. Another caller's job may be running (canvases on
    /// several threads): then the calling thread does every task. A `body`
    /// that returns false stops the handing out (tasks begun still finish).
    /// Errors stay inside `body` (callers collect them).
    func forEach(_ tasks: Int, threads: Int, _ body: (_ task: Int, _ slot: Int) -> Bool) {
        let next = Atomic<Int>(0)
        run(Swift.min(threads, tasks)) { slot in
            while true {
                let task = next.add(1, ordering: .relaxed).oldValue
                guard task < tasks else { return }
                if !body(task, slot) {
                    next.store(tasks, ordering: .relaxed)
                    return
                }
            }
        }
    }

    /// Runs `body(0)` on the calling thread and `body(1)` ... `body(k)` on
    /// k of the threads, k = min(n - 1, count), or `body(0)` alone when
    /// another caller's job is running, and returns when all have returned.
    private func run(_ n: Int, _ body: (Int) -> Void) {
        let helpers = Swift.min(n - 1, count)
        guard helpers > 0, take() else {
            body(0)
            return
        }
        defer { owner.store(false, ordering: .releasing) }
        withoutActuallyEscaping(body) { body in
            hand(body, to: helpers, detached: false)
            body(0)
            Self.spin { running.load(ordering: .acquiring) == 0 }
            job = nil
        }
    }

    private func take() -> Bool {
        owner.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    }

    /// Gives `body` to slots 1...helpers (the caller has taken the threads)
    /// and wakes those asleep. Returns the job's generation.
    @discardableResult
    private func hand(_ body: @escaping (Int) -> Void, to helpers: Int, detached: Bool) -> Int {
        job = body
        self.detached = detached
        self.helpers = helpers
        running.store(helpers, ordering: .relaxed)
        resting.store(false, ordering: .relaxed)
        let ticket = generation.add(1, ordering: .releasing).newValue
        pthread_mutex_lock(mutex)
        if sleeping > 0 { pthread_cond_broadcast(wake) }
        pthread_mutex_unlock(mutex)
        return ticket
    }

    /// Starts `body(1)` ... `body(k)` on k = min(n, count) of the threads
    /// and returns at once, without waiting: the caller goes on with other
    /// work (recording more drawing) while they run. Returns the job's
    /// ticket for `isFinished`, or nil when no thread is free (another job
    /// runs, or there are none); then nothing was started. The threads are
    /// the job's until its last one returns: other jobs meanwhile run on
    /// their caller's thread alone.
    func startDetached(_ n: Int, _ body: @escaping (Int) -> Void) -> Int? {
        let helpers = Swift.min(n, count)
        guard helpers > 0, take() else { return nil }
        return hand(body, to: helpers, detached: true)
    }

    /// Whether no job has the threads now (a hint: another caller may take them first).
    var isFree: Bool { count > 0 && !owner.load(ordering: .relaxed) }

    /// Whether the detached job `ticket` has finished (every thread of it
    /// returned, and the threads are free again).
    func isFinished(_ ticket: Int) -> Bool {
        finished.load(ordering: .acquiring) >= ticket
    }

    /// Waits (spinning: detached jobs are short) for the detached job `ticket`.
    func wait(for ticket: Int) {
        Self.spin { isFinished(ticket) }
    }

    /// Spins until `done`, giving the core away now and then: a helper that
    /// is not running (more threads than cores, a profiler that runs one
    /// thread at a time) gets to finish, where a bare spin would hold the
    /// core until the scheduler takes it.
    @inline(__always)
    private static func spin(until done: () -> Bool) {
        var spins = 0
        while !done() {
            spins &+= 1
            if spins & 4095 == 0 { sched_yield() }
        }
    }

    private func work(slot: Int) {
        var seen = 0
        while true {
            seen = nextJob(after: seen)
            guard slot <= helpers else { continue }
            let isDetached = detached // read before the job can end and another begin
            do {
                let body = job!
                body(slot)
            }
            if running.subtract(1, ordering: .acquiringAndReleasing).oldValue == 1 && isDetached {
                job = nil
                owner.store(false, ordering: .releasing)
                // `finished` only grows (a later job may have finished first).
                var known = finished.load(ordering: .relaxed)
                while known < seen {
                    let (exchanged, original) = finished.compareExchange(
                        expected: known, desired: seen, ordering: .releasing)
                    if exchanged { break }
                    known = original
                }
            }
        }
    }

    /// The threads asleep now and how many times any went to sleep, read
    /// together: the pool's own account of its idling (tests wait on it
    /// instead of reading thread states from /proc).
    var idleState: (asleep: Int, naps: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return (sleeping, naps)
    }

    /// Wakes the threads that sleep, without a job: they spin for
    /// `idleSpin` (and sleep again if no job came). Drawing is about to
    /// start (the embedder says so): a thread woken now is ready when the first
    /// job comes, instead of being woken by it, which on a virtual machine
    /// can cost more than the job (an idle CPU is also slower for a while
    /// once woken). Cheap when none sleeps.
    func wakeUp() {
        guard count > 0 else { return }
        resting.store(false, ordering: .relaxed)
        pthread_mutex_lock(mutex)
        if sleeping > 0 {
            nudges &+= 1
            pthread_cond_broadcast(wake)
        }
        pthread_mutex_unlock(mutex)
    }

    /// Tells the threads that spin waiting for a job that none is coming
    /// soon: they sleep now rather than at the end of their `idleSpin`
    /// (until the next job or `wakeUp`). The embedder says so when drawing
    /// is over and other work follows (encoding the image), which on a
    /// machine with few cores would otherwise share them with the spin.
    func rest() {
        resting.store(true, ordering: .relaxed)
    }

    /// Waits for `generation` to move past `seen`: spinning for
    /// `idleSpin` (or until `rest`), then asleep on `wake` (spinning again
    /// when woken by `wakeUp`). The spin tells the core it waits
    /// (`cl_cpu_relax`) and now and then yields it, so a long one costs
    /// other threads little.
    private func nextJob(after seen: Int) -> Int {
        while true {
            let deadline = Cancellation.now() + idleSpin
            var spins = 0
            while true {
                let g = generation.load(ordering: .acquiring)
                if g != seen { return g }
                cl_cpu_relax()
                spins &+= 1
                if spins & 255 == 0 {
                    if Cancellation.now() > deadline || resting.load(ordering: .relaxed) { break }
                    if spins & 4095 == 0 { sched_yield() }
                }
            }
            pthread_mutex_lock(mutex)
            sleeping += 1
            naps &+= 1
            let nudged = nudges
            while generation.load(ordering: .acquiring) == seen && nudges == nudged { pthread_cond_wait(wake, mutex) }
            sleeping -= 1
            pthread_mutex_unlock(mutex)
            let g = generation.load(ordering: .acquiring)
            if g != seen { return g }
        }
    }
}
