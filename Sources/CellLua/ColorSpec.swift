import CellRaster

/// Colors as designers copy them, beside the binding's own forms: CSS's
/// `rgb()`, `rgba()`, `hsl()`, `hsla()`, `#RGBA`, and its named colors.
/// UIKit's names (`Color.named`: gray is 50% white, green is #00FF00,
/// orange is (1, 0.5, 0)...) keep their UIKit meaning where CSS's differ;
/// the other CSS names (`navy`, `tomato`, `rebeccapurple`...) are CSS's.
enum ColorSpec {
    /// Parses `spec`, or nil when it is none of the forms.
    static func parse(_ spec: String) -> Color? {
        // The common case, "#RRGGBB" as written, parses in place.
        if spec.utf8.first == UInt8(ascii: "#"), let c = Color(hex: spec) { return c }
        let bytes = spec.utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] == UInt8(ascii: " ") { start = bytes.index(after: start) }
        while end > start, bytes[bytes.index(before: end)] == UInt8(ascii: " ") { end = bytes.index(before: end) }
        let s = String(spec[start..<end])
        if s.hasPrefix("#") { return Color(hex: s) ?? hexWithAlpha(s) }
        let lower = s.lowercased()
        if let c = Color.named(lower) { return c }
        if lower == "transparent" { return .clear }
        if let word = cssNames[lower] {
            return Color(r: Double(word >> 16 & 0xFF) / 255, g: Double(word >> 8 & 0xFF) / 255, b: Double(word & 0xFF) / 255)
        }
        return function(lower)
    }

    /// `#RGBA`: four hex digits, each doubled.
    static func hexWithAlpha(_ s: String) -> Color? {
        let digits = Array(s.dropFirst())
        guard digits.count == 4 else { return nil }
        let v = digits.compactMap { $0.hexDigitValue }
        guard v.count == 4 else { return nil }
        return Color(r: Double(v[0] * 17) / 255, g: Double(v[1] * 17) / 255, b: Double(v[2] * 17) / 255,
                     a: Double(v[3] * 17) / 255)
    }

    /// `rgb(r, g, b)`, `rgba(r, g, b, a)` (0-255 or percentages; alpha 0-1
    /// or a percentage), `hsl(h, s%, l%)`, `hsla(h, s%, l%, a)`; commas or
    /// spaces between, and CSS 4's `/ alpha`.
    static func function(_ s: String) -> Color? {
        guard let open = s.firstIndex(of: "("), s.hasSuffix(")") else { return nil }
        let name = s[..<open].filter { $0 != " " }
        let inner = s[s.index(after: open)..<s.index(before: s.endIndex)]
        let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
        guard parts.count == 3 || parts.count == 4 else { return nil }
        func number(_ p: String, percentOf scale: Double) -> Double? {
            if p.hasSuffix("%") { return Double(p.dropLast()).map { $0 / 100 * scale } }
            return Double(p)
        }
        var alpha = 1.0
        if parts.count == 4 {
            guard let a = number(parts[3], percentOf: 1), a.isFinite else { return nil }
            alpha = Swift.min(Swift.max(a, 0), 1)
        }
        switch name {
        case "rgb", "rgba":
            let v = parts[0..<3].compactMap { number($0, percentOf: 255) }
            guard v.count == 3, v.allSatisfy(\.isFinite) else { return nil }
            func c(_ x: Double) -> Double { Swift.min(Swift.max(x, 0), 255) / 255 }
            return Color(r: c(v[0]), g: c(v[1]), b: c(v[2]), a: alpha)
        case "hsl", "hsla":
            let hue = parts[0].hasSuffix("deg") ? String(parts[0].dropLast(3)) : parts[0]
            guard let h = Double(hue), h.isFinite, parts[1].hasSuffix("%"), parts[2].hasSuffix("%"),
                  let sat = number(parts[1], percentOf: 1), let light = number(parts[2], percentOf: 1),
                  sat.isFinite, light.isFinite else { return nil }
            let (r, g, b) = hslToRGB(h, Swift.min(Swift.max(sat, 0), 1), Swift.min(Swift.max(light, 0), 1))
            return Color(r: r, g: g, b: b, a: alpha)
        default:
            return nil
        }
    }

    /// CSS's HSL to RGB (hue in degrees, saturation and lightness 0...1).
    static func hslToRGB(_ h: Double, _ s: Double, _ l: Double) -> (Double, Double, Double) {
        let hue = (h.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 30
        let a = s * Swift.min(l, 1 - l)
        func f(_ n: Double) -> Double {
            let k = (n + hue).truncatingRemainder(dividingBy: 12)
            return l - a * Swift.max(-1, Swift.min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }

    /// CSS Color 4's 148 named colors (UIKit's names are looked up first).
    static let cssNames: [String: UInt32] = Dictionary(uniqueKeysWithValues: [
        ("aliceblue", 0xF0F8FF), ("antiquewhite", 0xFAEBD7), ("aqua", 0x00FFFF), ("aquamarine", 0x7FFFD4),
        ("azure", 0xF0FFFF), ("beige", 0xF5F5DC), ("bisque", 0xFFE4C4), ("black", 0x000000),
        ("blanchedalmond", 0xFFEBCD), ("blue", 0x0000FF), ("blueviolet", 0x8A2BE2), ("brown", 0xA52A2A),
        ("burlywood", 0xDEB887), ("cadetblue", 0x5F9EA0), ("chartreuse", 0x7FFF00), ("chocolate", 0xD2691E),
        ("coral", 0xFF7F50), ("cornflowerblue", 0x6495ED), ("cornsilk", 0xFFF8DC), ("crimson", 0xDC143C),
        ("cyan", 0x00FFFF), ("darkblue", 0x00008B), ("darkcyan", 0x008B8B), ("darkgoldenrod", 0xB8860B),
        ("darkgray", 0xA9A9A9), ("darkgreen", 0x006400), ("darkgrey", 0xA9A9A9), ("darkkhaki", 0xBDB76B),
        ("darkmagenta", 0x8B008B), ("darkolivegreen", 0x556B2F), ("darkorange", 0xFF8C00), ("darkorchid", 0x9932CC),
        ("darkred", 0x8B0000), ("darksalmon", 0xE9967A), ("darkseagreen", 0x8FBC8F), ("darkslateblue", 0x483D8B),
        ("darkslategray", 0x2F4F4F), ("darkslategrey", 0x2F4F4F), ("darkturquoise", 0x00CED1),
        ("darkviolet", 0x9400D3), ("deeppink", 0xFF1493), ("deepskyblue", 0x00BFFF), ("dimgray", 0x696969),
        ("dimgrey", 0x696969), ("dodgerblue", 0x1E90FF), ("firebrick", 0xB22222), ("floralwhite", 0xFFFAF0),
        ("forestgreen", 0x228B22), ("fuchsia", 0xFF00FF), ("gainsboro", 0xDCDCDC), ("ghostwhite", 0xF8F8FF),
        ("gold", 0xFFD700), ("goldenrod", 0xDAA520), ("gray", 0x808080), ("green", 0x008000),
        ("greenyellow", 0xADFF2F), ("grey", 0x808080), ("honeydew", 0xF0FFF0), ("hotpink", 0xFF69B4),
        ("indianred", 0xCD5C5C), ("indigo", 0x4B0082), ("ivory", 0xFFFFF0), ("khaki", 0xF0E68C),
        ("lavender", 0xE6E6FA), ("lavenderblush", 0xFFF0F5), ("lawngreen", 0x7CFC00), ("lemonchiffon", 0xFFFACD),
        ("lightblue", 0xADD8E6), ("lightcoral", 0xF08080), ("lightcyan", 0xE0FFFF),
        ("lightgoldenrodyellow", 0xFAFAD2), ("lightgray", 0xD3D3D3), ("lightgreen", 0x90EE90),
        ("lightgrey", 0xD3D3D3), ("lightpink", 0xFFB6C1), ("lightsalmon", 0xFFA07A), ("lightseagreen", 0x20B2AA),
        ("lightskyblue", 0x87CEFA), ("lightslategray", 0x778899), ("lightslategrey", 0x778899),
        ("lightsteelblue", 0xB0C4DE), ("lightyellow", 0xFFFFE0), ("lime", 0x00FF00), ("limegreen", 0x32CD32),
        ("linen", 0xFAF0E6), ("magenta", 0xFF00FF), ("maroon", 0x800000), ("mediumaquamarine", 0x66CDAA),
        ("mediumblue", 0x0000CD), ("mediumorchid", 0xBA55D3), ("mediumpurple", 0x9370DB),
        ("mediumseagreen", 0x3CB371), ("mediumslateblue", 0x7B68EE), ("mediumspringgreen", 0x00FA9A),
        ("mediumturquoise", 0x48D1CC), ("mediumvioletred", 0xC71585), ("midnightblue", 0x191970),
        ("mintcream", 0xF5FFFA), ("mistyrose", 0xFFE4E1), ("moccasin", 0xFFE4B5), ("navajowhite", 0xFFDEAD),
        ("navy", 0x000080), ("oldlace", 0xFDF5E6), ("olive", 0x808000), ("olivedrab", 0x6B8E23),
        ("orange", 0xFFA500), ("orangered", 0xFF4500), ("orchid", 0xDA70D6), ("palegoldenrod", 0xEEE8AA),
        ("palegreen", 0x98FB98), ("paleturquoise", 0xAFEEEE), ("palevioletred", 0xDB7093), ("papayawhip", 0xFFEFD5),
        ("peachpuff", 0xFFDAB9), ("peru", 0xCD853F), ("pink", 0xFFC0CB), ("plum", 0xDDA0DD),
        ("powderblue", 0xB0E0E6), ("purple", 0x800080), ("rebeccapurple", 0x663399), ("red", 0xFF0000),
        ("rosybrown", 0xBC8F8F), ("royalblue", 0x4169E1), ("saddlebrown", 0x8B4513), ("salmon", 0xFA8072),
        ("sandybrown", 0xF4A460), ("seagreen", 0x2E8B57), ("seashell", 0xFFF5EE), ("sienna", 0xA0522D),
        ("silver", 0xC0C0C0), ("skyblue", 0x87CEEB), ("slateblue", 0x6A5ACD), ("slategray", 0x708090),
        ("slategrey", 0x708090), ("snow", 0xFFFAFA), ("springgreen", 0x00FF7F), ("steelblue", 0x4682B4),
        ("tan", 0xD2B48C), ("teal", 0x008080), ("thistle", 0xD8BFD8), ("tomato", 0xFF6347), ("turquoise", 0x40E0D0),
        ("violet", 0xEE82EE), ("wheat", 0xF5DEB3), ("white", 0xFFFFFF), ("whitesmoke", 0xF5F5F5),
        ("yellow", 0xFFFF00), ("yellowgreen", 0x9ACD32)
    ])
}
