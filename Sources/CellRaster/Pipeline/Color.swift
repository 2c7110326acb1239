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
    /// Reads the bytes in place: scripts set colors by string in their
    /// inner loops, so this allocates nothing.
    public init?(hex: String) {
        var hex = hex
        guard let c = hex.withUTF8({ Color(hexBytes: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = c
    }

    /// `init(hex:)` from the UTF-8 bytes themselves (a string an embedder
    /// holds as bytes, as Lua does, parsed without making a `String`).
    public init?(hexBytes bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 1, bytes.count <= 9, bytes[0] == UInt8(ascii: "#") else { return nil }
        var packed: UInt32 = 0
        for c in bytes.dropFirst() {
            let nibble: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = c &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = c &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = c &- UInt8(ascii: "A") &+ 10
            default: return nil
            }
            packed = packed << 4 | UInt32(nibble)
        }
        func channel(_ v: UInt32) -> Double { Double(v & 0xFF) / 255 }
        switch bytes.count - 1 {
        case 3:
            self.init(r: channel((packed >> 8 & 0xF) * 17), g: channel((packed >> 4 & 0xF) * 17),
                      b: channel((packed & 0xF) * 17), a: 1)
        case 6:
            self.init(r: channel(packed >> 16), g: channel(packed >> 8), b: channel(packed), a: 1)
        case 8:
            self.init(r: channel(packed >> 24), g: channel(packed >> 16), b: channel(packed >> 8), a: channel(packed))
        default:
            return nil
        }
    }

    /// This color premultiplied and quantised to 8 bits, with `alpha` (0...1)
    /// applied: the form the compositor works in.
    public func premultiplied(alpha: Double = 1) -> PremultipliedColor {
        let a = self.a * alpha
        func q(_ v: Double) -> Float { Float(Rounding.halfAway(v * 255)) }
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
