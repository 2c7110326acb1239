import Foundation
import Testing

/// Runs the celllua binary as a user would. The binary is `$CELLLUA_BIN`
/// (scripts/test sets it) or the release build beside this package.
///
/// `swift build --build-tests` does not rebuild the `celllua` product these
/// tests run, so after a change to Sources/ they would test the previous
/// build and pass or fail for the wrong reason. Every way a test reaches the
/// binary (`binary`, `run`) therefore throws `StaleBinary` when the binary
/// is older than the newest file under Sources/ (checked once per process).
struct Celllua {
    /// The binary's path, unchecked: use `binary`.
    static let binaryPath: String = {
        if let path = ProcessInfo.processInfo.environment["CELLLUA_BIN"] { return path }
        return packageRoot.appendingPathComponent(".build/release/celllua").path
    }()

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Why the binary cannot be trusted to be the sources' build: missing,
    /// or older than a file under Sources/.
    struct StaleBinary: Error, CustomStringConvertible {
        let description: String
    }

    /// nil when the binary exists and is at least as new as every file
    /// under Sources/ (recursively); otherwise what is wrong. Computed once.
    static let staleness: String? = {
        let files = FileManager.default
        let rebuild = "rebuild with swift build -c release --product celllua"
        guard let built = (try? files.attributesOfItem(atPath: binaryPath))?[.modificationDate] as? Date else {
            return "there is no celllua binary at \(binaryPath); \(rebuild)"
        }
        let sources = packageRoot.appendingPathComponent("Sources")
        guard let walk = files.enumerator(at: sources, includingPropertiesForKeys: [.contentModificationDateKey, .isRegularFileKey]) else {
            return "cannot list \(sources.path)"
        }
        var newest: (date: Date, path: String)?
        for case let url as URL in walk {
            guard let values = try? url.resourceValues(forKeys: [.contentModificationDateKey, .isRegularFileKey]),
                  values.isRegularFile == true, let date = values.contentModificationDate else { continue }
            if newest == nil || date > newest!.date { newest = (date, url.path) }
        }
        guard let newest, newest.date > built else { return nil }
        let relative = newest.path.hasPrefix(packageRoot.path + "/") ? String(newest.path.dropFirst(packageRoot.path.count + 1)) : newest.path
        return "the celllua binary at \(binaryPath) is older than \(relative) (modified \(newest.date), binary built \(built)); \(rebuild)"
    }()

    /// The binary to run; throws `StaleBinary` (failing the test) when it
    /// is missing or older than the sources.
    static var binary: String {
        get throws {
            if let staleness { throw StaleBinary(description: staleness) }
            return binaryPath
        }
    }

    static let examples: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples").path
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// stdout as bytes (an image written with `-o -`).
        var stdoutBytes: [UInt8] = []
        /// The run's peak resident memory in MB, when asked for (`measuringPeak`).
        var peakMB: Double?
    }

    /// Runs celllua with `arguments` in `directory`, feeding `input` (or
    /// `inputBytes`, which need not be text) on stdin,
    /// with `environment` added to this process's, killed after `timeout`
    /// seconds (a hang fails the test, never the suite). `fileSizeLimit` (KiB)
    /// runs it under bash's `ulimit -f`, the way to make writes fail as on a
    /// full disk without filling one. `measuringPeak` runs it under
    /// /usr/bin/time, which reports the peak resident memory the kernel
    /// counted for it (`Result.peakMB`).
    @discardableResult
    static func run(_ arguments: [String], in directory: String, input: String = "",
                    inputBytes: [UInt8]? = nil, environment: [String: String] = [:], timeout: Double = 30,
                    fileSizeLimit: Int? = nil, measuringPeak: Bool = false) throws -> Result {
        let binary = try binary
        let process = Process()
        let capture = NSTemporaryDirectory() + "celllua-capture-\(UUID().uuidString)"
        if measuringPeak {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.arguments = ["-f", "%M", "-o", capture + ".peak", binary] + arguments
        } else if let fileSizeLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "ulimit -f \(fileSizeLimit) && exec \"$0\" \"$@\"", binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        // Output goes to files, not pipes: nothing can block on a full pipe.
        FileManager.default.createFile(atPath: capture + ".out", contents: nil)
        FileManager.default.createFile(atPath: capture + ".err", contents: nil)
        FileManager.default.createFile(atPath: capture + ".in", contents: Data(inputBytes ?? Array(input.utf8)))
        defer {
            for ext in [".out", ".err", ".in", ".peak"] { try? FileManager.default.removeItem(atPath: capture + ext) }
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + ".out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + ".err"))
        let inp = try FileHandle(forReadingFrom: URL(fileURLWithPath: capture + ".in"))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                Issue.record("celllua \(arguments) did not finish within \(timeout) s")
                break
            }
            usleep(2000)
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        try inp.close()
        let stdout = FileManager.default.contents(atPath: capture + ".out") ?? Data()
        // /usr/bin/time writes "Command exited with non-zero status N" first
        // when it is; the number is on the last line.
        let peak = (try? String(contentsOfFile: capture + ".peak", encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: FileManager.default.contents(atPath: capture + ".err") ?? Data(), as: UTF8.self),
                      stdoutBytes: [UInt8](stdout), peakMB: peak.map { $0 / 1024 })
    }
}

/// A fresh directory for one test, removed by the caller.
func scratchDirectory() -> String {
    let path = NSTemporaryDirectory() + "celllua-cli-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func write(_ text: String, to path: String) {
    try! text.write(toFile: path, atomically: true, encoding: .utf8)
}

func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}
