import Foundation
import Testing

/// The live preview's bounds against clients that are not its page: frames
/// kept for a few scales only, the WebSocket only for the server's own
/// origin, a client that never reads dropped, connections capped and idle
/// ones closed (the page's socket kept), and a warning when `--host` opens
/// the server to the network. Each runs `celllua --serve` in a scratch
/// folder and speaks HTTP through plain sockets. What is checked is counts
/// (frames, connections refused and closed) and generous bounds on memory
/// and processor time; waits have deadlines of tens of seconds, so nothing
/// depends on the machine's speed.
@Suite struct PreviewServeHardeningTests {
    /// Two variants on a canvas big enough that a frame at scale 3 is
    /// about 2 MB of pixels.
    static let variants = """
        variants = { apple = { color = "#ff0000" }, kiwi = { color = "#00aa00" } }
        local c = cell.canvas(300, 200, {background = "white"})
        c:set_fill(cell.param("color", "#000000"))
        c:fill_rect(10, 10, 100, 60)
        return c
        """

    static let red = """
        local c = cell.canvas(40, 30, {background = "white"})
        c:set_fill("#ff0000")
        c:fill_rect(5, 5, 20, 10)
        return c
        """

    /// Noise in 2-point squares: a PNG at scale 2 of about 30 KB.
    static let noise = """
        local c = cell.canvas(200, 150, {background = "white"})
        local seed = 1
        for y = 0, 148, 2 do
          for x = 0, 198, 2 do
            seed = (seed * 1103515245 + 12345) % 2147483648
            c:set_fill(string.format("#%06x", seed % 16777216))
            c:fill_rect(x, y, 2, 2)
          end
        end
        return c
        """

    /// Under a sanitizer (scripts/test --asan, --tsan) resident memory means
    /// nothing (freed memory is held in quarantine): those checks are skipped.
    static let measuresMemory = ProcessInfo.processInfo.environment["CELLLUA_ASAN"] == nil

    /// The frames held, as `/state` tells (nil if it does not).
    static func frames(_ session: PreviewSession) throws -> Int? {
        try session.state()["frames"] as? Int
    }

    // MARK: 1. frames

    /// 40 scales asked for (any page can do it with <img> tags): the server
    /// keeps frames for 4 scales per variant, and its memory does not grow
    /// with the scales (before, each scale kept its image for good).
    @Test func framesAreKeptForTheScalesUsedLatelyOnly() throws {
        let session = try PreviewSession(script: Self.variants)
        try #require(session.waitForGeneration(1))
        let before = session.residentKiB()
        var counts: [Int?] = []
        for i in 1...40 {
            let scale = String(format: "%.2f", 3 + Double(i) / 100)
            let reply = try session.get("/frame?v=\(i % 2 == 0 ? "apple" : "kiwi")&scale=\(scale)")
            #expect(reply.status == 200 && reply.header("Content-Type") == "image/png", "scale \(scale): \(reply.head)")
            counts.append(try Self.frames(session))
        }
        #expect(!counts.contains(nil), "/state tells how many frames are held")
        let most = counts.compactMap { $0 }.max() ?? 0
        #expect(most <= 4 * 2, "at most 4 scales of each of the 2 variants held; at most \(most) were")
        let grown = session.residentKiB() - before
        // 40 frames of about 2.2 MB of pixels each held 90 MB and more.
        #expect(!Self.measuresMemory || grown < 60 * 1024, "resident memory grew by \(grown / 1024) MB over 40 scales")

        // A render draws the scales kept, and the bound holds after it.
        try session.save(Self.variants.replacingOccurrences(of: "#ff0000", with: "#0000ff"))
        try #require(session.waitForGeneration(2))
        let after = try Self.frames(session)
        #expect((after ?? .max) <= 8, "\(after.map(String.init) ?? "no count") frames held after a render")
        let page = try session.get("/frame?v=apple&scale=3.40")
        #expect(page.status == 200 && page.header("X-Generation") == "2", "a kept scale was drawn again: \(page.head)")
    }

    /// Scales are rounded to the hundredth and held to 0.01...4; anything
    /// else is a 404.
    @Test func scalesAreRoundedAndBounded() throws {
        let session = try PreviewSession(script: Self.red)
        try #require(session.waitForGeneration(1))
        let rounded = try session.get("/frame?v=&scale=2.004&download=1")
        #expect(rounded.status == 200)
        #expect(rounded.header("Content-Disposition") == "attachment; filename=\"script@2x.png\"",
                "2.004 is the frame at 2: \(rounded.head)")
        #expect(try session.get("/frame?v=&scale=4").status == 200)
        for bad in ["0", "0.004", "4.01", "5", "-1", "nan", "inf", "1e308", "two"] {
            #expect(try session.get("/frame?v=&scale=\(bad)").status == 404, "scale=\(bad) is refused")
        }
    }

    // MARK: 2. who may listen

    /// The WebSocket upgrade takes the GET handlers' Host check, and an
    /// Origin other than the server's own is refused with 403 (any site
    /// could otherwise listen to every render's errors and tracebacks).
    @Test func theWebSocketIsForTheServersOwnOriginOnly() throws {
        let session = try PreviewSession(script: Self.red)
        try #require(session.waitForGeneration(1))
        let port = session.port
        let refused: [(host: String?, origin: String?)] = [
            (nil, "http://evil.example"),
            (nil, "http://evil.example:\(port)"),
            (nil, "null"),
            (nil, "https://127.0.0.1:\(port)"),
            (nil, "http://127.0.0.1:\(port + 1)"),
            ("evil.example:\(port)", nil),
            ("evil.example:\(port)", "http://evil.example:\(port)"),
        ]
        for (host, origin) in refused {
            let socket = try WebSocketClient(session: session, host: host, origin: origin)
            #expect(socket.status == 403, "Host \(host ?? "own"), Origin \(origin ?? "none"): \(socket.head)")
            #expect(socket.next(timeout: 0.2)?.text.contains("generation") != true, "and it hears no render")
        }
        let allowed: [(host: String?, origin: String?)] = [
            (nil, nil),
            (nil, "http://127.0.0.1:\(port)"),
            (nil, "http://localhost:\(port)"),
            ("localhost:\(port)", "http://localhost:\(port)"),
            ("[::1]:\(port)", "http://[::1]:\(port)"),
        ]
        for (host, origin) in allowed {
            let socket = try WebSocketClient(session: session, host: host, origin: origin)
            #expect(socket.status == 101, "Host \(host ?? "own"), Origin \(origin ?? "none"): \(socket.head)")
            #expect(socket.next(timeout: 30)?.text.contains("\"generation\":1") == true, "and it hears the state")
        }
    }

    // MARK: 3. clients that never read

    /// Pages that never read their socket while renders push 1 MB errors:
    /// each is closed once it has a push waiting, the server's memory stays
    /// put, and it goes on answering. Before, every push was buffered for
    /// every page (16 pages, 20 renders: over 250 MB).
    @Test func aPageThatNeverReadsIsDropped() throws {
        func failing(_ n: Int) -> String {
            "local c = cell.canvas(20, 20)\nerror(string.rep(\"x\", 1000000) .. \" \(n)\")\n"
        }
        let session = try PreviewSession(script: failing(0))
        try #require(session.waitForGeneration(1))
        let sleepers = try (0..<16).map { _ in try WebSocketClient(session: session, receiveBuffer: 4096) }
        for sleeper in sleepers { #expect(sleeper.status == 101) }
        let before = session.residentKiB()
        for n in 1...20 {
            try session.save(failing(n))
            try #require(session.waitForGeneration(n + 1))
        }
        let grown = session.residentKiB() - before
        #expect(!Self.measuresMemory || grown < 100 * 1024,
                "resident memory grew by \(grown / 1024) MB over 20 pushes to 16 pages")
        let state = try session.state()
        #expect((state["error"] as? String)?.contains("x 20\n") == true, "the last render's error is the state's")

        // Each sleeper, read now, finds what the kernel held and then the end.
        var dropped = 0
        for sleeper in sleepers {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, !sleeper.closed {
                if sleeper.next(timeout: 2) == nil, !sleeper.closed { break }
            }
            if sleeper.closed { dropped += 1 }
        }
        #expect(dropped == sleepers.count, "\(dropped) of \(sleepers.count) pages that never read were closed")
    }

    /// A client that sends 5,000 requests at once and never reads the
    /// answers: the server answers while the answers drain and then waits,
    /// holding one answer, not 5,000 (before: 150 MB and more here); it
    /// answers others meanwhile, and the idle timeout closes the stalled
    /// connection.
    @Test func aClientThatNeverReadsItsAnswersIsNotBufferedFor() throws {
        let session = try PreviewSession(script: Self.noise)
        try #require(session.waitForGeneration(1))
        let png = try session.get("/frame?v=&scale=2")
        #expect(png.status == 200 && png.body.count > 20_000, "a frame of \(png.body.count) bytes")
        let before = session.residentKiB()
        let client = try session.connect(receiveBuffer: 4096)
        let request = Array("GET /frame?v=&scale=2 HTTP/1.1\r\nHost: 127.0.0.1:\(session.port)\r\n\r\n".utf8)
        let sent = client.send(Array(Array(repeating: request, count: 5000).joined()), upTo: 10)
        #expect(sent == request.count * 5000, "all 5,000 requests sent (\(sent / request.count))")
        usleep(2_000_000)  // what the server would answer, it has answered by now
        let grown = session.residentKiB() - before
        #expect(!Self.measuresMemory || grown < 50 * 1024, "resident memory grew by \(grown / 1024) MB")
        #expect(try session.get("/state").status == 200, "others are answered meanwhile")
        // Still not reading: the idle timeout closes the server's end.
        #expect(client.serverEndState(serverPort: session.port) == "01", "the server's end is found, established")
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, client.serverEndState(serverPort: session.port) == "01" { usleep(100_000) }
        #expect(client.serverEndState(serverPort: session.port) != "01", "the stalled connection is closed")
    }

    // MARK: 4. connections

    /// Under `ulimit -n 64` the cap is 16 connections: of 80 opened at
    /// once, 64 are answered 503 and closed, the server does not spin, and
    /// it answers again once they are gone.
    @Test func connectionsAreCapped() throws {
        let session = try PreviewSession(script: Self.red, fileLimit: 64)
        try #require(session.waitForGeneration(1))
        try withExtendedLifetime(try (0..<80).map { _ in try session.connect() }) { held in
            try Self.checkCap(session, held)
        }
        // Once they close, it answers (a refusal may come first: the server
        // counts the closes as it reads them).
        #expect(session.answers(), "answers again once the connections are closed")
    }

    /// 80 connections held: 64 refused, 16 open, the server idle.
    static func checkCap(_ session: PreviewSession, _ held: [RawConnection]) throws {
        var refused = Set<Int>()
        let deadline = Date().addingTimeInterval(30)
        while refused.count < 64, Date() < deadline {
            for (i, connection) in held.enumerated() where !refused.contains(i) {
                if case .bytes(let b) = connection.read(timeout: 0),
                   String(decoding: b, as: UTF8.self).hasPrefix("HTTP/1.1 503") {
                    refused.insert(i)
                }
            }
            usleep(10_000)
        }
        #expect(refused.count == 64, "\(refused.count) of 80 connections refused with 503 (the cap is 16)")
        let open = held.indices.filter { !refused.contains($0) && held[$0].read(timeout: 0) == .nothing }
        #expect(open.count == 16, "\(open.count) stay open")

        let cpu = session.cpuSeconds()
        usleep(2_000_000)
        let spent = session.cpuSeconds() - cpu
        #expect(spent < 0.5, "\(spent) s of processor time in 2 s with the cap reached")
    }

    /// Out of file descriptors (`ulimit -n 16`, where accepting fails
    /// before the cap is reached), the server pauses accepting instead of
    /// retrying at once (before: a core at 93%), and accepts again.
    @Test func failedAcceptsDoNotSpin() throws {
        let session = try PreviewSession(script: Self.red, fileLimit: 16)
        try #require(session.waitForGeneration(1))
        let held = try (0..<30).map { _ in try session.connect() }
        let spent = withExtendedLifetime(held) {
            usleep(500_000)
            let cpu = session.cpuSeconds()
            usleep(2_000_000)
            return session.cpuSeconds() - cpu
        }
        #expect(spent < 0.5, "\(spent) s of processor time in 2 s with accepts failing")
        #expect(session.answers(), "answers again once descriptors are free")
    }

    /// An HTTP connection that sends nothing, or nothing more after its
    /// answer, is closed after the idle timeout (10 s; waited for up to 60).
    @Test func silentConnectionsAreClosed() throws {
        let session = try PreviewSession(script: Self.red)
        try #require(session.waitForGeneration(1))
        let silent = try session.connect()
        let answered = try session.connect()
        try answered.send(Array("GET /state HTTP/1.1\r\nHost: 127.0.0.1:\(session.port)\r\n\r\n".utf8))
        let reply = answered.read(until: "\r\n\r\n", timeout: 30)
        #expect(String(decoding: reply, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        let start = Date()
        for connection in [silent, answered] {
            var end = RawConnection.Read.nothing
            while Date().timeIntervalSince(start) < 60 {
                end = connection.read(timeout: 1)
                if end == .closed { break }
            }
            #expect(end == .closed, "a silent connection is closed")
        }
        #expect(Date().timeIntervalSince(start) >= 5, "not before the idle timeout")
    }

    /// A page's WebSocket outlives the idle timeout: the server pings it,
    /// the client answers, and it still hears the next render.
    @Test func aListeningPageStaysConnected() throws {
        let session = try PreviewSession(script: Self.red)
        try #require(session.waitForGeneration(1))
        let page = try WebSocketClient(session: session, origin: "http://127.0.0.1:\(session.port)")
        try #require(page.status == 101)
        var pings = 0
        let quiet = Date().addingTimeInterval(25)  // two idle periods and more
        while Date() < quiet {
            guard let frame = page.next(timeout: max(0.01, quiet.timeIntervalSinceNow)) else {
                #expect(!page.closed, "the server closed a page that answers its pings")
                if page.closed { return }
                continue
            }
            if frame.opcode == 0x9 {
                pings += 1
                try page.send(opcode: 0xA, payload: frame.payload)
            }
        }
        #expect(pings >= 1, "the server pinged the quiet page")
        try session.save(Self.red.replacingOccurrences(of: "#ff0000", with: "#0000ff"))
        var heard = false
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !heard, let frame = page.next(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            if frame.opcode == 0x9 { try page.send(opcode: 0xA, payload: frame.payload) }
            heard = frame.opcode == 0x1 && frame.text.contains("\"generation\":2")
        }
        #expect(heard, "the page hears the render after 25 s of quiet")
    }

    // MARK: 5. --host

    /// Serving on an address other than loopback warns once, on stderr;
    /// loopback does not. Off loopback any Host is answered, and the
    /// WebSocket still takes only pages from the address it was reached at.
    @Test func aHostOtherThanLoopbackWarns() throws {
        let open = try PreviewSession(script: Self.red, arguments: ["--host", "0.0.0.0"])
        try #require(open.waitForGeneration(1))
        #expect(open.stderr.components(separatedBy: "warning").count == 2, "one warning: \(open.stderr)")
        #expect(open.stderr.contains("--host 0.0.0.0 is not loopback: anyone on the network"))
        #expect(open.stderr.contains("error messages and tracebacks"))
        // Reached through any address, its socket is for pages from that address.
        #expect(try WebSocketClient(session: open, origin: "http://127.0.0.1:\(open.port)").status == 101)
        #expect(try WebSocketClient(session: open, origin: "http://evil.example").status == 403)
        #expect(open.stop() == 0)

        let loopback = try PreviewSession(script: Self.red, arguments: ["--host", "127.0.0.1"])
        try #require(loopback.waitForGeneration(1))
        #expect(loopback.stderr.isEmpty, "no warning on loopback: \(loopback.stderr)")
        #expect(loopback.stop() == 0)
    }
}
