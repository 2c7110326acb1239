import CellImage
import CellRaster
import Foundation
import Testing

/// Export as a design tool does: several `-o` from one render, one vector
/// file for every scale, books (`--book`, a returned list of canvases) and
/// slices, each read back by an independent reader (PIL, pdfinfo, pypdf,
/// xmllint).
@Suite struct ExportTests {
    static let card = """
        local c = cell.canvas(100, 60, { background = "#FFFFFF" })
        c:set_fill("#3366CC") c:fill_rect(10, 10, 80, 40)
        return c
        """

    @Test func severalOutputsFromOneRender() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.card, to: dir + "/card.lua")
        let r = try Celllua.run(["card.lua", "-o", "a.png", "-o", "a.svg", "-o", "a.pdf", "-o", "b.jpg"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "a.png\na.svg\na.pdf\nb.jpg\n")
        #expect(try Reader.python("""
            from PIL import Image
            print(Image.open('a.png').size, Image.open('b.jpg').size, Image.open('a.png').convert('RGB').getpixel((100, 60)))
            """, in: dir) == "(200, 120) (200, 120) (51, 102, 204)")
        #expect(try Reader.pageCount("a.pdf", in: dir) == 1)
        #expect(try Reader.run("xmllint", ["--noout", "a.svg"], in: dir, package: "libxml2-utils").status == 0)
        // The same path twice is a mistake, not two writes.
        let twice = try Celllua.run(["card.lua", "-o", "x.png", "-o", "x.png"], in: dir)
        #expect(twice.status == 2 && twice.stderr.contains("-o x.png is given twice"), "\(twice.stderr)")
    }

    @Test func oneVectorFileForEveryScale() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.card, to: dir + "/i.lua")
        let r = try Celllua.run(["i.lua", "--scales", "1,2,3", "-o", "i.png", "-o", "i.svg", "-o", "i.pdf"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "i.png\ni@2x.png\ni@3x.png\ni.svg\ni.pdf\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(files == ["i.lua", "i.pdf", "i.png", "i.svg", "i@2x.png", "i@3x.png"])
    }

    static let variants = """
        variants = { dark = { bg = "#000000" }, light = { bg = "#FFFFFF" }, mid = { bg = "#808080" } }
        local c = cell.canvas(100, 50 + (cell.param("bg", "#FFFFFF") == "#000000" and 10 or 0),
                              { background = cell.param("bg", "#FFFFFF") })
        if cell.param("broken", false) then error("broken on purpose") end
        return c
        """

    @Test func aBookOfEveryVariant() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.variants, to: dir + "/v.lua")
        let r = try Celllua.run(["v.lua", "--all-variants", "--book", "review.pdf", "--scales", "1,2"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("review.pdf\n"), "\(r.stdout)")
        #expect(try Reader.pageCount("review.pdf", in: dir) == 6)
        // Bookmarks by variant, in order; each page the variant's size in points.
        #expect(try Reader.python("""
            from pypdf import PdfReader
            r = PdfReader('review.pdf')
            print([o.title for o in r.outline])
            print([(float(p.mediabox.width), float(p.mediabox.height)) for p in r.pages][:2])
            """, in: dir) == """
            ['dark @1x', 'dark @2x', 'light @1x', 'light @2x', 'mid @1x', 'mid @2x']
            [(100.0, 60.0), (100.0, 60.0)]
            """)
        // A failed render: no book (it would pass for a whole one).
        try FileManager.default.removeItem(atPath: dir + "/review.pdf")
        let failed = try Celllua.run(["v.lua", "--all-variants", "--book", "review.pdf", "-D", "broken=true"], in: dir)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("--book review.pdf was not written: 3 renders failed"), "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/review.pdf"))
        let notPDF = try Celllua.run(["v.lua", "--book", "review.png"], in: dir)
        #expect(notPDF.status == 2 && notPDF.stderr.contains("--book writes a PDF"), "\(notPDF.stderr)")
    }

    static let pages = """
        local pages = {}
        for i, color in ipairs { "#FF0000", "#00FF00", "#0000FF" } do
          local c = cell.canvas(100, 60, { background = "#FFFFFF" })
          c:set_fill(color) c:fill_rect(10, 10, 80, 40)
          c:slice("box" .. i, 10, 10, 40, 20)
          pages[i] = c
        end
        if cell.param("bad", false) then pages[2] = "not a canvas" end
        return pages
        """

    @Test func aReturnedListIsPages() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.pages, to: dir + "/l.lua")
        let r = try Celllua.run(["l.lua", "-o", "l.pdf", "-o", "l.png", "--scales", "1,2"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "l-1.png\nl-2.png\nl-3.png\nl.pdf\nl-1@2x.png\nl-2@2x.png\nl-3@2x.png\n", "\(r.stdout)")
        #expect(try Reader.pageCount("l.pdf", in: dir) == 3)
        #expect(try Reader.python("""
            from PIL import Image
            print([Image.open(f'l-{i}@2x.png').convert('RGB').getpixel((100, 60)) for i in (1, 2, 3)])
            """, in: dir) == "[(255, 0, 0), (0, 255, 0), (0, 0, 255)]")
        let bad = try Celllua.run(["l.lua", "-D", "bad=true", "-o", "bad.pdf"], in: dir)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("l.lua: the list of canvases returned has a string at [2], not a canvas"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad.pdf"))
    }

    @Test func slicesAtEachScale() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.pages, to: dir + "/l.lua")
        let r = try Celllua.run(["l.lua", "--slices", "out/slices", "--scales", "1,3", "-o", "l.pdf"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("out/slices/box2.png\n") && r.stdout.contains("out/slices/box3@3x.png\n"), "\(r.stdout)")
        #expect(try Reader.python("""
            from PIL import Image
            a = Image.open('out/slices/box2.png'); b = Image.open('out/slices/box2@3x.png')
            print(a.size, b.size, a.convert('RGB').getpixel((0, 0)), b.convert('RGB').getpixel((119, 59)))
            """, in: dir) == "(40, 20) (120, 60) (0, 255, 0) (0, 255, 0)")
        // Mistakes in c:slice name their line.
        for (call, message) in [
            ("c:slice('a/b', 0, 0, 5, 5)", "bad argument #1 to 'slice' (slice name must be letters"),
            ("c:slice('a', 0, 0, 0, 5)", "slice 'a': width and height must be positive"),
            ("c:slice('a', 500, 0, 5, 5)", "slice 'a' (500, 0, 5, 5) lies outside the 100x60 canvas"),
            ("c:slice('a', 0, 0, 5, 5) c:slice('a', 1, 1, 5, 5)", "slice 'a' is already marked on this canvas"),
            ("c:slice('a', 0/0, 0, 5, 5)", "bad argument #2 to 'slice' (finite number expected, got nan)"),
        ] {
            write("local c = cell.canvas(100, 60)\n\(call)\nreturn c", to: dir + "/bad.lua")
            let bad = try Celllua.run(["bad.lua", "--slices", "s2"], in: dir)
            #expect(bad.status == 1 && bad.stderr.contains("bad.lua:2: " + message), "\(call): \(bad.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/s2"))
        // No slice marked: said, not an error.
        write(Self.card, to: dir + "/card.lua")
        let none = try Celllua.run(["card.lua", "--slices", "s3"], in: dir)
        #expect(none.status == 0 && none.stderr.contains("the script marked no slices"), "\(none.stderr)")
        // c:slices() lists them.
        write("local c = cell.canvas(100, 60) c:slice('x', 1, 2, 3, 4) local s = c:slices()[1] print(s.name, s.x, s.y, s.w, s.h) return false", to: dir + "/list.lua")
        #expect(try Celllua.run(["list.lua"], in: dir).stdout == "x\t1\t2\t3\t4\n")
    }
}
