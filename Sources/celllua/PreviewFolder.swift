import FoundationEssentials
import Glibc

/// A folder of the session's own for the REPL's preview file: made by
/// `mkdtemp` in `$TMPDIR` (default `/tmp`) on first use, readable by this
/// user only. It stays when the session ends, with the last preview, for a
/// viewer still showing it (the system's temporary files are cleaned by it).
///
/// Why a folder: a fixed name in a shared `/tmp` (`celllua-preview-PID.png`)
/// could be a link another user planted there, and writing through it would
/// replace a file elsewhere. Nobody else can create anything inside a folder
/// `mkdtemp` just made with mode 0700.
final class PreviewFolder {
    private var made: String?

    /// The folder, made now if it was not.
    func path(environment: [String: String]) throws -> String {
        if let made { return made }
        var base = environment["TMPDIR"] ?? "/tmp"
        if base.isEmpty { base = "/tmp" }
        var template = Array(PathName.appending(base, "celllua-XXXXXX").utf8CString)
        guard let result = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw PreviewFolderError(message: "cannot make a folder for the preview in \(base): \(String(cString: strerror(errno)))")
        }
        let path = String(cString: result)
        made = path
        return path
    }
}

struct PreviewFolderError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
