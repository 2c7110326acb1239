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

    /// The source of a value set by the live preview's controls.
    public static let controlSource = "the page's control"

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

    public var asText: String? {
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

/// What a script says about a parameter where it reads it:
/// `cell.param(name, default, { min =, max =, step =, choices =, label =,
/// doc = })`. `--list-params` prints these; the preview makes its controls
/// from them.
public struct ParamDeclaration: Equatable, Sendable {
    /// "number", "boolean", "string", "color", or "any" (no default).
    public var name: String, type: String
    /// The default as `-D` would write it ("12", "true", "#8799BC"; nil: none).
    public var defaultText: String?
    public var min: Double?, max: Double?, step: Double?
    public var choices: [String]?
    public var label: String?, doc: String?

    public init(name: String, type: String, defaultText: String? = nil, min: Double? = nil, max: Double? = nil,
                step: Double? = nil, choices: [String]? = nil, label: String? = nil, doc: String? = nil) {
        (self.name, self.type, self.defaultText) = (name, type, defaultText)
        (self.min, self.max, self.step, self.choices, self.label, self.doc) = (min, max, step, choices, label, doc)
    }

    /// Why `value` (already of the declared type) is refused, nil when it is
    /// within the range and among the choices.
    func refusal(number value: Double) -> String? {
        if let min, value < min { return "below the minimum \(min.shortText) of parameter '\(name)'" }
        if let max, value > max { return "above the maximum \(max.shortText) of parameter '\(name)'" }
        return nil
    }

    func refusal(text value: String) -> String? {
        guard let choices, !choices.contains(value) else { return nil }
        return "not one of the choices of parameter '\(name)': \(choices.joined(separator: ", "))"
    }

    /// One line of `--list-params`: name, type, default, then the range,
    /// step, choices and label that were given.
    public var line: String {
        var parts = [name, type, "default " + (defaultText ?? "none")]
        if min != nil || max != nil { parts.append("range \(min?.shortText ?? "")..\(max?.shortText ?? "")") }
        if let step { parts.append("step \(step.shortText)") }
        if let choices { parts.append("choices " + choices.joined(separator: "|")) }
        if let label { parts.append("\"\(label)\"") }
        return parts.joined(separator: "  ")
    }

    /// This declaration as a JSON object (`--list-params --json`): the
    /// default as a JSON number or boolean where the type is one.
    public var json: String {
        func quoted(_ s: String) -> String { "\"" + Self.jsonEscaped(s) + "\"" }
        var fields = ["\"name\": \(quoted(name))", "\"type\": \(quoted(type))"]
        if let d = defaultText {
            let raw = (type == "number" && Double(d) != nil) || (type == "boolean" && (d == "true" || d == "false"))
            fields.append("\"default\": " + (raw ? d : quoted(d)))
        } else {
            fields.append("\"default\": null")
        }
        if let min { fields.append("\"min\": \(min.shortText)") }
        if let max { fields.append("\"max\": \(max.shortText)") }
        if let step { fields.append("\"step\": \(step.shortText)") }
        if let choices { fields.append("\"choices\": [" + choices.map(quoted).joined(separator: ", ") + "]") }
        if let label { fields.append("\"label\": \(quoted(label))") }
        if let doc { fields.append("\"doc\": \(quoted(doc))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A color written in any notation `cell.param` takes (`#RGB`,
    /// `rgb(...)`, a name) as `#RRGGBB`, or `#RRGGBBAA` when it is not
    /// opaque; nil when it is no color. The preview's color wells show it.
    public static func hexColor(_ text: String) -> String? {
        ColorSpec.parse(text)?.hexString
    }

    /// `s` escaped for the inside of a JSON string: quotes, backslashes,
    /// control characters, and `<` (so the text can sit in an HTML page's
    /// script).
    public static func jsonEscaped(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }
}
