/// A color with straight (not premultiplied) components in 0...1, in device RGB
/// as Core Graphics' DeviceRGB treats it (no color management).
public struct Color: Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double

    /// Components are clamped to 0...1; NaN is rejected by the binding before
    /// it gets here and becomes 0 if it does.
    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
        self.r = clamp(r)
        self.g = clamp(g)
        self.b = clamp(b)
        self.a = clamp(a)
    }

    /// A gray as UIColor's colorWithWhite:alpha:.
    public init(white: Double, alpha: Double = 1) {
        self.init(r: white, g: white, b: white, a: alpha)
    }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, alpha: 0)

    /// The named colors callers may use: UIKit's class colors, with UIKit's
    /// values (`gray` is grayColor, white 0.5; `lightgray` 2/3; `darkgray` 1/3).
    public static let named: [(name: String, color: Color)] = [
        ("black", .black),
        ("white", .white),
        ("gray", Color(white: 0.5)),
        ("lightgray", Color(white: 2.0 / 3.0)),
        ("darkgray", Color(white: 1.0 / 3.0)),
        ("red", Color(r: 1, g: 0, b: 0)),
        ("green", Color(r: 0, g: 1, b: 0)),
        ("blue", Color(r: 0, g: 0, b: 1)),
        ("cyan", Color(r: 0, g: 1, b: 1)),
        ("yellow", Color(r: 1, g: 1, b: 0)),
        ("magenta", Color(r: 1, g: 0, b: 1)),
        ("orange", Color(r: 1, g: 0.5, b: 0)),
        ("purple", Color(r: 0.5, g: 0, b: 0.5)),
        ("brown", Color(r: 0.6, g: 0.4, b: 0.2)),
        ("clear", .clear),
    ]

    public static func named(_ name: String) -> Color? {
        let key = name.lowercased()
        return named.first { $0.name == key }?.color
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (hex digits, either case).
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = Array(hex.utf8.dropFirst())
        var values: [Double] = []
        func nibble(_ c: UInt8) -> Int? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c - UInt8(ascii: "A")) + 10
            default: return nil
            }
        }
        switch digits.count {
        case 3:
            for c in digits {
                guard let n = nibble(c) else { return nil }
                values.append(Double(n * 17) / 255)
            }
            values.append(1)
        case 6, 8:
            var i = 0
            while i < digits.count {
                guard let hi = nibble(digits[i]), let lo = nibble(digits[i + 1]) else { return nil }
                values.append(Double(hi * 16 + lo) / 255)
                i += 2
            }
            if values.count == 3 { values.append(1) }
        default:
            return nil
        }
        self.init(r: values[0], g: values[1], b: values[2], a: values[3])
    }

    /// This color premultiplied and quantised to 8 bits, with `alpha` (0...1)
    /// applied: the form the compositor works in.
    public func premultiplied(alpha: Double = 1) -> PremultipliedColor {
        let a = self.a * alpha
        func q(_ v: Double) -> Float { Float((v * 255).rounded()) }
        return PremultipliedColor(r: q(r * a), g: q(g * a), b: q(b * a), a: q(a))
    }
}

/// A premultiplied source color in 0...255 units (kept as Float so blending
/// at partial coverage rounds once, at the end).
public struct PremultipliedColor: Sendable, Equatable {
    public var r: Float, g: Float, b: Float, a: Float

    /// Transparent black.
    public static let clear = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)

    public init(r: Float, g: Float, b: Float, a: Float) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}
