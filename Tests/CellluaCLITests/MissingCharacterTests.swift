import Foundation
import Testing

/// A character no installed font has draws as a box and is reported once
/// (before: CJK drew nothing and nothing was said); CJK itself now draws
/// from a face found by coverage, with no warning.
@Suite struct MissingCharacterTests {
    @Test func aMissingCharacterIsReportedOnce() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("""
            local c = cell.canvas(80, 40)
            c:text("A中文B \\u{10FFFD}", 2, 2)
            c:text("\\u{10FFFD}\\u{10FFFD}", 2, 20, { font = cell.font("Helvetica-Bold", 12) })
            return c
            """, to: dir + "/s.lua")
        let r = try Celllua.run(["s.lua"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "celllua: warning: no installed font has U+10FFFD; it draws as a box\n")
    }

    /// Emoji come from the color emoji font (fonts-noto-color-emoji): no
    /// box, no warning, in the PNG, SVG and PDF alike.
    @Test func emojiAreNotMissing() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("""
            local c = cell.canvas(200, 40)
            c:text("Signal \u{1F4F6} \u{1F600} \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} \u{1F1EF}\u{1F1F5} 1\u{FE0F}\u{20E3}", 2, 2)
            return c
            """, to: dir + "/s.lua")
        for ext in ["png", "svg", "pdf"] {
            let r = try Celllua.run(["s.lua", "-o", "s.\(ext)"], in: dir)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(ext): \(r.stderr)")
        }
    }
}
