import Foundation
import Testing

/// scripts/install puts the binary, the man page celllua(1), the bash, zsh
/// and fish completions and types/cell.lua under a PREFIX; `--uninstall`
/// removes them. The binary under test is installed with `--binary` (no
/// second build) into a temporary PREFIX whose name has a space.
@Suite struct InstallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static let installed = [
        "bin/celllua",
        "share/man/man1/celllua.1",
        "share/bash-completion/completions/celllua",
        "share/zsh/site-functions/_celllua",
        "share/fish/vendor_completions.d/celllua.fish",
        "share/celllua/types/cell.lua",
        "share/doc/celllua/reference.md",
    ]

    /// Runs `arguments[0]` from the repository root; stdout and stderr together.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func installsEveryFileThenUninstallsThem() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let prefix = dir + "/pre fix"
        let install = try Self.run(["bash", "scripts/install", "--binary", try Celllua.binary, prefix])
        try #require(install.status == 0, "\(install.output)")
        for file in Self.installed {
            let path = prefix + "/" + file
            #expect(FileManager.default.fileExists(atPath: path), "not installed: \(path)")
            #expect(install.output.split(separator: "\n").contains(Substring(path)), "not printed: \(path)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/celllua"))

        let version = try Self.run([prefix + "/bin/celllua", "--version"])
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("celllua "), "\(version.output)")

        // The man page: its sections, every option of --help, the exit
        // statuses, the environment, the installed types and the examples.
        let page = try String(contentsOfFile: prefix + "/share/man/man1/celllua.1", encoding: .utf8)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS",
                        "EXAMPLES", "SEE ALSO"] {
            #expect(page.contains("\n.Sh \(section)\n"), "no \(section) section")
        }
        let help = try Celllua.run(["--help"], in: dir).stdout
        let options = help.split(separator: "\n").compactMap { line -> String? in
            let t = line.drop { $0 == " " }
            guard t.hasPrefix("-") else { return nil }
            return String(t.prefix { $0 != " " && $0 != "," })
        }
        #expect(options.count >= 15, "options not found in --help: \(options)")
        let items = page.split(separator: "\n").filter { $0.hasPrefix(".It ") }
        for option in options {
            // -o is `Fl o`, --scale `Fl \-scale` (an ASCII minus for copying).
            let mdoc = option.hasPrefix("--") ? "Fl \\-" + option.dropFirst(2) : "Fl " + option.dropFirst()
            #expect(items.contains { $0.contains(mdoc + " ") || $0.hasSuffix(mdoc) },
                    "option \(option) of --help not in the man page")
        }
        for status in ["0", "1", "2"] {
            #expect(items.contains(Substring(".It \(status)")), "exit status \(status) not in the man page")
        }
        for variable in ["CELLLUA_THREADS", "CELLLUA_FONT_CACHE", "CELLLUA_CACHE_DIR", "CELLLUA_HISTORY"] {
            #expect(items.contains(Substring(".It Ev \(variable)")), "\(variable) not in the man page")
        }
        #expect(items.contains { $0.hasPrefix(".It Pa") && $0.hasSuffix("pre fix/share/celllua/types/cell.lua\"") })
        #expect(items.contains(".It Pa ~/.celllua_history"))
        let examples = help.split(separator: "\n").filter { $0.hasPrefix("  celllua ") }
        #expect(examples.count >= 5)
        #expect(items.filter { $0.hasPrefix(".It Ic \\&celllua ") }.count == examples.count)
        // It renders: groff (groff-base, scripts/setup) warns about bad mdoc on stderr.
        let render = try Self.run(["groff", "-mandoc", "-Tutf8", "-ww", "-z", prefix + "/share/man/man1/celllua.1"])
        #expect(render.status == 0 && render.output.isEmpty, "groff: \(render.output)")

        // The completion scripts, from the binary's swift-argument-parser.
        let bash = try Self.run(["bash", "-n", prefix + "/share/bash-completion/completions/celllua"])
        #expect(bash.status == 0, "not valid bash: \(bash.output)")
        let zsh = try String(contentsOfFile: prefix + "/share/zsh/site-functions/_celllua", encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef celllua"))
        let fish = try String(contentsOfFile: prefix + "/share/fish/vendor_completions.d/celllua.fish", encoding: .utf8)
        #expect(fish.contains("complete -c 'celllua'"))

        // Another program's page beside ours stays, with its folder.
        write("other", to: prefix + "/share/man/man1/other.1")
        let uninstall = try Self.run(["bash", "scripts/install", "--uninstall", prefix])
        #expect(uninstall.status == 0, "\(uninstall.output)")
        for file in Self.installed {
            #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "left behind: \(file)")
            #expect(uninstall.output.contains("removed \(prefix)/\(file)"))
        }
        // The folders the install made under share/ go when left empty.
        let left = try FileManager.default.subpathsOfDirectory(atPath: prefix + "/share").sorted()
        #expect(left == ["man", "man/man1", "man/man1/other.1"], "\(left)")
    }

    @Test func aMissingBinaryInstallsNothing() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Self.run(["bash", "scripts/install", "--binary", dir + "/nothing", dir + "/prefix"])
        #expect(r.status != 0)
        #expect(r.output.contains("no executable at"), "\(r.output)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/prefix"))
    }
}
