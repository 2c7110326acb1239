import Foundation
import Testing

/// `-o x.svg`, `-o x.pdf`, `c:save` of vectors and the `--serve` option rules,
/// through the binary.
@Suite struct VectorOutputTests {
    static let script = """
        local c = cell.canvas(40, 20, {background = "white"})
        c:set_fill("#007AFF")
        c:fill(cell.path():rounded_rect(2, 2, 36, 16, 4))
        return c
        """

    @Test func svgAndPDFByExtension() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/pill.lua")
        for ext in ["svg", "pdf"] {
            let r = try Celllua.run(["pill.lua", "-o", "out/pill.\(ext)"], in: dir)
            #expect(r.status == 0 && r.stdout == "out/pill.\(ext)\n", "\(r.stderr)")
            let text = String(decoding: try #require(bytes(dir + "/out/pill.\(ext)")), as: UTF8.self)
            if ext == "svg" {
                #expect(text.hasPrefix("<?xml") && text.contains("viewBox=\"0 0 40 20\"") && text.contains("fill=\"#007aff\""))
            } else {
                #expect(text.hasPrefix("%PDF-1.4") && text.contains("/MediaBox [0 0 40 20]") && text.hasSuffix("%%EOF\n"))
            }
        }
    }

    /// A vector has no @2x: one SVG per variant, whatever the scales.
    @Test func variantsAndScalesWriteOneVectorFileEach() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("variants = {a = {}, b = {}}\n" + Self.script, to: dir + "/v.lua")
        let r = try Celllua.run(["v.lua", "--all-variants", "--scales", "1,2", "-o", "v.svg"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Set(r.stdout.split(separator: "\n")) == ["v-a.svg", "v-b.svg"])
    }

    @Test func saveFromTheScriptAndUnknownExtensions() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script.replacingOccurrences(of: "return c", with: "c:save('a.pdf') c:save('b.svg') return false"),
              to: dir + "/s.lua")
        let r = try Celllua.run(["s.lua"], in: dir)
        #expect(r.status == 0 && r.stdout == "a.pdf\nb.svg\n", "\(r.stderr)")
        let bad = try Celllua.run(["s.lua", "-o", "x.eps"], in: dir)
        #expect(bad.status == 2 && bad.stderr.contains(".png, .jpg, .webp, .gif, .ppm, .pam, .svg, .pdf or .mp4"), "\(bad.stderr)")
    }

    /// `--svg-text text` writes <text> naming the font (checked by xmllint);
    /// anything but outline or text is a usage error.
    @Test func svgTextOption() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("""
            local c = cell.canvas(120, 30, {background = "white"})
            c:text("Label & more", 4, 4, {font = cell.font("DejaVu Sans", 14)})
            return c
            """, to: dir + "/t.lua")
        let r = try Celllua.run(["t.lua", "--svg-text", "text", "-o", "t.svg"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try #require(bytes(dir + "/t.svg"))
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains("font-family=\"'DejaVu Sans'\" font-size=\"14\"") && text.contains(">Label &amp; more</text>"))
        let lint = try Reader.run("xmllint", ["--noout", "t.svg"], in: dir, package: "libxml2-utils")
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr)")
        let outline = try Celllua.run(["t.lua", "-o", "o.svg"], in: dir)
        let outlined = String(decoding: try #require(bytes(dir + "/o.svg")), as: UTF8.self)
        #expect(outline.status == 0 && !outlined.contains("<text"))
        let bad = try Celllua.run(["t.lua", "--svg-text", "paths", "-o", "t.svg"], in: dir)
        #expect(bad.status == 2 && bad.stderr.contains("--svg-text must be outline or text, got 'paths'"), "\(bad.stderr)")
    }

    @Test func serveOptionRules() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/p.lua")
        for (args, message) in [
            (["p.lua", "--port", "80"], "--port and --host go with --serve"),
            (["--serve"], "--serve needs a script file to preview"),
            (["p.lua", "--serve", "--watch"], "--serve shows every variant at every scale itself"),
            (["p.lua", "--serve", "--port", "70000"], "--port must be from 0 to 65535"),
        ] {
            let r = try Celllua.run(args, in: dir)
            #expect(r.status == 2 && r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }
}
