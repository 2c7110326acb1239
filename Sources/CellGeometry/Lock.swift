import Glibc

/// A mutual-exclusion lock (a pthread mutex) for the few process-wide caches
/// (glyph masks, fonts, FreeType): `lock()` / `unlock()`, as NSLock offers,
/// without linking Foundation's Objective-C layer and ICU into the binary
/// (they doubled its size and its start-up time).
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    /// Takes the lock if it is free; false (without waiting) if it is not.
    public func tryLock() -> Bool { pthread_mutex_trylock(mutex) == 0 }
}

/// A value only reached under its own `Lock` (a pthread mutex, which thread
/// sanitizers understand, unlike the standard library's futex-based `Mutex`).
public final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    /// Reached only inside `withLock`, under the lock: the run-time
    /// exclusivity check each access would make adds nothing.
    @exclusivity(unchecked) private var value: Value

    public init(_ value: Value) { self.value = value }

    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
