import CellImage
import CellRaster
import Foundation
import Testing

/// Output files: formats and their bytes, names, the printed paths.
@Suite struct OutputTests {
    /// A 3x2 pt canvas at scale 1 with known pixels: opaque red, half-transparent
    /// blue, transparent, white, a 25% black pixel (fractional fill) and black.
    static let script = """
        local c = cell.canvas(3, 2, {scale = 1})
        c:set_fill('red') c:fill_rect(0, 0, 1, 1)
        c:set_fill({0, 0, 1, 0.5}) c:fill_rect(1, 0, 1, 1)
        c:set_fill('white') c:fill_rect(0, 1, 1, 1)
        c:set_fill('black') c:fill_rect(1, 1, 0.25, 1) c:fill_rect(2, 1, 1, 1)
        return c
        """
    /// The same pixels, straight RGBA.
    static let expected: [UInt8] = [
        255, 0, 0, 255, 0, 0, 255, 128, 0, 0, 0, 0,
        255, 255, 255, 255, 0, 0, 0, 64, 0, 0, 0, 255,
    ]

    @Test func pngDecodesToTheDrawnPixels() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/known.lua")
        let r = try Celllua.run(["known.lua"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "known.png\n", "the default name is <stem>.png, printed on stdout")
        let (w, h, rgba) = try PNGCodec.decodeStraight(try #require(bytes(dir + "/known.png")))
        #expect(w == 3 && h == 2)
        #expect(rgba == Self.expected)
    }

    @Test func ppmIsRGBOverWhite() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/known.lua")
        let r = try Celllua.run(["known.lua", "-o", "out.ppm"], in: dir)
        #expect(r.status == 0 && r.stdout == "out.ppm\n", "\(r.stderr)")
        let ppm = try #require(bytes(dir + "/out.ppm"))
        let header = Array("P6\n3 2\n255\n".utf8)
        #expect(Array(ppm.prefix(header.count)) == header)
        #expect(Array(ppm.dropFirst(header.count)) == [
            255, 0, 0, 127, 127, 255, 255, 255, 255,
            255, 255, 255, 191, 191, 191, 0, 0, 0,
        ])
    }

    @Test func pamKeepsAlpha() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/known.lua")
        let r = try Celllua.run(["--output", "sub.pam", "known.lua"], in: dir)
        #expect(r.status == 0 && r.stdout == "sub.pam\n", "\(r.stderr)")
        let pam = try #require(bytes(dir + "/sub.pam"))
        let header = Array("P7\nWIDTH 3\nHEIGHT 2\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
        #expect(Array(pam.prefix(header.count)) == header)
        #expect(Array(pam.dropFirst(header.count)) == Self.expected)
    }

    @Test func scaleOptionAndDefaultOutputInTheCurrentDirectory() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/scripts", withIntermediateDirectories: true)
        write("cell.canvas(10, 4)", to: dir + "/scripts/wide.lua")
        let r = try Celllua.run(["--scale", "3", "scripts/wide.lua"], in: dir)
        #expect(r.status == 0 && r.stdout == "wide.png\n", "\(r.stderr)")
        let (w, h, _) = try PNGCodec.decodeStraight(try #require(bytes(dir + "/wide.png")))
        #expect(w == 30 && h == 12)
    }

    @Test func savesInsideTheScriptArePrintedInOrder() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/s", withIntermediateDirectories: true)
        write("local c = cell.canvas(2, 2)\nc:save('a.png')\nprint('between')\nc:save('b.pam')", to: dir + "/s/two.lua")
        let r = try Celllua.run(["s/two.lua"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "s/a.png\nbetween\ns/b.pam\ntwo.png\n")
        #expect(FileManager.default.fileExists(atPath: dir + "/s/a.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/s/b.pam"))
    }

    @Test func sameScriptSameBytes() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r1 = try Celllua.run([Celllua.examples + "/hello.lua", "-o", "one.png"], in: dir)
        let r2 = try Celllua.run([Celllua.examples + "/hello.lua", "-o", "two.png"], in: dir)
        #expect(r1.status == 0 && r2.status == 0, "\(r1.stderr)\(r2.stderr)")
        let one = try #require(bytes(dir + "/one.png")), two = try #require(bytes(dir + "/two.png"))
        #expect(one == two)
        write("local c = cell.canvas(50, 50) for i = 1, 40 do c:set_fill({math.random(), 0, 0}) c:fill_rect(math.random() * 50, i, 3, 1) end", to: dir + "/random.lua")
        try Celllua.run(["random.lua", "-o", "r1.png"], in: dir)
        try Celllua.run(["random.lua", "-o", "r2.png"], in: dir)
        #expect(bytes(dir + "/r1.png") == bytes(dir + "/r2.png"), "math.random is seeded deterministically")
    }

    @Test func codeWithoutAScript() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Celllua.run(["-e", "c = cell.canvas(4, 4, {background = 'blue'})"], in: dir)
        #expect(r.status == 0 && r.stdout == "out.png\n", "\(r.stderr)")
        let (_, _, rgba) = try PNGCodec.decodeStraight(try #require(bytes(dir + "/out.png")))
        #expect(Array(rgba.prefix(4)) == [0, 0, 255, 255])
        // -e runs before the script, in the same state
        write("return cell.canvas(SIZE, SIZE)", to: dir + "/sized.lua")
        let s = try Celllua.run(["-e", "SIZE = 3", "sized.lua", "--scale", "1"], in: dir)
        #expect(s.status == 0, "\(s.stderr)")
        #expect(try PNGCodec.decodeStraight(try #require(bytes(dir + "/sized.png"))).width == 3)
    }

    @Test func scriptArgumentsAfterTheSeparator() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("print(select('#', ...), arg[1], arg[2], arg[0])", to: dir + "/args.lua")
        let r = try Celllua.run(["args.lua", "--", "-o", "x y"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "2\t-o\tx y\targs.lua\n")
    }

    @Test func noCanvasWritesNothing() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("print('no drawing')", to: dir + "/plain.lua")
        let r = try Celllua.run(["plain.lua"], in: dir)
        #expect(r.status == 0 && r.stdout == "no drawing\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["plain.lua"])
        let o = try Celllua.run(["plain.lua", "-o", "x.png"], in: dir)
        #expect(o.status == 1 && o.stderr.contains("created no canvas"))
    }
}
