import CellImage
import Foundation
import Testing

/// `-D`, `cell.param`, `--variant` and `--all-variants`, as a user runs them.
@Suite struct VariantTests {
    static let script = """
        variants = {
          light = { tint = "#8799BC", size = 4 },
          dark = { tint = "#FFFFFF", size = 6, framed = true },
          red = { tint = {1, 0, 0} },
        }
        local size = cell.param("size", 2)
        local c = cell.canvas(size, 3, {scale = 1, background = "black"})
        c:set_fill(cell.param("tint", cell.color("#00FF00")))
        c:fill_rect(0, 0, 1, 1)
        if cell.param("framed", false) then c:set_fill("blue") c:fill_rect(size - 1, 2, 1, 1) end
        return c
        """

    func decode(_ path: String) throws -> (Int, Int, [UInt8]) {
        let (w, h, rgba) = try PNGCodec.decodeStraight(try #require(bytes(path)))
        return (w, h, rgba)
    }

    @Test func allVariantsWriteOneFileEachInNameOrder() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/badge.lua")
        let r = try Celllua.run(["--all-variants", "badge.lua"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "badge-dark.png\nbadge-light.png\nbadge-red.png\n")
        let (w, _, dark) = try decode(dir + "/badge-dark.png")
        #expect(w == 6)
        #expect(Array(dark.prefix(4)) == [255, 255, 255, 255])
        #expect(Array(dark[(2 * 6 + 5) * 4..<(2 * 6 + 5) * 4 + 4]) == [0, 0, 255, 255], "framed = true")
        let (lw, _, light) = try decode(dir + "/badge-light.png")
        #expect(lw == 4 && Array(light.prefix(4)) == [0x87, 0x99, 0xBC, 255])
        let (rw, _, red) = try decode(dir + "/badge-red.png")
        #expect(rw == 2 && Array(red.prefix(4)) == [255, 0, 0, 255], "a table color, size from the default")
        #expect(!FileManager.default.fileExists(atPath: dir + "/badge.png"), "the reading run writes nothing")
    }

    @Test func oneJobGivesTheSameFiles() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/badge.lua")
        let parallel = try Celllua.run(["--all-variants", "badge.lua", "-o", "p.png"], in: dir)
        let serial = try Celllua.run(["--all-variants", "--jobs", "1", "badge.lua", "-o", "s.png"], in: dir)
        #expect(parallel.status == 0 && serial.status == 0)
        for name in ["dark", "light", "red"] {
            #expect(bytes(dir + "/p-\(name).png") == bytes(dir + "/s-\(name).png"))
        }
        #expect(try Celllua.run(["--all-variants", "--jobs", "0", "badge.lua"], in: dir).status == 2)
    }

    @Test func oneVariantAndDefinesWin() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/badge.lua")
        let r = try Celllua.run(["--variant", "dark", "badge.lua", "-D", "size=3", "-o", "x.pam"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        // One variant by name goes exactly where -o says (it used to get the
        // variant's name added: x-dark.pam).
        #expect(r.stdout == "x.pam\n")
        let pam = try #require(bytes(dir + "/x.pam"))
        #expect(String(decoding: pam.prefix(20), as: UTF8.self).hasPrefix("P7\nWIDTH 3\n"))
    }

    @Test func unknownVariantAndNoVariants() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/badge.lua")
        let r = try Celllua.run(["--variant", "blue", "badge.lua"], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr == "celllua: no variant 'blue' in badge.lua (it has: dark, light, red)\n")
        write("return cell.canvas(1, 1)", to: dir + "/plain.lua")
        let p = try Celllua.run(["--all-variants", "plain.lua"], in: dir)
        #expect(p.status == 2 && p.stderr.contains("defines no variants table"))
        #expect(try Celllua.run(["--variant", "a", "--all-variants", "plain.lua"], in: dir).status == 2)
    }

    @Test func aFailingVariantDoesNotStopTheOthers() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("""
            variants = { good = { n = 2 }, bad = { n = 0 } }
            local n = cell.param("n", 1)
            if n == 0 then error("n must not be 0") end
            return cell.canvas(n, n)
            """, to: dir + "/v.lua")
        let r = try Celllua.run(["--all-variants", "v.lua"], in: dir)
        #expect(r.status == 1)
        #expect(r.stdout == "v-good.png\n")
        #expect(r.stderr.hasPrefix("celllua: variant 'bad': v.lua:3: n must not be 0"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/v-bad.png"))
    }

    @Test func definesAreTypedByTheDefault() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("""
            print(cell.param("n", 1) + 1, cell.param("flag", false), cell.param("name", "x"),
                  cell.param("tint", cell.color("red")).b, cell.param("raw"))
            """, to: dir + "/p.lua")
        let r = try Celllua.run(["p.lua", "-D", "n=41", "-Dflag=yes", "-D", "name=a=b", "-D", "tint=#0000FF", "-D", "raw=7"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "42\ttrue\ta=b\t1\t7\n")
        let bad = try Celllua.run(["p.lua", "-D", "n=many"], in: dir)
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("celllua: p.lua:1: -D n=many: expected a number (the type of cell.param's default)"))
        let flag = try Celllua.run(["p.lua", "-D", "flag=maybe"], in: dir)
        #expect(flag.status == 1 && flag.stderr.contains("-D flag=maybe: expected a boolean"))
        let typo = try Celllua.run(["p.lua", "-D", "nn=2"], in: dir)
        #expect(typo.status == 0)
        #expect(typo.stderr.contains("warning: -D nn was not read by any cell.param call"))
    }

    /// Variants run in fresh states: a global set by one never reaches another.
    @Test func variantsDoNotShareState() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var variants = ""
        for i in 1...12 { variants += "v\(i) = { i = \(i) }, " }
        write("""
            variants = { \(variants) }
            assert(seen == nil, "state leaked between variants")
            seen = true
            local i = cell.param("i", 0)
            return cell.canvas(i, 1, {scale = 1})
            """, to: dir + "/many.lua")
        let r = try Celllua.run(["--all-variants", "many.lua"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 12)
        for i in 1...12 {
            #expect(try decode(dir + "/many-v\(i).png").0 == i)
        }
    }

    /// Output folders that do not exist are made, and a -D that no variant
    /// reads gets the warning a plain run gives (before: the write failed
    /// after every variant had rendered, and the typo went unnoticed).
    @Test func missingFoldersAreMadeAndUnreadDefinesWarned() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/badge.lua")
        let r = try Celllua.run(["--all-variants", "badge.lua", "-o", "out/deep/b.png", "-D", "sizee=3"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "out/deep/b-dark.png\nout/deep/b-light.png\nout/deep/b-red.png\n")
        #expect(r.stderr == "celllua: warning: -D sizee was not read by any cell.param call\n")
        let plain = try Celllua.run(["badge.lua", "-o", "other/one.png"], in: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/other/one.png"))
    }

    /// A bad variants table names the line that assigns it (before: no
    /// line at all).
    @Test func aBadVariantsTableNamesItsLine() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("-- variants below\nlocal x = 1\nvariants = { a = 5 }\nreturn cell.canvas(2, 2)", to: dir + "/bad.lua")
        let r = try Celllua.run(["--all-variants", "bad.lua"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("celllua: bad.lua:3: variants.a must be a table of param = value, got number"), "\(r.stderr)")
    }

    /// `--list-variants` prints the sorted names and renders nothing;
    /// `--shard K/N` keeps positions i with i % N == K - 1: the N shards
    /// partition the batch (no overlap, nothing left out), for listing and
    /// for rendering alike.
    @Test func listVariantsAndShardsPartitionTheBatch() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let names = (1...7).map { "v\($0)" }
        write("variants = {" + names.map { "\($0) = {}" }.joined(separator: ", ") + "}\nreturn cell.canvas(2, 2, {scale = 1})",
              to: dir + "/s.lua")
        let all = try Celllua.run(["--list-variants", "s.lua"], in: dir)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout == names.sorted().joined(separator: "\n") + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["s.lua"], "listing renders nothing")
        var seen: [String] = []
        for k in 1...3 {
            let listed = try Celllua.run(["--list-variants", "--shard", "\(k)/3", "s.lua"], in: dir)
            let expected = names.sorted().enumerated().filter { $0.offset % 3 == k - 1 }.map(\.element)
            #expect(listed.stdout == expected.map { $0 + "\n" }.joined())
            let rendered = try Celllua.run(["--all-variants", "--shard", "\(k)/3", "s.lua", "-o", "out/s.png"], in: dir)
            #expect(rendered.status == 0, "\(rendered.stderr)")
            #expect(rendered.stdout == expected.map { "out/s-\($0).png\n" }.joined())
            seen += expected
        }
        #expect(seen.sorted() == names.sorted())
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted()
        #expect(files == names.sorted().map { "s-\($0).png" })
        write("return cell.canvas(1, 1)", to: dir + "/plain.lua")
        let none = try Celllua.run(["--list-variants", "plain.lua"], in: dir)
        #expect(none.status == 2 && none.stderr.contains("defines no variants table"))
    }

    /// `--scales 1,2,3`: a file per scale named as iOS names them, with
    /// variants and sheets too; a canvas that sets its own scale gets it
    /// times the listed scale over --scale.
    @Test func scalesWriteIOSNamedFiles() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("return cell.canvas(5, 4)", to: dir + "/icon.lua")
        let plain = try Celllua.run(["--scales", "1,2,3", "icon.lua"], in: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout == "icon.png\nicon@2x.png\nicon@3x.png\n")
        for (file, w) in [("icon.png", 5), ("icon@2x.png", 10), ("icon@3x.png", 15)] {
            #expect(try decode(dir + "/" + file).0 == w, "\(file)")
        }
        write("return cell.canvas(5, 4, {scale = 4})", to: dir + "/own.lua")
        let own = try Celllua.run(["--scales", "1,1.5", "own.lua", "-o", "o.png"], in: dir)
        #expect(own.stdout == "o.png\no@1.5x.png\n")
        #expect(try decode(dir + "/o.png").0 == 10, "scale 4 times 1/2")
        #expect(try decode(dir + "/o@1.5x.png").0 == 15, "scale 4 times 1.5/2")
        write(Self.script, to: dir + "/badge.lua")
        let variants = try Celllua.run(["--all-variants", "--sheet", "--scales", "2,1", "badge.lua", "-D", "size=3"], in: dir)
        #expect(variants.status == 0, "\(variants.stderr)")
        #expect(variants.stdout == """
            badge-dark@2x.png
            badge-dark.png
            badge-light@2x.png
            badge-light.png
            badge-red@2x.png
            badge-red.png
            badge-sheet@2x.png
            badge-sheet.png

            """)
        // The badge script sets scale = 1: at "2" it is drawn at 1 (2 / 2).
        #expect(try decode(dir + "/badge-red@2x.png").0 == 3)
    }
}
