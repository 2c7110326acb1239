import CellRaster
import FoundationEssentials
import Glibc

/// A parameter value given from outside a script: a `-D name=value` on the
/// command line (always text, converted to the default's type when the script
/// reads it) or an entry of a variant (already typed).
public enum ParamValue: Equatable, Sendable {
    case text(String)
    case number(Double)
    case boolean(Bool)
    case color(Color)
}

/// One parameter with where it came from, for error messages.
public struct Param: Equatable, Sendable {
    public var value: ParamValue
    /// "-D" or "variant 'dark'".
    public var source: String

    public init(_ value: ParamValue, source: String) {
        self.value = value
        self.source = source
    }

    /// Parses `-D name=value` (the value may itself contain `=`).
    public static func define(_ text: String) -> (String, Param)? {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else { return nil }
        let name = String(text[..<eq])
        return (name, Param(.text(String(text[text.index(after: eq)...])), source: "-D"))
    }
}

extension ParamValue {
    /// The words `-D name=true` may use for booleans.
    static let trueWords: Set<String> = ["true", "yes", "on", "1"]
    static let falseWords: Set<String> = ["false", "no", "off", "0"]

    /// This value as a number, if it is one or is text that reads as one.
    var asNumber: Double? {
        switch self {
        case .number(let n): return n
        case .text(let s):
            guard let n = Double(s.trimmingSpaces), n.isFinite else { return nil }
            return n
        default: return nil
        }
    }

    var asBoolean: Bool? {
        switch self {
        case .boolean(let b): return b
        case .text(let s):
            let w = s.lowercased()
            if Self.trueWords.contains(w) { return true }
            if Self.falseWords.contains(w) { return false }
            return nil
        default: return nil
        }
    }

    var asColor: Color? {
        switch self {
        case .color(let c): return c
        case .text(let s): return ColorSpec.parse(s)
        default: return nil
        }
    }

    var asText: String? {
        switch self {
        case .text(let s): return s
        case .number(let n): return n.shortText
        case .boolean(let b): return b ? "true" : "false"
        case .color: return nil
        }
    }

    /// How a value reads in a message.
    var display: String {
        switch self {
        case .text(let s): return "'\(s)'"
        case .number(let n): return String(n)
        case .boolean(let b): return b ? "true" : "false"
        case .color(let c): return "a color (\(c.r), \(c.g), \(c.b), \(c.a))"
        }
    }
}

extension Double {
    /// The number as a person writes it: `320`, not `320.0`; `0.5` as is.
    var shortText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
