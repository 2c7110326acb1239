/// Typographic controls of a text call: tracking, line height, OpenType
/// features and variation axes (`c:text`'s `tracking`, `line_height`,
/// `features` and `variations`).
///
/// Tracking and features belong to the `Font` (`Font.styled`): everything
/// that shapes with the font (drawing, measuring, truncating, wrapping,
/// outlines for `font:path`, the SVG writer shaping a run again) then gets
/// the same glyphs. Variations make another face (`FontFace.instance`), so
/// outlines, advances and glyph masks of `wght = 400` and `wght = 700` are
/// never shared. Line height is the layout's (`TextLayout`'s `lineHeight`).

/// An OpenType feature setting, as HarfBuzz takes it: a 4-character tag
/// and a value (0 off, 1 on, n an alternate's index), over the whole text.
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    public let tag: String
    public let value: UInt32

    /// Throws for a tag that is not 4 characters of printable ASCII.
    public init(_ tag: String, _ value: UInt32 = 1) throws {
        try Self.checkTag(tag, what: "feature")
        self.tag = tag
        self.value = value
    }

    /// Most a feature's value may be: OpenType's alternates are 16-bit indices.
    public static let maxValue: UInt32 = 65535

    /// A tag is 4 characters from space to tilde (OpenType's rule).
    static func checkTag(_ tag: String, what: String) throws {
        let bytes = Array(tag.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            throw TypographyError.badTag(tag, what: what)
        }
    }

    /// CSS's form: `'tnum'`, `'kern' 0`, `'salt' 2`.
    public var description: String { value == 1 ? "'\(tag)'" : "'\(tag)' \(value)" }

    /// Features in their canonical order (by tag), one each: the shaping
    /// cache's key. Throws when a tag comes twice (with different values).
    public static func canonical(_ features: [FontFeature]) throws -> [FontFeature] {
        var byTag: [String: FontFeature] = [:]
        for f in features {
            if let old = byTag[f.tag], old.value != f.value { throw TypographyError.duplicateFeature(f.tag) }
            byTag[f.tag] = f
        }
        return byTag.values.sorted { $0.tag < $1.tag }
    }
}

/// A variation axis setting: a 4-character tag (`wght`, `wdth`, `opsz`,
/// `slnt`, `ital` or a font's own) and a value in the axis' design units.
public struct FontVariation: Hashable, Sendable, CustomStringConvertible {
    public let tag: String
    public let value: Double

    /// Throws for a bad tag or a value that is NaN or infinite.
    public init(_ tag: String, _ value: Double) throws {
        try FontFeature.checkTag(tag, what: "axis")
        guard value.isFinite else { throw TypographyError.nonFinite(tag, value) }
        self.tag = tag
        self.value = value
    }

    init(unchecked tag: String, _ value: Double) {
        self.tag = tag
        self.value = value
    }

    /// CSS's form: `'wght' 700`.
    public var description: String { "'\(tag)' \(Font.describe(value))" }
}

/// One variation axis of a variable face (its fvar entry).
public struct VariationAxis: Sendable, Equatable {
    public let tag: String
    public let name: String
    public let minimum: Double
    public let defaultValue: Double
    public let maximum: Double
}

/// The distance from one baseline to the next: in points, or a multiple of
/// the font's `lineHeight` (`"1.5x"`).
public enum LineHeight: Sendable, Equatable {
    case points(Double)
    case multiple(Double)

    /// Throws unless the number is finite and greater than 0.
    public static func check(_ value: Double) throws {
        guard value.isFinite, value > 0 else { throw TypographyError.badLineHeight(value) }
    }

    /// In points, for `font`.
    public func points(for font: Font) -> Double {
        switch self {
        case .points(let p): return p
        case .multiple(let m): return m * font.lineHeight
        }
    }
}

/// Why typographic options cannot be used; the messages scripts see.
public enum TypographyError: Error, CustomStringConvertible, Equatable {
    case badTag(String, what: String)
    case duplicateFeature(String)
    case nonFinite(String, Double)
    case badLineHeight(Double)
    case badTracking(Double)
    /// `variations` for a font that has no variation axes.
    case notVariable(font: String)
    /// An axis the font does not have; `axes`: the ones it has.
    case unknownAxis(String, font: String, axes: [String])
    case tooManyInstances(font: String)

    public var description: String {
        switch self {
        case .badTag(let tag, let what):
            return "\(what) tag must be 4 characters of printable ASCII, got '\(tag)'"
        case .duplicateFeature(let tag):
            return "feature '\(tag)' given twice"
        case .nonFinite(let tag, let v):
            return "axis '\(tag)': finite number expected, got \(Font.describe(v))"
        case .badLineHeight(let v):
            return "line height must be a finite number greater than 0, got \(Font.describe(v))"
        case .badTracking(let v):
            return "tracking must be a finite number, got \(Font.describe(v))"
        case .notVariable(let font):
            return "\(font) is not a variable font (it has no variation axes)"
        case .unknownAxis(let tag, let font, let axes):
            return "\(font) has no axis '\(tag)' (\(font) has \(axes.joined(separator: ", ")))"
        case .tooManyInstances(let font):
            return "too many variation instances of \(font) (at most \(FontFace.maxInstances) per face)"
        }
    }
}

extension Font {
    /// This font with tracking (points added after every character, as
    /// CSS's letter-spacing: n characters grow by n x tracking), OpenType
    /// `features` and variation axis settings (`variations`, clamped to
    /// each axis' range). Throws `TypographyError` for a non-finite
    /// tracking, a repeated feature, variations on a font without axes or
    /// naming an axis it lacks.
    public func styled(tracking: Double = 0, features: [FontFeature] = [],
                       variations: [FontVariation] = []) throws -> Font {
        guard tracking.isFinite else { throw TypographyError.badTracking(tracking) }
        let features = try FontFeature.canonical(features)
        let face = variations.isEmpty ? self.face : try self.face.instance(variations)
        return Font(face: face, size: size, name: name, catalog: catalog, tracking: tracking, features: features)
    }

    /// The features shaping uses: the font's, and with tracking the
    /// optional ligatures off (`liga`, `clig`) unless set, as CSS does for
    /// letter-spacing (spacing letters apart would split a ligature's
    /// letters unevenly).
    var shapingFeatures: [FontFeature] {
        guard tracking != 0 else { return features }
        var out = features
        for tag in ["clig", "liga"] where !out.contains(where: { $0.tag == tag }) {
            out.append(FontFeature(unchecked: tag, 0))
        }
        return out.sorted { $0.tag < $1.tag }
    }

    /// Adds the tracking to `glyphs` (shaped from `text`): each cluster's
    /// last glyph gets tracking x the characters (grapheme clusters) the
    /// cluster holds. Returns the width added.
    func track(_ glyphs: inout [ShapedGlyph], text: String) -> Double {
        guard tracking != 0, !glyphs.isEmpty else { return 0 }
        let utf8Count = text.utf8.count
        // Character starts, as UTF-8 offsets.
        var starts: [Int] = []
        if isPrintableASCII(text.utf8) {
            starts = Array(0..<utf8Count)
        } else {
            var offset = 0
            for c in text {
                starts.append(offset)
                offset += c.utf8.count
            }
        }
        // Each cluster's extent: up to the next larger cluster value.
        let clusters = Array(Set(glyphs.map(\.cluster))).sorted()
        func characters(in cluster: Int) -> Int {
            var lo = 0, hi = clusters.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if clusters[mid] <= cluster { lo = mid + 1 } else { hi = mid }
            }
            let end = lo < clusters.count ? clusters[lo] : utf8Count
            return Self.count(starts, from: cluster, to: end)
        }
        var added = 0.0
        for i in glyphs.indices where i + 1 == glyphs.count || glyphs[i + 1].cluster != glyphs[i].cluster {
            let extra = tracking * Double(characters(in: glyphs[i].cluster))
            glyphs[i].advance += extra
            added += extra
        }
        return added
    }

    /// How many of the sorted `starts` lie in `from..<to`.
    private static func count(_ starts: [Int], from: Int, to: Int) -> Int {
        func lowerBound(_ v: Int) -> Int {
            var lo = 0, hi = starts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid] < v { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return max(0, lowerBound(to) - lowerBound(from))
    }
}

extension FontFeature {
    init(unchecked tag: String, _ value: UInt32) {
        self.tag = tag
        self.value = value
    }
}
