import CellGeometry
import FoundationEssentials
import Glibc

/// Writes files so that readers see the old content or the new, never a part,
/// also when the process is killed mid-write: the bytes go to a temporary
/// file beside the target, which is then renamed over the target. Any
/// failure (a full disk, a file size limit, an I/O error) removes the
/// temporary file, leaves the target as it was and throws an error naming
/// the path and the system's reason.
///
/// Not flushed to disk (`fsync`): that guards only against the machine
/// itself stopping in the seconds after a write, can cost more than encoding
/// a PNG (paid by every render, variant and watch update), and a lost
/// render is made again by
/// running the script. ext4 (the usual Linux file system) flushes a file
/// renamed over an existing one by itself.
///
/// Symbolic links: when `path` is a link, the file it points to is replaced
/// (links followed to the end, as `>` in a shell or an editor saving through a
/// link does), so the link stays a link and everything else that points to
/// the file sees the new content. A dangling link creates its target.
///
/// An existing target keeps its permission bits; a new one gets 0666 less the
/// umask. A target that exists but is not a regular file (a directory, a
/// device, a FIFO) is refused: renaming over it would replace the node itself.
///
/// Every writer of outputs goes through here: `c:save`, `-o`, variants and the
/// contact sheet, the REPL's `:save`. Missing folders on the way are made.
public enum AtomicFile {
    /// Most links followed before giving up (Linux's own limit, ELOOP).
    static let maxLinks = 40

    public static func write(_ bytes: [UInt8], to path: String) throws {
        let staged = try stage(path)
        var reason: String? = nil
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(staged.fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    reason = String(cString: strerror(errno)) // ENOSPC, EFBIG, EIO...
                    return
                }
                offset += n
            }
        }
        if close(staged.fd) != 0, reason == nil { reason = String(cString: strerror(errno)) }
        if let reason {
            staged.discard()
            throw staged.failure(reason)
        }
        try staged.commit()
    }

    /// A temporary file beside a target, made by `stage` and renamed over
    /// the target by `commit` (or removed by `discard`), for writers that
    /// fill it themselves (ffmpeg writing an MP4 by name).
    struct Staged {
        /// The temporary file, open for writing (the caller closes it).
        let fd: Int32
        let temporary: String
        /// The path with its links followed: what `commit` replaces.
        let target: String
        let path: String
        /// The permission bits the target gets.
        let mode: mode_t
        /// Folders made for it, innermost first, removed again by `discard`.
        let made: [String]

        func failure(_ reason: String) -> ImageError { .io("cannot write '\(path)': \(reason)") }

        /// Gives the temporary file its mode and renames it over the target;
        /// on failure it is removed and the error names `path`.
        func commit() throws {
            defer { AtomicFile.inProgress.withLock { _ = $0.remove(temporary) } }
            var reason: String? = nil
            if chmod(temporary, mode) != 0 { reason = String(cString: strerror(errno)) }
            if reason == nil, rename(temporary, target) != 0 { reason = String(cString: strerror(errno)) }
            if let reason {
                unlink(temporary)
                AtomicFile.removeFolders(made)
                throw failure(reason)
            }
        }

        /// Removes the temporary file and the folders made for it.
        func discard() {
            unlink(temporary)
            AtomicFile.removeFolders(made)
            AtomicFile.inProgress.withLock { _ = $0.remove(temporary) }
        }
    }

    /// Checks `path` as `write` does (links followed, a directory or device
    /// refused, missing folders made) and creates the temporary file beside
    /// its target, registered for `removeTemporaryFiles`.
    static func stage(_ path: String) throws -> Staged {
        func failure(_ reason: String) -> ImageError { .io("cannot write '\(path)': \(reason)") }
        // The system reads a path up to its first NUL: "a.txt\0.png" would write a.txt.
        guard !path.utf8.contains(0) else { throw failure("the path contains a NUL byte") }
        let target = try resolvingLinks(path, failure)
        var existing = stat()
        var mode = mode_t(0o666) & ~processUmask
        if stat(target, &existing) == 0 {
            switch existing.st_mode & S_IFMT {
            case S_IFREG: mode = existing.st_mode & 0o7777
            case S_IFDIR: throw failure("it is a directory")
            default: throw failure("it is not a regular file")
            }
        }
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        // Folders that do not exist yet are made (`-o out/b.png`), and
        // removed again if the write fails: a failed run leaves nothing.
        var folder = stat()
        var made: [String] = []
        if stat(directory, &folder) != 0 {
            made = missingFolders(directory)
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                removeFolders(made)
                throw failure("cannot create the folder '\(directory)'")
            }
        } else if folder.st_mode & S_IFMT != S_IFDIR {
            throw failure("'\(directory)' is not a folder")
        }
        var template = Array("\(directory)/.\(url.lastPathComponent).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        // Not inherited by child processes (ffmpeg, spawned while others write).
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            removeFolders(made)
            throw failure(reason)
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        inProgress.withLock { _ = $0.insert(temporary) }
        return Staged(fd: fd, temporary: temporary, target: target, path: path, mode: mode, made: made)
    }

    /// The folders of `directory`'s path that do not exist, innermost first.
    private static func missingFolders(_ directory: String) -> [String] {
        var missing: [String] = []
        var current = directory
        var info = stat()
        while !current.isEmpty, current != "/", current != ".", stat(current, &info) != 0 {
            missing.append(current)
            guard let slash = current.lastIndex(of: "/") else { break }
            current = String(current[..<slash])
        }
        return missing
    }

    /// Removes `folders` (innermost first) where they are empty.
    fileprivate static func removeFolders(_ folders: [String]) {
        for folder in folders { rmdir(folder) }
    }

    /// Temporary files being written now (each renamed into place or
    /// removed when its write ends).
    fileprivate static let inProgress = Locked<Set<String>>([])

    /// Removes the temporary files of writes under way, for a process about
    /// to end in the middle of them (`_exit` runs no cleanup).
    public static func removeTemporaryFiles() {
        for path in inProgress.withLock({ $0 }) { unlink(path) }
    }

    /// `path` with symbolic links at its end followed: what a write through
    /// it would reach. Relative link contents are read from the link's folder.
    static func resolvingLinks(_ path: String, _ failure: (String) -> ImageError) throws -> String {
        var current = path
        for _ in 0..<maxLinks {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { throw failure(String(cString: strerror(errno))) }
            let content = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if content.hasPrefix("/") {
                current = content
            } else {
                current = URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(content).path
            }
        }
        throw failure(String(cString: strerror(ELOOP)))
    }

    /// The process' umask, read once: it can only be read by setting it, and
    /// reading it again from threads writing at the same time (variants)
    /// could see the other's temporary 0.
    private static let processUmask: mode_t = {
        let mask = umask(0)
        umask(mask)
        return mask
    }()
}
