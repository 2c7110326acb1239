import FoundationEssentials
import Glibc
import Glibc

/// The directories the watch loop watches, and in each the names that matter.
///
/// Directories rather than files: an editor that saves by writing a new file
/// and renaming it over the old one (vim, many IDEs) replaces the inode, and a
/// watch on the old file would see nothing more. A watch on the parent sees
/// the rename, and events are then filtered by name.
struct DirectoryWatches {
    /// Every way a file can get new contents: written and closed, renamed into
    /// place, created, deleted, renamed away. Plain writes (IN_MODIFY) are left
    /// out so that a file is not read while it is half written.
    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)

    /// The files watched (absolute paths).
    private(set) var files: Set<String> = []
    private var names: [Int32: Set<String>] = [:]
    private var unwatchable: Set<String> = []

    var directoryCount: Int { names.count }

    /// Watches the directories of `newFiles`: after a good render exactly
    /// those; after a failed one (`keepingOld`) those added to the ones already
    /// watched, since a failed run may have stopped before loading some of
    /// them. Returns a warning for each directory that newly cannot be watched.
    mutating func update(files newFiles: Set<String>, keepingOld: Bool, inotify: Inotify) -> [String] {
        files = keepingOld ? files.union(newFiles) : newFiles
        var wanted: [String: Set<String>] = [:]
        for file in files {
            for (directory, name) in Self.locations(of: file) {
                wanted[directory, default: []].insert(name)
            }
        }
        var watched: [Int32: Set<String>] = [:]
        var warnings: [String] = []
        var failed: Set<String> = []
        for (directory, entries) in wanted.sorted(by: { $0.key < $1.key }) {
            do {
                // Idempotent: a directory already watched keeps its descriptor
                // and no event is lost.
                let wd = try inotify.watch(directory: directory, mask: Self.mask)
                watched[wd, default: []].formUnion(entries)
            } catch {
                failed.insert(directory)
                if !unwatchable.contains(directory) { warnings.append("celllua: \(error)") }
            }
        }
        for wd in names.keys where watched[wd] == nil {
            inotify.removeWatch(wd)
        }
        names = watched
        unwatchable = failed
        return warnings
    }

    /// Whether `event` means a watched file may have changed. A queue overflow
    /// counts (events were lost), and so does a watched directory vanishing.
    mutating func matters(_ event: Inotify.Event) -> Bool {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            return names.removeValue(forKey: event.watch) != nil
        }
        return names[event.watch]?.contains(event.name) ?? false
    }

    /// The (directory, name) pairs to watch for `file`: its own, and those of
    /// its real path when symbolic links lead elsewhere (a linked file or a
    /// linked directory), so that edits at either end are seen.
    static func locations(of file: String) -> [(String, String)] {
        let own = (PathName.deletingLastComponent(file), PathName.lastComponent(file))
        var result = [own]
        let real: String?
        if let path = realPath(file) {
            real = path
        } else if let directory = realPath(own.0) {
            real = directory == "/" ? "/" + own.1 : directory + "/" + own.1
        } else {
            real = nil
        }
        if let real, real != file {
            result.append((PathName.deletingLastComponent(real), PathName.lastComponent(real)))
        }
        return result
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
