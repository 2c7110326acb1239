import CellGeometry
import FoundationEssentials
import Glibc

/// A face at a size in points: what `cell.font(name, size)` returns.
///
/// Metrics follow UIKit's `sizeWithFont:` and `drawAtPoint:` for the
/// Helvetica of iOS 4-6, which Nimbus Sans matches: a line is ascender +
/// descender + line gap (hhea), 1.2 em, so 13 pt measures 15.6 (iOS rounded
/// up to 16), and the line gap lies *above* the ascender: the baseline is
/// `ascent` = ascender + line gap below the line's top (0.929 em). That is
/// where the seed's drawing puts text: the badge's digits, drawn from the top
/// of a rectangle as tall as their line plus 2 pt each side, sit centred in
/// the pill, and the 18 pt summary and 14 pt detail fill a 60 pt row evenly;
/// with the gap below the text both would ride 2.6-3.6 pt high. So `ascent`
/// and `descent` (both positive) add up to `lineHeight`, and `leading`
/// reports the share of `ascent` that is line gap.
public struct Font: Sendable {
    /// The face glyphs come from.
    public let face: FontFace
    /// Where characters the face lacks come from (DejaVu Sans, matched in
    /// weight and slant), if that is installed and is not `face` itself.
    /// Opened on first need: most text never needs it.
    /// The first fallback face (DejaVu Sans in the font's style).
    public var fallback: FontFace? { fallbackChain.first }
    let fallbackChain: FallbackChain
    /// Size in points (the em square).
    public let size: Double
    /// The name as asked (`Helvetica-Bold`, a family, a file path).
    public let name: String
    /// Points added after every character (`styled`; default 0).
    public private(set) var tracking = 0.0
    /// OpenType features set for shaping, by tag (`styled`; default none:
    /// HarfBuzz's defaults).
    public private(set) var features: [FontFeature] = []

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
        guard !name.utf8.contains(0) else { throw FontError.nulInName }
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
        fallbackChain = FallbackChain.shared(for: face, catalog: catalog)
    }

    /// Helvetica 17, the default of every text call.
    public static func defaultFont() throws -> Font {
        try Font(named: defaultName, size: defaultSize)
    }

    /// The same face at another size.
    public func withSize(_ size: Double) throws -> Font {
        try Self.check(size: size)
        var font = Font(face: face, fallbackChain: fallbackChain, size: size, name: name)
        font.tracking = tracking
        font.features = features
        return font
    }

    private init(face: FontFace, fallbackChain: FallbackChain, size: Double, name: String) {
        self.face = face
        self.fallbackChain = fallbackChain
        self.size = size
        self.name = name
    }

    /// The catalog the fallback faces come from.
    var catalog: FontCatalog { fallbackChain.catalog }

    /// `face` (this font's or an instance of it) with tracking and features.
    init(face: FontFace, size: Double, name: String, catalog: FontCatalog, tracking: Double, features: [FontFeature]) {
        self.init(face: face, size: size, name: name, catalog: catalog)
        self.tracking = tracking
        self.features = features
    }

    public static func check(size: Double) throws {
        guard size.isFinite, size > 0, size <= maxSize else { throw FontError.invalidSize(size) }
    }

    /// True for names that are file paths rather than font names: with a
    /// slash, or ending in a font file's extension (any case).
    public static func isPath(_ name: String) -> Bool {
        if name.utf8.contains(UInt8(ascii: "/")) { return true }
        // Every extension starts with its only dot: the text from the last
        // dot is the one that can match (lowercasing only that part).
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        return fileExtensions.contains(String(name[dot...]).lowercased())
    }

    private static let fileExtensions: Set<String> = [
        ".ttf", ".otf", ".ttc", ".otc", ".pfb", ".pfa", ".t1", ".woff", ".woff2", ".dfont", ".pcf", ".bdf",
    ]

    /// A font's fallback faces, looked up when first needed (shared by the
    /// copies of the font and its other sizes). Opening DejaVu Sans for every
    /// font would cost each run about a millisecond at startup.
    ///
    /// The first is DejaVu Sans in the font's weight and slant, the last
    /// resort for Latin, Greek, Cyrillic and symbols. A character that
    /// neither the font nor any face here has is looked up by coverage
    /// (`FontCatalog.file(covering:)`: fontconfig picks an installed face
    /// with it, a CJK one for Chinese, Japanese and Korean), and that face
    /// joins the chain. Faces are only ever appended, so an index names the
    /// same face for the life of the process.
    public final class FallbackChain: @unchecked Sendable {
        /// Told once per process about each character no installed face
        /// has (it then draws as a box). Set by whoever embeds the engine
        /// (the command line prints a warning); default: nothing.
        public static let missingCharacter = Locked<@Sendable (Character) -> Void>({ _ in })
        private static let reported = Locked<Set<Character>>([])

        private let primary: FontFace
        let catalog: FontCatalog
        private let lock = Lock()
        private var lastResort: FontFace??
        private var faces: [FontFace] = []
        /// Characters no installed face has (looked up once).
        private var uncovered: Set<Character> = []
        /// Emoji no installed color face has (looked up once).
        private var uncoveredInColor: Set<Character> = []

        private struct Key: Hashable {
            let face: ObjectIdentifier, catalog: ObjectIdentifier
        }
        /// One chain per face and catalog for the process (faces are kept
        /// for the process too, and each chain holds its catalog, so an
        /// identity is never reused): every `Font` of a face shares the
        /// fallbacks it opened, and ShapingCache, keyed by the chain, hits
        /// for fonts made again (a script calling `cell.font` every frame).
        private static let chains = Locked<[Key: FallbackChain]>([:])

        static func shared(for primary: FontFace, catalog: FontCatalog) -> FallbackChain {
            let key = Key(face: ObjectIdentifier(primary), catalog: ObjectIdentifier(catalog))
            return chains.withLock { chains in
                if let chain = chains[key] { return chain }
                let chain = FallbackChain(for: primary, catalog: catalog)
                chains[key] = chain
                return chain
            }
        }

        private init(for primary: FontFace, catalog: FontCatalog) {
            self.primary = primary
            self.catalog = catalog
        }

        /// DejaVu Sans in the primary's style, opened on first use.
        var first: FontFace? {
            lock.lock()
            defer { lock.unlock() }
            return openLastResort()
        }

        /// Under `lock`.
        private func openLastResort() -> FontFace? {
            if let lastResort { return lastResort }
            var name = FontCatalog.lastResortFamily
            if primary.isBold || primary.isItalic {
                name += "-" + (primary.isBold ? "Bold" : "") + (primary.isItalic ? "Oblique" : "")
            }
            var found: FontFace?
            if let file = try? catalog.resolve(name), let fallback = try? FontFace.open(path: file.path, index: file.index),
               fallback !== primary {
                found = fallback
                faces.append(fallback)
            }
            lastResort = .some(found)
            return found
        }

        /// The face at `index` (1 = the first fallback), or nil.
        func face(at index: Int) -> FontFace? {
            lock.lock()
            defer { lock.unlock() }
            return index >= 1 && index <= faces.count ? faces[index - 1] : nil
        }

        /// The index of a fallback face that has `character` (from 1), or 0
        /// when no installed face has it.
        func index(covering character: Character) -> Int {
            lock.lock()
            defer { lock.unlock() }
            _ = openLastResort()
            if let i = faces.firstIndex(where: { $0.covers(character) }) { return i + 1 }
            guard !uncovered.contains(character), let scalar = character.unicodeScalars.first,
                  faces.count < 255 else { return 0 }
            if let file = catalog.file(covering: scalar, bold: primary.isBold, italic: primary.isItalic),
               let face = try? FontFace.open(path: file.path, index: file.index), face !== primary,
               face.covers(character) {
                if let i = faces.firstIndex(where: { $0 === face }) { return i + 1 }
                faces.append(face)
                return faces.count
            }
            uncovered.insert(character)
            if Self.reported.withLock({ $0.insert(character).inserted }) {
                let report = Self.missingCharacter.withLock { $0 }
                report(character)
            }
            return 0
        }

        /// The index of a color face (an emoji font) that has `character`,
        /// a character that asks for its emoji form
        /// (`Character.prefersEmojiPresentation`), whole: a ZWJ sequence, a
        /// flag, a keycap or a skin tone goes to one face, which shapes it
        /// into one glyph. Such a face is found by coverage among the color
        /// faces fontconfig lists (`FontCatalog.colorFile`) and joins the
        /// chain. nil when no color face has it (it then falls back as any
        /// character does, to a face that has it in black and white).
        func index(coveringEmoji character: Character) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            _ = openLastResort()
            if let i = faces.firstIndex(where: { $0.hasColorBitmaps && $0.covers(character) }) { return i + 1 }
            guard !uncoveredInColor.contains(character), let scalar = character.unicodeScalars.first,
                  faces.count < 255 else { return nil }
            if let file = catalog.colorFile(covering: scalar),
               let face = try? FontFace.open(path: file.path, index: file.index), face !== primary,
               face.hasColorBitmaps, face.covers(character) {
                if let i = faces.firstIndex(where: { $0 === face }) { return i + 1 }
                faces.append(face)
                return faces.count
            }
            uncoveredInColor.insert(character)
            return nil
        }
    }

    /// The face a glyph index names: 0 the font's own, then its fallbacks.
    public func face(at index: Int) -> FontFace {
        index == 0 ? face : (fallbackChain.face(at: index) ?? face)
    }

    // MARK: metrics

    /// Points per font unit.
    public var scale: Double { size / face.unitsPerEm }
    /// From the top of a line to its baseline: ascender + line gap.
    public var ascent: Double { (face.ascender + face.lineGap) * scale }
    /// From the baseline to the bottom of a line.
    public var descent: Double { face.descender * scale }
    /// The face's line gap, in points: part of `ascent` (above the text).
    public var leading: Double { face.lineGap * scale }
    /// ascent + descent: the height of one line (UIFont's lineHeight).
    public var lineHeight: Double { ascent + descent }
    public var capHeight: Double { face.capHeight * scale }
    public var xHeight: Double { face.xHeight * scale }

    /// `sizeWithFont:`: the width is the sum of the shaped advances (kerning
    /// included; not rounded up, as iOS 6 did, so that it adds up exactly) of
    /// the widest line, the height `lineHeight` per line. Line breaks (`\n`,
    /// `\r\n`, U+2028, U+2029) start new lines; the empty string measures 0 x 0.
    /// `stop` (a deadline) ends shaping early, the width then short.
    /// `lineHeight` (default the font's): the height of each line, as
    /// `TextLayout` stacks them.
    public func measure(_ text: String, lineHeight: Double? = nil, stop: (() -> Bool)? = nil) -> (width: Double, height: Double) {
        let paragraphs = TextLayout.paragraphs(text)
        guard !paragraphs.isEmpty else { return (0, 0) }
        var width = 0.0
        for p in paragraphs {
            if let stop, stop() { break }
            width = Swift.max(width, shape(p, stop: stop).width)
        }
        return (width, Double(paragraphs.count) * (lineHeight ?? self.lineHeight))
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
