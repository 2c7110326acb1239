import Foundation
import Testing

/// Independent readers of what celllua writes: Debian's tools (pdfinfo,
/// xmllint, ffprobe, webpinfo) and its python3 with Pillow and pypdf, all
/// installed by scripts/setup. A missing one fails the test with the
/// package to install, never skips it.
enum Reader {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `tool` (found on PATH) with `arguments` in `directory`.
    static func run(_ tool: String, _ arguments: [String], in directory: String,
                    package: String) throws -> Output {
        guard let path = ["/usr/bin", "/bin", "/usr/local/bin"].map({ $0 + "/" + tool })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            Issue.record("\(tool) is missing: scripts/setup installs it (Debian package \(package))")
            throw CocoaError(.fileNoSuchFile)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let capture = NSTemporaryDirectory() + "celllua-reader-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: capture + ".out", contents: nil)
        FileManager.default.createFile(atPath: capture + ".err", contents: nil)
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

    /// Runs `code` in Debian's python3 (Pillow: python3-pil, pypdf:
    /// python3-pypdf) in `directory`; its standard output, trimmed.
    static func python(_ code: String, in directory: String) throws -> String {
        let r = try run("python3", ["-c", code], in: directory, package: "python3-pil python3-pypdf")
        #expect(r.status == 0, "python3: \(r.stderr)")
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// pdfinfo's "Pages:" of `file`.
    static func pageCount(_ file: String, in directory: String) throws -> Int? {
        let r = try run("pdfinfo", [file], in: directory, package: "poppler-utils")
        return r.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") }
            .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
    }
}
