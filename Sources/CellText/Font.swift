import CellGeometry
import Foundation

/// A face at a size in points: what `cell.font(name, size)` returns.
///
/// Metrics follow UIKit's UIFont: `ascent` and `descent` are the face's
/// (hhea) ascender and descender scaled to the size, both positive; `leading`
/// is its line gap; `lineHeight` is ascent + descent + leading (UIFont's
/// `lineHeight`), which is also the height `measure` gives for one line, as
/// `sizeWithFont:` did. Nimbus Sans has Helvetica's proportions here: a line
/// is 1.2 em, so 13 pt gives 15.6 (iOS rounded it up to 16).
public struct Font: Sendable {
    /// The face glyphs come from.
    public let face: FontFace
    /// Where characters the face lacks come from (DejaVu Sans, matched in
    /// weight and slant), if that is installed and is not `face` itself.
    public let fallback: FontFace?
    /// Size in points (the em square).
    public let size: Double
    /// The name as asked (`Helvetica-Bold`, a family, a file path).
    public let name: String

    /// Sizes above this are refused: no display text is that large, and such a
    /// number is usually a units mistake (pixels for points, a stray factor).
    public static let maxSize = 4096.0
    /// The default font of text calls: Helvetica at 17 pt, UIKit's table-cell text.
    public static let defaultName = "Helvetica"
    public static let defaultSize = 17.0

    /// A font by name (see `FontCatalog`) or by file path. Names with a `/`
    /// or a font file extension are paths; relative ones resolve against
    /// `directory` (the script's folder).
    public init(named name: String, size: Double, relativeTo directory: String? = nil,
                catalog: FontCatalog = .system) throws {
        try Self.check(size: size)
        let face: FontFace
        if Self.isPath(name) {
            var path = name
            if let directory, !name.hasPrefix("/"), directory != "." { path = directory + "/" + name }
            face = try FontFace.open(path: path)
        } else {
            let file = try catalog.resolve(name)
            face = try FontFace.open(path: file.path, index: file.index)
        }
        self.init(face: face, size: size, name: name, catalog: catalog)
    }

    /// `face` at `size`; `name` is what `name` reports.
    public init(face: FontFace, size: Double, name: String, catalog: FontCatalog = .system) {
        self.face = face
        self.size = size
        self.name = name
        fallback = Self.fallbackFace(for: face, catalog: catalog)
    }

    /// Helvetica 17, the default of every text call.
    public static func defaultFont() throws -> Font {
        try Font(named: defaultName, size: defaultSize)
    }

    /// The same face at another size.
    public func withSize(_ size: Double) throws -> Font {
        try Self.check(size: size)
        return Font(face: face, fallback: fallback, size: size, name: name)
    }

    private init(face: FontFace, fallback: FontFace?, size: Double, name: String) {
        self.face = face
        self.fallback = fallback
        self.size = size
        self.name = name
    }

    public static func check(size: Double) throws {
        guard size.isFinite, size > 0, size <= maxSize else { throw FontError.invalidSize(size) }
    }

    /// True for names that are file paths rather than font names.
    public static func isPath(_ name: String) -> Bool {
        if name.contains("/") { return true }
        let lower = name.lowercased()
        return [".ttf", ".otf", ".ttc", ".otc", ".pfb", ".pfa", ".t1", ".woff", ".woff2", ".dfont", ".pcf", ".bdf"]
            .contains { lower.hasSuffix($0) }
    }

    private static func fallbackFace(for face: FontFace, catalog: FontCatalog) -> FontFace? {
        var name = FontCatalog.lastResortFamily
        if face.isBold || face.isItalic {
            name += "-" + (face.isBold ? "Bold" : "") + (face.isItalic ? "Oblique" : "")
        }
        guard let file = try? catalog.resolve(name), let fallback = try? FontFace.open(path: file.path, index: file.index),
              fallback !== face else { return nil }
        return fallback
    }

    // MARK: metrics

    /// Points per font unit.
    public var scale: Double { size / face.unitsPerEm }
    public var ascent: Double { face.ascender * scale }
    public var descent: Double { face.descender * scale }
    public var leading: Double { face.lineGap * scale }
    public var lineHeight: Double { ascent + descent + leading }

    /// `sizeWithFont:`: the width is the sum of the shaped advances (kerning
    /// included; not rounded up, as iOS 6 did, so that it adds up exactly) of
    /// the widest line, the height `lineHeight` per line. Line breaks (`\n`,
    /// `\r\n`, U+2028, U+2029) start new lines; the empty string measures 0 x 0.
    public func measure(_ text: String) -> (width: Double, height: Double) {
        let paragraphs = TextLayout.paragraphs(text)
        guard !paragraphs.isEmpty else { return (0, 0) }
        let width = paragraphs.map { shape($0).width }.max() ?? 0
        return (width, Double(paragraphs.count) * lineHeight)
    }

    /// The ellipsis truncation uses: "…" when the face has it, else "...".
    public var ellipsis: String {
        face.glyph(for: "\u{2026}") != nil ? "\u{2026}" : "..."
    }

    static func describe(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
