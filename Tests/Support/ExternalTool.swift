import Foundation

/// Runs an independent reader of celllua's output (a Debian tool: pdfinfo,
/// xmllint, ffprobe, webpinfo, /usr/bin/python3 with Pillow and pypdf), all
/// installed by scripts/setup. A missing tool is an error naming the
/// package to install, so the test fails rather than skips.
public enum ExternalTool {
    public struct Output {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `tool` (a path, or a name looked up in /usr/bin, /bin and
    /// /usr/local/bin) with `arguments` in `directory`; output goes to
    /// files, not pipes, so nothing can block on a full pipe.
    public static func run(_ tool: String, _ arguments: [String], in directory: String,
                           package: String) throws -> Output {
        let candidates = tool.hasPrefix("/") ? [tool] : ["/usr/bin", "/bin", "/usr/local/bin"].map { $0 + "/" + tool }
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Missing(description: "\(tool) is missing: scripts/setup installs it (Debian package \(package))")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let capture = NSTemporaryDirectory() + "celllua-reader-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: capture + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: capture + ".err", contents: nil)
        defer { for ext in [".out", ".err"] { try? FileManager.default.removeItem(atPath: capture + ext) } }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + ".out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + ".err"))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        func text(_ ext: String) -> String {
            String(decoding: FileManager.default.contents(atPath: capture + ext) ?? Data(), as: UTF8.self)
        }
        return Output(status: process.terminationStatus, stdout: text(".out"), stderr: text(".err"))
    }
}
