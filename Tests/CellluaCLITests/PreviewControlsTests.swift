import CellImage
import Foundation
import Testing

/// The page's controls as the server sees them: values sent on the
/// `/events` socket render as `-D` would give them; the state lists every
/// parameter read with its value and where it came from; anything else sent
/// on the socket is ignored and the server goes on.
@Suite(.serialized) struct PreviewControlsTests {
    static let script = """
        local n = cell.param("n", 4, {min = 1, max = 9, step = 1, label = "Count"})
        local tint = cell.param("tint", "rgb(255, 0, 0)")
        local c = cell.canvas(40, 30, {background = "white"})
        c:set_fill(tint)
        for i = 1, n do c:fill_rect(i * 4, 5, 2, 10) end
        return c
        """

    private func params(_ session: PreviewSession) throws -> [[String: Any]] {
        try #require(try session.state()["params"] as? [[String: Any]])
    }

    private func send(_ socket: WebSocketClient, _ text: String) throws {
        try socket.send(opcode: 1, payload: Array(text.utf8))
    }

    @Test func valuesFromThePageRenderAsDefinesWould() throws {
        let session = try PreviewSession(script: Self.script, arguments: ["-D", "tint=#0000ff"])
        try #require(session.waitForGeneration(1))
        var list = try params(session)
        #expect(list.map { $0["name"] as? String } == ["n", "tint"])
        #expect(list[0]["value"] as? String == "4" && list[0]["from"] as? String == "default")
        #expect(list[0]["min"] as? Int == 1 && list[0]["max"] as? Int == 9 && list[0]["label"] as? String == "Count")
        #expect(list[1]["value"] as? String == "#0000ff" && list[1]["from"] as? String == "-D")
        #expect(list[1]["hex"] as? String == "#0000FF", "colors carry their hex for the color well")

        let socket = try WebSocketClient(session: session)
        #expect(socket.status == 101)
        try send(socket, ##"{"values": {"n": "7", "tint": "#00ff00"}}"##)
        try #require(session.waitForGeneration(2))
        list = try params(session)
        #expect(list[0]["value"] as? String == "7" && list[0]["from"] as? String == "page")
        #expect(list[1]["value"] as? String == "#00ff00" && list[1]["from"] as? String == "page", "over -D")
        let shown = try PNGCodec.decodeStraight(try session.get("/frame?v=&scale=2&format=png").body)
        let out = session.directory + "/expected.png"
        let r = try Celllua.run(["script.lua", "-D", "n=7", "-D", "tint=#00ff00", "-o", out], in: session.directory)
        #expect(r.status == 0, "\(r.stderr)")
        let expected = try PNGCodec.decodeStraight(try #require(FileManager.default.contents(atPath: out).map { Array($0) }))
        #expect(shown.0 == expected.0 && shown.2 == expected.2, "the frame is the render of the same -D values (\(shown.0), \(expected.0))")

        // The same values again render nothing; a name left out goes back to -D.
        try send(socket, ##"{"values": {"n": "7", "tint": "#00ff00"}}"##)
        try send(socket, #"{"values": {"n": "7"}}"#)
        try #require(session.waitForGeneration(3))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try session.generation() == 3, "one render for a change, none for a repeat")
        #expect(try params(session)[1]["value"] as? String == "#0000ff")

        // Out of range: the render's error names the parameter and the page.
        try send(socket, #"{"values": {"n": "12"}}"#)
        try #require(session.waitForGeneration(4))
        let error = try #require(try session.state()["error"] as? String)
        #expect(error.contains("script.lua:1: the page's control n=12: above the maximum 9 of parameter 'n'"), "\(error)")
    }

    /// A page (or a script posing as one) that sends values as fast as it
    /// can gets a render at a time with the latest values, not a queue of
    /// renders: 2,000 changes make far fewer renders, the last value wins.
    @Test func aFloodOfChangesIsCoalesced() throws {
        let session = try PreviewSession(script: Self.script)
        try #require(session.waitForGeneration(1))
        let socket = try WebSocketClient(session: session)
        for i in 0..<2000 { try send(socket, #"{"values": {"n": "\#(1 + i % 8)"}}"#) }
        try send(socket, #"{"values": {"n": "9"}}"#)
        let deadline = Date().addingTimeInterval(30)
        var value: String?
        repeat {
            Thread.sleep(forTimeInterval: 0.1)
            value = try params(session).first?["value"] as? String
        } while value != "9" && Date() < deadline
        #expect(value == "9", "the last value is rendered")
        let renders = try session.generation() - 1
        #expect(renders < 1000, "\(renders) renders for 2,001 changes")
        #expect(session.answers(), "and the server answers")
    }

    /// The gallery keeps the order the script gives its variants (a list of
    /// pairs, or `variant_order`), else sorts them by name.
    @Test func theGalleryInTheScriptsOrder() throws {
        let body = "\nreturn cell.canvas(10, 10, {background = cell.param('tint', '#000000')})"
        for (head, expected) in [
            (##"variants = { {"light", {tint = "#eeeeee"}}, {"dark", {tint = "#222222"}}, {"blue", {tint = "#0000ff"}} }"##,
             ["light", "dark", "blue"]),
            (#"variants = { light = {}, dark = {}, blue = {} } variant_order = {"dark", "light", "blue"}"#, ["dark", "light", "blue"]),
            (#"variants = { light = {}, dark = {}, blue = {} }"#, ["blue", "dark", "light"]),
        ] {
            let session = try PreviewSession(script: head + body)
            try #require(session.waitForGeneration(1))
            #expect(try session.state()["variants"] as? [String] == expected, "\(head)")
        }
    }

    @Test func anythingElseOnTheSocketIsIgnored() throws {
        let session = try PreviewSession(script: Self.script)
        try #require(session.waitForGeneration(1))
        let socket = try WebSocketClient(session: session)
        let junk = [
            "not json", "{}", #"{"values": 3}"#, #"{"values": {"n": 5}}"#, #"{"values": {"": "5"}}"#,
            #"{"values": {"n": "5"}"#, "[1,2]", "\u{0}\u{1}",
            #"{"values": {"# + String(repeating: "a", count: 200) + #"": "1"}}"#,
            #"{"values": {"# + (0..<300).map { "\"k\($0)\": \"1\"" }.joined(separator: ",") + "}}",
        ]
        for text in junk { try send(socket, text) }
        try socket.send(opcode: 2, payload: Array(#"{"values": {"n": "5"}}"#.utf8))
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try session.generation() == 1, "no message above is a change of values")
        // A value is only ever a parameter's text: Lua in it stays text.
        try send(socket, #"{"values": {"tint": "\"); os.exit(3) --"}}"#)
        try #require(session.waitForGeneration(2))
        let error = try #require(try session.state()["error"] as? String)
        #expect(error.contains("expected a color"), "\(error)")
        #expect(session.answers(), "the server goes on")
    }
}
