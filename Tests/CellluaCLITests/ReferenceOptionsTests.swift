import Foundation
import Testing

/// docs/reference.md documents every option `celllua --help` lists (it
/// carries the help text, made by scripts/make-reference): an option added
/// to the command line without making the reference again fails here.
@Suite struct ReferenceOptionsTests {
    @Test func everyOptionOfTheHelpIsInTheReference() throws {
        let help = try Celllua.run(["--help"], in: NSTemporaryDirectory()).stdout
        let reference = try String(
            contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("docs/reference.md").path,
            encoding: .utf8)
        let options = help.split(separator: "\n").compactMap { line -> String? in
            let t = line.drop { $0 == " " }
            guard t.hasPrefix("-") else { return nil }
            return String(t.prefix { $0 != " " && $0 != "," })
        }
        #expect(options.count >= 15, "options not found in --help: \(options)")
        let missing = options.filter { option in
            !reference.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix(option) }
        }
        #expect(missing.isEmpty, "options of --help not in docs/reference.md (run scripts/make-reference): \(missing)")
    }
}
