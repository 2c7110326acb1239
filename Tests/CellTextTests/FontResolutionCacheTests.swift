import CFontconfig
@testable import CellText
import Foundation
import Testing

/// Font names remembered across runs: an answer comes back while every
/// stamped file and folder is as it was and the environment is the same, and
/// never after one of them changed.
@Suite struct FontResolutionCacheTests {
    /// A scratch folder with a stand-in configuration file and font file.
    func scratch() throws -> (dir: String, conf: String, font: String) {
        let dir = NSTemporaryDirectory() + "celllua-fontcache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let conf = dir + "/fonts.conf", font = dir + "/Face.otf"
        try Data("<fontconfig/>".utf8).write(to: URL(fileURLWithPath: conf))
        try Data("not really a font".utf8).write(to: URL(fileURLWithPath: font))
        return (dir, conf, font)
    }

    @Test func answersSurviveARestart() throws {
        let s = try scratch()
        defer { try? FileManager.default.removeItem(atPath: s.dir) }
        // (The cache's folder made first: making it later would change the
        // stamped folder's time, as it should.)
        try FileManager.default.createDirectory(atPath: s.dir + "/cache", withIntermediateDirectories: true)
        let path = s.dir + "/cache/fonts-v1.txt"
        let file = FontCatalog.FontFile(path: s.font, index: 2)
        let first = FontResolutionCache(path: path)
        #expect(first.lookUp("Helvetica-Bold") == nil)
        first.store("Helvetica-Bold", file) { [.of(s.conf), .of(s.dir)] }
        // A new process: a fresh cache object reads the file.
        let second = FontResolutionCache(path: path)
        #expect(second.lookUp("Helvetica-Bold") == file)
        #expect(second.lookUp("Times") == nil)
    }

    @Test func aChangedFileOrFolderForgetsEverything() throws {
        let s = try scratch()
        defer { try? FileManager.default.removeItem(atPath: s.dir) }
        let path = s.dir + "/fonts-v1.txt"
        let file = FontCatalog.FontFile(path: s.font, index: 0)
        FontResolutionCache(path: path).store("Helvetica", file) { [.of(s.conf), .of(s.dir + "/fonts")] }
        #expect(FontResolutionCache(path: path).lookUp("Helvetica") == file)
        // The configuration edited (size and time change).
        try Data("<fontconfig><dir>/x</dir></fontconfig>".utf8).write(to: URL(fileURLWithPath: s.conf))
        #expect(FontResolutionCache(path: path).lookUp("Helvetica") == nil)
        // A place that did not exist appears (a user's font folder).
        let fresh = s.dir + "/fresh.txt"
        FontResolutionCache(path: fresh).store("Helvetica", file) { [.of(s.dir + "/fonts")] }
        #expect(FontResolutionCache(path: fresh).lookUp("Helvetica") == file)
        try FileManager.default.createDirectory(atPath: s.dir + "/fonts", withIntermediateDirectories: true)
        #expect(FontResolutionCache(path: fresh).lookUp("Helvetica") == nil)
        // The font file replaced in place.
        let third = s.dir + "/third.txt"
        FontResolutionCache(path: third).store("Helvetica", file) { [.of(s.conf)] }
        #expect(FontResolutionCache(path: third).lookUp("Helvetica") == file)
        try Data("another font altogether".utf8).write(to: URL(fileURLWithPath: s.font))
        #expect(FontResolutionCache(path: third).lookUp("Helvetica") == nil)
    }

    @Test func damagedFilesAreIgnored() throws {
        let s = try scratch()
        defer { try? FileManager.default.removeItem(atPath: s.dir) }
        let path = s.dir + "/fonts-v1.txt"
        // (The last: a file of the version before, whose answers the
        // resolution of today may not give: "Inter" was its italic file.)
        let font = s.dir + "/a.otf"
        try Data("a font".utf8).write(to: URL(fileURLWithPath: font))
        for text in ["", "celllua font cache 2\n", "garbage\n\u{0}\u{1}", "celllua font cache 2\nenv\tX=1\nfont\ta\tb\t0\n",
                     "celllua font cache 2\nenv\t\(FontResolutionCache.environmentKey())\nfont\tHelvetica\t/x\tnot-a-number\n",
                     "celllua font cache 2\nenv\t\(FontResolutionCache.environmentKey())\nfont\tHelvetica\t/x\t0\n",
                     "celllua font cache 1\nenv\t\(FontResolutionCache.environmentKey())\nfont\tHelvetica\t\(font)\t0\n"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(FontResolutionCache(path: path).lookUp("Helvetica") == nil, "\(text.debugDescription)")
        }
    }

    /// The file is read as bytes: names and paths beyond ASCII come back as
    /// written, and a file that is not UTF-8 is ignored like a damaged one.
    @Test func namesAndPathsBeyondASCII() throws {
        let s = try scratch()
        defer { try? FileManager.default.removeItem(atPath: s.dir) }
        let font = s.dir + "/Fonte é 字.otf"
        try Data("a font".utf8).write(to: URL(fileURLWithPath: font))
        let path = s.dir + "/fonts-v1.txt"
        let file = FontCatalog.FontFile(path: font, index: 1)
        FontResolutionCache(path: path).store("Hélvetica Neue 字体", file) { [.of(s.conf)] }
        let again = FontResolutionCache(path: path)
        #expect(again.lookUp("Hélvetica Neue 字体") == file)
        #expect(again.lookUp("Helvetica Neue 字体") == nil)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes.append(contentsOf: [0x66, 0x6F, 0x6E, 0x74, 0x09, 0xFF, 0x09, 0x2F, 0x09, 0x30, 0x0A])
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(FontResolutionCache(path: path).lookUp("Hélvetica Neue 字体") == nil)
    }

    @Test func whereItLives() {
        #expect(FontCatalog.PersistentCache.off.cache == nil)
        #expect(FontResolutionCache.standard(environment: ["HOME": "/home/d"])?.path == "/home/d/.cache/celllua/fonts-v1.txt")
        #expect(FontResolutionCache.standard(environment: ["HOME": "/home/d", "XDG_CACHE_HOME": "/c"])?.path
                == "/c/celllua/fonts-v1.txt")
        #expect(FontResolutionCache.standard(folder: "/tmp/q", environment: ["HOME": "/home/d"])?.path
                == "/tmp/q/fonts-v1.txt")
        #expect(FontResolutionCache.standard(environment: [:]) == nil)
        // The environment that steers fontconfig is part of the key.
        #expect(FontResolutionCache.environmentKey(["LANG": "ja_JP.UTF-8"]) != FontResolutionCache.environmentKey(["LANG": "C"]))
    }

    /// The system catalog answers the same with remembered answers as
    /// fontconfig does, and a second run answers without loading fontconfig.
    @Test func rememberedAnswersAreFontconfigs() throws {
        let s = try scratch()
        defer { try? FileManager.default.removeItem(atPath: s.dir) }
        let names = ["Helvetica", "Helvetica-Bold", "NimbusSans-Italic", "DejaVu Sans", "Times-Roman"]
        // A catalog of the system's configuration that counts its loads.
        final class Loads: @unchecked Sendable { var count = 0 }
        func systemCatalog(_ persistent: FontResolutionCache?, _ loads: Loads = Loads()) -> FontCatalog {
            FontCatalog(loadConfig: {
                loads.count += 1
                return FcInitLoadConfigAndFonts()
            }, persistent: persistent)
        }
        let uncached = systemCatalog(nil)
        let expected = try names.map { try uncached.resolve($0) }
        let path = s.dir + "/fonts-v1.txt"
        let first = Loads(), second = Loads()
        let firstRun = systemCatalog(FontResolutionCache(path: path), first)
        #expect(try names.map { try firstRun.resolve($0) } == expected)
        #expect(first.count == 1)
        let secondRun = systemCatalog(FontResolutionCache(path: path), second)
        #expect(try names.map { try secondRun.resolve($0) } == expected)
        #expect(second.count == 0)
        // A name that fails is not remembered: fontconfig says why.
        #expect(throws: FontError.self) { try secondRun.resolve("Celllua No Such Face") }
        #expect(second.count == 1)
    }

    /// A script asking for many names, long ones or ones holding NUL or
    /// line breaks, once filled the user's cache file without bound (100 MB,
    /// and every later run read it). The file keeps at most `maxEntries`
    /// short names, and a file past `maxFileBytes` is not read.
    @Test func theFileStaysSmall() throws {
        let s = try scratch()
        defer { try? FileManager.default.removeItem(atPath: s.dir) }
        let path = s.dir + "/fonts-v1.txt"
        let file = FontCatalog.FontFile(path: s.font, index: 0)
        let cache = FontResolutionCache(path: path)
        for i in 0..<(FontResolutionCache.maxEntries + 50) {
            cache.store("Helvetica \(i)", file) { [.of(s.conf)] }
        }
        for bad in ["Helvetica\u{0}" + String(repeating: "x", count: 100), "Helvetica\nfont\tX\t/etc/passwd\t0",
                    "Helvetica" + String(repeating: " ", count: 10_000)] {
            cache.store(bad, file) { [.of(s.conf)] }
        }
        let reread = FontResolutionCache(path: path)
        #expect(reread.lookUp("Helvetica 0") == file)
        #expect(reread.lookUp("Helvetica \(FontResolutionCache.maxEntries - 1)") == file)
        #expect(reread.lookUp("Helvetica \(FontResolutionCache.maxEntries)") == nil)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        #expect(size < 64 << 10, "\(size) bytes")
        // An oversized file (an older version's) is ignored, not parsed.
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text += String(repeating: "font\tPadding\t\(s.font)\t0\n", count: FontResolutionCache.maxFileBytes / 20)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(FontResolutionCache(path: path).lookUp("Helvetica 0") == nil)
    }

    /// A NUL cuts a name short for fontconfig: such a name is an error, not
    /// a lookup of its first part.
    @Test func aNameWithANulIsAnError() {
        #expect(throws: FontError.nulInName) { try FontCatalog.system.resolve("Helvetica\u{0}Bold") }
        #expect(throws: FontError.nulInName) { try Font(named: "fonts/x.ttf\u{0}.png", size: 12) }
    }
}
