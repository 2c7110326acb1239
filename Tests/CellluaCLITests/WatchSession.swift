import Foundation
import Testing

/// `celllua --watch` running in the background, its output captured in files
/// (never pipes, so nothing blocks on a full pipe). Waits poll with deadlines
/// and record an issue when they run out; the process is killed if a test
/// ends without stopping it.
final class WatchSession {
    let process = Process()
    let directory: String
    private let capture: String

    init(_ arguments: [String], in directory: String) throws {
        let binary = try Celllua.binary  // before the capture files are made
        self.directory = directory
        capture = NSTemporaryDirectory() + "celllua-watch-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: capture + ".out", contents: nil)
        FileManager.default.createFile(atPath: capture + ".err", contents: nil)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--watch"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + ".err"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: capture + ".out")
        try? FileManager.default.removeItem(atPath: capture + ".err")
    }

    var stdout: String { text(capture + ".out") }
    var stderr: String { text(capture + ".err") }
    /// The lines on stdout: one per file written.
    var writtenPaths: [String] { stdout.split(separator: "\n").map(String.init) }

    /// Polls `condition` every 10 ms for up to `timeout` seconds; false (and
    /// an issue naming `what`) if it never held.
    @discardableResult
    func waitUntil(_ what: String, timeout: Double = 20,
                   sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            if !process.isRunning {
                Issue.record("celllua exited (\(process.terminationStatus)) while waiting for \(what); stderr: \(stderr)",
                             sourceLocation: sourceLocation)
                return false
            }
            usleep(10_000)
        }
        Issue.record("timed out waiting for \(what); stdout: \(stdout) stderr: \(stderr)", sourceLocation: sourceLocation)
        return false
    }

    /// Waits until `count` paths have been printed: the render that printed
    /// the last one is complete and its watches armed.
    @discardableResult
    func waitForRenders(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        waitUntil("render #\(count)", sourceLocation: sourceLocation) { writtenPaths.count >= count }
    }

    /// Sends `signal` and returns the exit status, or nil (and an issue) if
    /// the process did not end within `timeout` seconds.
    func stop(with signal: Int32, timeout: Double = 10) -> Int32? {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                Issue.record("celllua --watch did not exit within \(timeout) s of signal \(signal)")
                return nil
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func text(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
}

/// Rewrites the file at `path` in place (truncate and write, same inode), as
/// editors that do not save by rename do.
func overwrite(_ text: String, at path: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
}

/// Saves by rename, as vim and many IDEs do: a new file beside `path`,
/// renamed over it (a new inode).
func replaceByRename(_ text: String, at path: String) throws {
    let temporary = path + ".swp-new"
    try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
    #expect(rename(temporary, path) == 0)
}
