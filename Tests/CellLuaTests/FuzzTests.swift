import Foundation
import Testing
import CellLua

/// The API fuzzer (Tests/Fuzz/fuzz.lua) in-process, with fixed seeds: random
/// and hostile calls over the whole `cell` API must only ever raise Lua errors
/// with string messages; nothing may crash, hang or exhaust memory.
///
/// By default four seeds of 25,000 calls each (100,000 calls, about 30 s of
/// one core in a release build; the seeds run in parallel).
/// `CELLLUA_FUZZ=CALLS` sets the calls per seed for a longer run;
/// `scripts/fuzz` runs it for longer still, through the binary, in separate
/// processes.
@Suite struct FuzzTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/fuzz.lua").path

    static let callsPerSeed: Int = {
        if let text = ProcessInfo.processInfo.environment["CELLLUA_FUZZ"], let n = Int(text), n >= 1000 { return n }
        return 25_000
    }()

    @Test(arguments: [1, 2, 3, 4])
    func fixedSeed(_ seed: Int) throws {
        // The files the fuzzer writes go to a directory of this run's own,
        // removed whatever happens.
        let directory = NSTemporaryDirectory() + "celllua-fuzz-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = LuaRuntime.Options()
        options.timeout = 300
        options.maxMemory = 1 << 30
        let runtime = makeRuntime(options)
        try runtime.run(code: "FUZZ_TMPDIR = [==[\(directory)]==]")
        let calls = Self.callsPerSeed
        try runtime.run(scriptAt: Self.script, args: [String(seed), String(calls)])
        let figures = try runtime.strings("return FUZZ_CALLS_MADE, FUZZ_BAD, FUZZ_ERRORS")
        #expect(figures.count == 3)
        #expect(Int(figures[0]) ?? 0 >= calls, "calls made: \(figures[0])")
        #expect(figures[1] == "0", "non-string error values")
        #expect(Int(figures[2]) ?? 0 > 0, "the fuzzer should provoke errors")
        // It cleaned up after itself.
        let left = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(left.isEmpty, "left behind: \(left)")
    }
}
