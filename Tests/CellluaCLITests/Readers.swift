import CellTestSupport
import Foundation
import Testing

/// Independent readers of what celllua writes: Debian's tools (pdfinfo,
/// xmllint, ffprobe, webpinfo) and its python3 with Pillow and pypdf, all
/// installed by scripts/setup. A missing one fails the test with the
/// package to install, never skips it.
enum Reader {
    typealias Output = ExternalTool.Output

    /// Runs `tool` (found on PATH) with `arguments` in `directory`.
    static func run(_ tool: String, _ arguments: [String], in directory: String,
                    package: String) throws -> Output {
        try ExternalTool.run(tool, arguments, in: directory, package: package)
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
