import Foundation
import Testing

/// `celllua --serve` on a script in a scratch folder, on a port it picks
/// itself (`--port 0`, read back from the URL it prints), its output in
/// files. Ended with SIGKILL and its folder removed if a test ends without
/// stopping it. `fileLimit` runs it under bash's `ulimit -n`.
final class PreviewSession {
    let process = Process()
    let directory: String
    let script: String
    private(set) var port = 0
    private let capture: String

    init(script text: String, arguments: [String] = [], fileLimit: Int? = nil,
         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let binary = try Celllua.binary  // before the scratch folder is made
        directory = scratchDirectory()
        script = directory + "/script.lua"
        capture = NSTemporaryDirectory() + "celllua-serve-\(UUID().uuidString)"
        write(text, to: script)
        FileManager.default.createFile(atPath: capture + ".out", contents: nil)
        FileManager.default.createFile(atPath: capture + ".err", contents: nil)
        let serve = ["--serve", "script.lua", "--port", "0"] + arguments
        if let fileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", binary] + serve
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = serve
        }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + ".err"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let printed = waitUntil("the URL on stdout", sourceLocation: sourceLocation) { stdout.hasSuffix("/\n") }
        if printed, let url = stdout.split(separator: "\n").first, let colon = url.dropLast().lastIndex(of: ":"),
           let port = Int(url[url.index(after: colon)...].dropLast()) {
            self.port = port
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: capture + ".out")
        try? FileManager.default.removeItem(atPath: capture + ".err")
        try? FileManager.default.removeItem(atPath: directory)
    }

    var stdout: String { text(capture + ".out") }
    var stderr: String { text(capture + ".err") }

    /// Saves the script as editors do: a new file renamed over it.
    func save(_ text: String) throws {
        try replaceByRename(text, at: script)
    }

    /// Polls `condition` every 10 ms for up to `timeout` seconds; false (and
    /// an issue naming `what`) if it never held.
    @discardableResult
    func waitUntil(_ what: String, timeout: Double = 30,
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
        Issue.record("timed out waiting for \(what); stderr: \(stderr)", sourceLocation: sourceLocation)
        return false
    }

    /// Sends `signal` and returns the exit status, or nil (and an issue) if
    /// the process did not end within `timeout` seconds.
    func stop(with signal: Int32 = SIGTERM, timeout: Double = 10) -> Int32? {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                Issue.record("celllua --serve did not exit within \(timeout) s of signal \(signal)")
                return nil
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    // MARK: requests

    /// A connection to the server.
    func connect(receiveBuffer: Int? = nil) throws -> RawConnection {
        try RawConnection(port: port, receiveBuffer: receiveBuffer)
    }

    /// `GET target` on a connection of its own, read to its end.
    func get(_ target: String, headers: [String: String] = [:]) throws -> HTTPReply {
        let connection = try connect()
        var request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        try connection.send(Array((request + "\r\n").utf8))
        return HTTPReply(try connection.readToEnd(timeout: 30))
    }

    /// `/state` as JSON.
    func state() throws -> [String: Any] {
        let reply = try get("/state")
        try #require(reply.status == 200, "GET /state: \(reply.head)")
        return try #require(JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
    }

    func generation() throws -> Int { try #require(try state()["generation"] as? Int) }

    /// Whether `/state` is answered with 200 within `timeout` seconds, asked
    /// every 50 ms (a connection refused or answered 503 is asked again).
    func answers(timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? get("/state").status) == 200 { return true }
            usleep(50_000)
        }
        return false
    }

    /// Waits until renders have reached `generation`.
    @discardableResult
    func waitForGeneration(_ generation: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        waitUntil("render \(generation)", sourceLocation: sourceLocation) {
            ((try? self.generation()) ?? 0) >= generation
        }
    }

    // MARK: the process

    /// Resident memory in KiB (/proc).
    func residentKiB() -> Int {
        let status = procText("/proc/\(process.processIdentifier)/status")
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }

    /// User and system time spent so far, in seconds (/proc).
    func cpuSeconds() -> Double {
        let stat = procText("/proc/\(process.processIdentifier)/stat")
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private func text(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
}

/// A /proc file read to its end (its size says 0, and it comes a page at a
/// time: a reader that trusts the size, or reads once, sees at most a page).
func procText(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n == 0 { break }
        bytes += chunk[..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// An HTTP response, split into its status, head and body.
struct HTTPReply {
    var status = 0
    var head = ""
    var body: [UInt8] = []

    init(_ bytes: [UInt8]) {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            head = String(decoding: bytes, as: UTF8.self)
            return
        }
        head = String(decoding: bytes[..<end], as: UTF8.self)
        body = Array(bytes[(end + 4)...])
        let parts = head.split(separator: " ", maxSplits: 2)
        if parts.count > 1, let code = Int(parts[1]) { status = code }
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The value of header `name` (case-insensitive), if present.
    func header(_ name: String) -> String? {
        for line in head.split(separator: "\r\n").dropFirst() {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2, pair[0].lowercased() == name.lowercased() {
                return pair[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}

/// A TCP connection to 127.0.0.1 through plain sockets, so that a test can
/// behave as no HTTP library would: never read, stay silent, hold many.
final class RawConnection {
    let fd: Int32

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `receiveBuffer` sets SO_RCVBUF before connecting (a small one keeps
    /// what the kernel takes in for a client that never reads small).
    init(port: Int, receiveBuffer: Int? = nil) throws {
        // Close-on-exec: a server started meanwhile must not inherit it.
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            let code = errno
            Glibc.close(fd)
            throw Failure(description: "connect to port \(port): errno \(code)")
        }
    }

    deinit { Glibc.close(fd) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: errno \(errno)") }
            sent += n
        }
    }

    /// The port of this end.
    var localPort: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The TCP state of the server's end of this connection, on
    /// `serverPort` (/proc/net/tcp: "01" established, "04" closed by the
    /// server with data still unsent...), nil once it is gone. Once the
    /// server closes its end, it is not "01", however much the client has
    /// left unread.
    func serverEndState(serverPort: Int) -> String? {
        let local = String(format: ":%04X", serverPort), remote = String(format: ":%04X", localPort)
        for line in procText("/proc/net/tcp").split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            if fields.count > 3, fields[1].hasSuffix(local), fields[2].hasSuffix(remote) { return String(fields[3]) }
        }
        return nil
    }

    /// Sends as much of `bytes` as the connection takes within `timeout`
    /// seconds (a peer that stops reading fills the kernel's buffers);
    /// returns how many bytes went.
    func send(_ bytes: [UInt8], upTo timeout: Double) -> Int {
        var sent = 0
        let deadline = Date().addingTimeInterval(timeout)
        while sent < bytes.count, Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let n = bytes[sent...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if n > 0 { sent += n } else if errno != EAGAIN { break }
        }
        return sent
    }

    enum Read: Equatable {
        case bytes([UInt8])
        /// The server closed the connection (or reset it).
        case closed
        /// Nothing came within the time given.
        case nothing
    }

    /// What arrives within `timeout` seconds (at most `limit` bytes).
    func read(timeout: Double, limit: Int = 1 << 16) -> Read {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return .nothing }
        var buffer = [UInt8](repeating: 0, count: limit)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, limit, 0) }
        return n > 0 ? .bytes(Array(buffer[..<n])) : .closed
    }

    /// Everything until the server closes, waiting at most `timeout`
    /// seconds in all.
    func readToEnd(timeout: Double) throws -> [UInt8] {
        var out: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            switch read(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            case .bytes(let b): out += b
            case .closed: return out
            case .nothing: break
            }
        }
        throw Failure(description: "no end of the reply within \(timeout) s (\(out.count) bytes)")
    }

    /// Bytes until `terminator` has arrived (the end of a response head).
    func read(until terminator: String, timeout: Double) -> [UInt8] {
        var out: [UInt8] = []
        let end = Array(terminator.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, !out.indices.contains(where: { out[$0...].starts(with: end) }) {
            guard case .bytes(let b) = read(timeout: max(0.01, deadline.timeIntervalSinceNow), limit: 1) else { break }
            out += b
        }
        return out
    }
}

/// The client side of the `/events` WebSocket on a `RawConnection`: the
/// upgrade request with the Host and Origin a test chooses, then frames.
final class WebSocketClient {
    let connection: RawConnection
    /// The upgrade's response head (`HTTP/1.1 101 ...` when it went through).
    private(set) var head = ""
    private var pending: [UInt8] = []

    init(session: PreviewSession, host: String? = nil, origin: String? = nil, receiveBuffer: Int? = nil) throws {
        connection = try session.connect(receiveBuffer: receiveBuffer)
        var request = "GET /events HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(session.port)")\r\n"
            + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            + "Sec-WebSocket-Version: 13\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        try connection.send(Array((request + "\r\n").utf8))
        head = String(decoding: connection.read(until: "\r\n\r\n", timeout: 30), as: UTF8.self)
    }

    var status: Int {
        let parts = head.split(separator: " ", maxSplits: 2)
        return parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    }

    struct Frame {
        var opcode: UInt8
        var payload: [UInt8]
        var text: String { String(decoding: payload, as: UTF8.self) }
    }

    /// The next frame within `timeout` seconds; nil if none came or the
    /// connection closed (`closed` says which).
    private(set) var closed = false

    func next(timeout: Double) -> Frame? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let frame = parse() { return frame }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            switch connection.read(timeout: left) {
            case .bytes(let b): pending += b
            case .closed:
                closed = true
                return nil
            case .nothing: return nil
            }
        }
    }

    /// Sends a frame, masked as a client must.
    func send(opcode: UInt8, payload: [UInt8] = []) throws {
        precondition(payload.count < 1 << 16)
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        let masked = payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        let length: [UInt8] = payload.count < 126 ? [0x80 | UInt8(payload.count)]
            : [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        try connection.send([0x80 | opcode] + length + mask + masked)
    }

    private func parse() -> Frame? {
        guard pending.count >= 2 else { return nil }
        var length = Int(pending[1] & 0x7F)
        var start = 2
        if length == 126 {
            guard pending.count >= 4 else { return nil }
            length = Int(pending[2]) << 8 | Int(pending[3])
            start = 4
        } else if length == 127 {
            guard pending.count >= 10 else { return nil }
            length = pending[2..<10].reduce(0) { $0 << 8 | Int($1) }
            start = 10
        }
        guard pending.count >= start + length else { return nil }
        let frame = Frame(opcode: pending[0] & 0x0F, payload: Array(pending[start..<(start + length)]))
        pending.removeFirst(start + length)
        return frame
    }
}
