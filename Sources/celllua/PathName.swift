import Glibc

/// File-name arithmetic on path strings, with NSString's rules: trailing
/// slashes do not count, the root stays "/", and an extension is what
/// follows the last dot of the last component unless that dot starts it
/// (".hidden" has none).
enum PathName {
    /// `path` without trailing slashes (the root stays "/").
    private static func trimmed(_ path: String) -> Substring {
        var s = Substring(path)
        while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
        return s
    }

    static func lastComponent(_ path: String) -> String {
        let s = trimmed(path)
        if s == "/" { return "/" }
        return String(s.lastIndex(of: "/").map { s[s.index(after: $0)...] } ?? s)
    }

    /// The folder part: "" for a bare name, "/" for a name at the root.
    static func deletingLastComponent(_ path: String) -> String {
        let s = trimmed(path)
        guard let slash = s.lastIndex(of: "/") else { return "" }
        if s == "/" { return "/" }
        return slash == s.startIndex ? "/" : String(s[..<slash])
    }

    static func appending(_ path: String, _ component: String) -> String {
        if path.isEmpty { return component }
        return path.hasSuffix("/") ? path + component : path + "/" + component
    }

    static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    static func deletingExtension(_ path: String) -> String {
        let ext = pathExtension(path)
        guard !ext.isEmpty else { return String(trimmed(path)) }
        let s = trimmed(path)
        return String(s.dropLast(ext.count + 1))
    }
}

/// Writes `text` to standard error at once, unbuffered (as FileHandle did),
/// retrying on interruption.
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = write(STDERR_FILENO, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}
