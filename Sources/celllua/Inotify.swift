import Glibc

/// One inotify instance (Linux): watches on directories and a non-blocking
/// read of the events queued so far. The descriptor is closed with the object.
final class Inotify {
    /// One event: the watch it came from, what happened, and the name of the
    /// entry inside the watched directory ("" for events on the directory itself).
    struct Event {
        var watch: Int32
        var mask: UInt32
        var name: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Readable when events are queued; for `poll`.
    let descriptor: Int32

    init() throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Failure(description: "cannot start inotify: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Watches the directory at `path` for `mask`; returns the watch
    /// descriptor. Watching a directory again returns its existing descriptor.
    func watch(directory path: String, mask: UInt32) throws -> Int32 {
        let wd = inotify_add_watch(descriptor, path, mask | UInt32(IN_ONLYDIR))
        guard wd >= 0 else {
            throw Failure(description: "cannot watch \(path): \(String(cString: strerror(errno)))")
        }
        return wd
    }

    func removeWatch(_ wd: Int32) {
        _ = inotify_rm_watch(descriptor, wd)
    }

    /// Every event queued now; empty when there is none (never blocks).
    func readEvents() -> [Event] {
        var events: [Event] = []
        // Room for many events at once; each is 16 bytes plus a padded name.
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return events }
            buffer.withUnsafeBytes { raw in
                var offset = 0
                // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
                while offset + 16 <= count {
                    let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let start = offset + 16
                    let end = min(start + length, count)
                    let nameBytes = raw[start..<end].prefix { $0 != 0 }
                    events.append(Event(watch: wd, mask: mask, name: String(decoding: nameBytes, as: UTF8.self)))
                    offset = start + length
                }
            }
        }
    }
}
