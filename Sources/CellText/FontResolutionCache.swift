internal import CFontconfig
import FoundationEssentials
import Glibc

/// Font names resolved by earlier runs, kept in a small file so that a run
/// whose fonts were all resolved before never loads fontconfig.
///
/// Why: loading fontconfig's configuration (parsing fonts.conf and its
/// conf.d files) costs a large share of a short run, far more than the
/// lookups themselves (docs/architecture.md has the figures). Designers
/// re-render many times a minute with the same few fonts.
///
/// Validity works like fontconfig's own caches: with the answers the file
/// keeps a stamp (modification time and size) of every configuration file
/// fontconfig read, of their folders, of every font folder it scanned
/// (installing or removing a font changes its folder's time) and of the user
/// configuration places that did not exist, plus the environment variables
/// that steer fontconfig (its file and path variables, `HOME`, the XDG
/// folders, the locale, which adds a language to every match). If any stamp or
/// variable differs, the whole file is ignored and rebuilt from fontconfig.
/// Only successful lookups are kept: a name that fails is looked up by
/// fontconfig every time (its message names the closest font).
///
/// Where: the folder the embedder chose (`FontCatalog.persistentCache`),
/// else `$XDG_CACHE_HOME/celllua/`, else `~/.cache/celllua/`. Failing to
/// read or write it is never an error: it is only a shortcut.
final class FontResolutionCache: @unchecked Sendable {
    /// The cache file.
    let path: String
    /// Answers loaded from a valid file, plus those added by this process.
    private var entries: [String: FontCatalog.FontFile] = [:]
    /// The stamps the loaded file was validated with (reused when adding).
    private var stamps: [Stamp] = []
    private var loaded = false

    private static let header = "celllua font cache 2"

    init(path: String) {
        self.path = path
    }

    /// The cache in `folder` (as `fonts-v1.txt`), or by default that of the
    /// current user: `$XDG_CACHE_HOME/celllua/`, else `~/.cache/celllua/`;
    /// nil when no folder for it is known.
    static func standard(folder: String? = nil,
                         environment: [String: String] = variables(["XDG_CACHE_HOME", "HOME"])) -> FontResolutionCache? {
        let dir: String
        if let folder, !folder.isEmpty {
            dir = folder
        } else if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            dir = xdg + "/celllua"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            dir = home + "/.cache/celllua"
        } else {
            return nil
        }
        return FontResolutionCache(path: dir + "/fonts-v1.txt")
    }

    /// The environment variables fontconfig's answers depend on.
    static let keyNames = ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "FC_LANG", "HOME",
                           "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE"]

    /// What the environment contributes to fontconfig's answers.
    static func environmentKey(_ environment: [String: String] = variables(keyNames)) -> String {
        keyNames.map { "\($0)=\(environment[$0] ?? "")" }.joined(separator: "\u{1F}")
    }

    /// The variables `names` that are set, read one by one with getenv
    /// (ProcessInfo's environment builds a dictionary of every variable, a
    /// measurable part of a whole run's start-up).
    static func variables(_ names: [String]) -> [String: String] {
        var out: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { out[name] = String(cString: value) }
        }
        return out
    }

    /// The remembered file for `name`, if the cache file is valid and has it.
    /// The caller holds the catalog's lock.
    func lookUp(_ name: String) -> FontCatalog.FontFile? {
        loadOnce()
        return entries[name]
    }

    /// Remembers `file` for `name` and rewrites the cache file. `config` is
    /// the loaded fontconfig configuration the answer came from (its files and
    /// folders become the stamps when the file was not valid).
    func store(_ name: String, _ file: FontCatalog.FontFile, config: OpaquePointer) {
        store(name, file) { Self.stamps(of: config) }
    }

    /// `store` with the stamps to keep if the file had none (tests give
    /// their own).
    func store(_ name: String, _ file: FontCatalog.FontFile, stamps makeStamps: () -> [Stamp]) {
        loadOnce()
        guard entries[name] != file, Self.isKeepable(name), entries.count < Self.maxEntries else { return }
        if stamps.isEmpty { stamps = makeStamps() }
        // The font file itself too: replaced in place, its folder keeps its time.
        if !stamps.contains(where: { $0.path == file.path }) { stamps.append(.of(file.path)) }
        entries[name] = file
        write()
    }

    /// Names kept, at most: a script asking for many names (a loop over
    /// generated ones) must not grow the user's cache without end. Once full,
    /// further answers are only kept for the process.
    static let maxEntries = 256
    /// Bytes of a name kept, at most.
    static let maxNameBytes = 256
    /// Bytes of a cache file read, at most: the names and their paths, and
    /// the stamps (a few hundred files and folders), fit well within.
    static let maxFileBytes = 1 << 20

    /// A name the file can hold and that is worth keeping: short, with no
    /// control characters (tabs and line breaks separate the file's fields).
    static func isKeepable(_ name: String) -> Bool {
        name.utf8.count <= maxNameBytes && !name.utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }

    // MARK: the file

    /// A file's or folder's state; `nil` time and size: it did not exist.
    struct Stamp: Equatable {
        var path: String
        var seconds: Int
        var nanoseconds: Int
        var size: Int

        static func of(_ path: String) -> Stamp {
            var info = stat()
            guard stat(path, &info) == 0 else { return Stamp(path: path, seconds: -1, nanoseconds: -1, size: -1) }
            return Stamp(path: path, seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec),
                         size: Int(info.st_size))
        }
    }

    /// Reads the file on first use (the caller holds the catalog's lock).
    private func loadOnce() {
        guard !loaded else { return }
        loaded = true
        load()
    }

    /// Parsed as bytes: tabs and line breaks are ASCII, so they never occur
    /// inside a longer UTF-8 sequence, and splitting by Character (grapheme
    /// clusters) cost a millisecond of every run for a file of a few KB.
    private func load() {
        // A file larger than the bounds allow (from elsewhere, or an older
        // version that kept any name) is ignored, and replaced at the next store.
        var info = stat()
        guard stat(path, &info) == 0, info.st_size <= Self.maxFileBytes,
              let data = FileManager.default.contents(atPath: path) else { return }
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else { return }
        func text(_ slice: ArraySlice<UInt8>) -> String { String(decoding: slice, as: UTF8.self) }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count >= 2, text(lines[0]) == Self.header, text(lines[1]) == "env\t" + Self.environmentKey() else {
            return
        }
        var stamps: [Stamp] = []
        var entries: [String: FontCatalog.FontFile] = [:]
        for line in lines.dropFirst(2) where !line.isEmpty {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map(text)
            switch fields.first {
            case "stamp" where fields.count == 5:
                guard let s = Int(fields[2]), let ns = Int(fields[3]), let size = Int(fields[4]) else { return }
                let stamp = Stamp(path: fields[1], seconds: s, nanoseconds: ns, size: size)
                // One changed file or folder invalidates every answer.
                guard Stamp.of(stamp.path) == stamp else { return }
                stamps.append(stamp)
            case "font" where fields.count == 4:
                guard let index = Int(fields[3]) else { return }
                entries[fields[1]] = FontCatalog.FontFile(path: fields[2], index: index)
            default:
                return
            }
        }
        guard !stamps.isEmpty else { return }
        self.stamps = stamps
        self.entries = entries
    }

    private func write() {
        var text = Self.header + "\nenv\t" + Self.environmentKey() + "\n"
        for stamp in stamps {
            text += "stamp\t\(stamp.path)\t\(stamp.seconds)\t\(stamp.nanoseconds)\t\(stamp.size)\n"
        }
        for name in entries.keys.sorted() {
            let file = entries[name]!
            text += "font\t\(name)\t\(file.path)\t\(file.index)\n"
        }
        let folder = Self.parent(of: path)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A temporary file renamed over the old one: a concurrent run reads
        // either file whole, never half of one.
        let temporary = path + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// Stamps for everything `config`'s answers depend on (see the type's comment).
    static func stamps(of config: OpaquePointer) -> [Stamp] {
        var paths: [String] = []
        func collect(_ list: OpaquePointer?) {
            guard let list else { return }
            defer { FcStrListDone(list) }
            while let item = FcStrListNext(list) { paths.append(String(cString: item)) }
        }
        collect(FcConfigGetConfigFiles(config))
        // conf.d and friends: a configuration file added or removed changes them.
        paths += paths.map(Self.parent(of:))
        collect(FcConfigGetFontDirs(config))
        // User configuration that may appear later (absent now: stamped as absent).
        let environment = Self.variables(["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"])
        if let home = environment["HOME"], home.hasPrefix("/") {
            let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
            let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
            paths += [configHome + "/fontconfig", configHome + "/fontconfig/fonts.conf", configHome + "/fontconfig/conf.d",
                      home + "/.fonts.conf", home + "/.fonts", dataHome + "/fonts"]
        }
        var seen: Set<String> = []
        return paths.filter { !$0.isEmpty && !$0.contains("\t") && !$0.contains("\n") && seen.insert($0).inserted }
            .map(Stamp.of)
    }

    /// The folder of an absolute path ("/" for a file at the root).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
