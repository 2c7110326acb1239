/// A font name as scripts write it, read the way PostScript names are built:
/// `Helvetica-BoldOblique` is family `Helvetica`, weight bold, slanted.
/// A name without a recognised style suffix (`DejaVu Sans`, `Nimbus Sans`) is
/// a family name in its regular style.
public struct FontRequest: Equatable, Sendable {
    public var family: String
    /// The asked weight, nil when the name gave none.
    public var weight: FontWeight?
    /// True for Italic/Oblique, false for Roman/Regular; nil when not given.
    public var slanted: Bool?

    public var hasStyle: Bool { weight != nil || slanted != nil }

    /// Words a PostScript style suffix is made of, longest first so that
    /// `ExtraLight` is not read as `Extra` + `Light`.
    private static let words: [(String, FontWeight?, Bool?)] = [
        ("extralight", .extraLight, nil), ("ultralight", .extraLight, nil),
        ("demibold", .semiBold, nil), ("semibold", .semiBold, nil),
        ("extrabold", .extraBold, nil), ("ultrabold", .extraBold, nil),
        ("regular", .regular, nil), ("oblique", nil, true), ("medium", .medium, nil),
        ("italic", nil, true), ("normal", .regular, nil), ("heavy", .black, nil),
        ("black", .black, nil), ("light", .light, nil), ("roman", nil, false),
        ("plain", .regular, nil), ("thin", .thin, nil), ("bold", .bold, nil),
        ("book", .regular, nil), ("demi", .semiBold, nil),
    ]

    public static func parse(_ name: String) -> FontRequest {
        guard let dash = name.lastIndex(of: "-") else { return FontRequest(family: name) }
        let family = String(name[..<dash]).trimmingSpaces
        guard !family.isEmpty, let (weight, slanted) = style(name[name.index(after: dash)...]) else {
            return FontRequest(family: name)
        }
        return FontRequest(family: family, weight: weight, slanted: slanted)
    }

    /// The weight and slant of a suffix such as `BoldOblique`, or nil when it
    /// is not made only of style words.
    private static func style(_ suffix: Substring) -> (FontWeight?, Bool?)? {
        var rest = Substring(suffix.lowercased())
        guard !rest.isEmpty else { return nil }
        var weight: FontWeight? = nil
        var slanted: Bool? = nil
        while !rest.isEmpty {
            guard let (word, w, s) = words.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            rest = rest.dropFirst(word.count)
            if let w { weight = w }
            if let s { slanted = s }
        }
        return (weight, slanted)
    }

    public init(family: String, weight: FontWeight? = nil, slanted: Bool? = nil) {
        self.family = family
        self.weight = weight
        self.slanted = slanted
    }

    /// "bold italic", "light", "regular" (for messages).
    var styleDescription: String {
        var parts: [String] = []
        if let weight, weight != .regular { parts.append(weight.name) }
        if slanted == true { parts.append("italic") }
        return parts.isEmpty ? "regular" : parts.joined(separator: " ")
    }
}

/// Weights by fontconfig's numbers (FC_WEIGHT_*), which fontconfig matches on.
public enum FontWeight: Int32, Sendable {
    case thin = 0, extraLight = 40, light = 50, regular = 80, medium = 100
    case semiBold = 180, bold = 200, extraBold = 205, black = 210

    var name: String {
        switch self {
        case .thin: return "thin"
        case .extraLight: return "extra-light"
        case .light: return "light"
        case .regular: return "regular"
        case .medium: return "medium"
        case .semiBold: return "semibold"
        case .bold: return "bold"
        case .extraBold: return "extra-bold"
        case .black: return "black"
        }
    }

    /// Light (below book), regular (book to medium) or bold (semibold and up):
    /// a face of the asked class is what was meant, a face of another class is
    /// a substitute, which lookups refuse.
    static func weightClass(_ fcWeight: Int32) -> Int {
        fcWeight < 70 ? 0 : (fcWeight < 150 ? 1 : 2)
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
