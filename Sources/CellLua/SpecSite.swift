import CLua
import FoundationEssentials

/// Where a spec field is written. A spec table (`cell.ui.table { ... }`)
/// often spans dozens of lines, but Lua reports an error at the line of the
/// call; a mistake in `sections[2].rows[3].acessory` should point at that
/// field's own line. Lua keeps no lines for table fields, so this reads the
/// calling chunk's source: from the call's line it finds the first table
/// constructor and walks it as Lua parses it (names, `[key] =`, positional
/// items, nested constructors; strings, long brackets and comments skipped)
/// to the field the path names. A spec built elsewhere (a variable, a
/// function's result) is not found there: the error keeps the call's line,
/// or the line of the deepest part of the path that is written in it.
enum SpecSite {
    /// One step of a field path: a name or a 1-based position.
    enum Step: Equatable {
        case name(String)
        case index(Int)
    }

    /// `sections[2].rows[1].text` as steps; nil when it is not a path.
    static func steps(_ path: String) -> [Step]? {
        var out: [Step] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = part[...]
            let name = rest.prefix { $0 != "[" }
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            out.append(.name(String(name)))
            rest = rest.dropFirst(name.count)
            while rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let n = Int(rest[rest.index(after: rest.startIndex)..<close]) else {
                    return nil
                }
                out.append(.index(n))
                rest = rest[rest.index(after: close)...]
            }
            guard rest.isEmpty else { return nil }
        }
        return out.isEmpty ? nil : out
    }

    /// The 1-based line of the field `steps` names in the first table
    /// constructor that starts on or after line `from` of `source`; the line
    /// of the deepest step found when the rest is not written there; nil
    /// when not even the first step is.
    static func line(of steps: [Step], from: Int, in source: String) -> Int? {
        var lexer = Lexer(Array(source.utf8))
        while let t = lexer.next() {
            if t.line >= from && t.kind == .open("{") {
                return walk(&lexer, steps[...], found: nil)
            }
        }
        return nil
    }

    /// Reads the constructor whose `{` was just read, looking for `steps`.
    private static func walk(_ lexer: inout Lexer, _ steps: ArraySlice<Step>, found: Int?) -> Int? {
        guard let want = steps.first else { return found }
        var position = 0
        while let t = lexer.next() {
            if t.kind == .close("}") { return found }
            if t.kind == .punct(",") || t.kind == .punct(";") { continue }
            // The field's key, if it has one.
            var key: Step
            var keyLine = t.line
            var valueStart: Token?
            if case .name(let n) = t.kind, lexer.peek()?.kind == .punct("=") {
                _ = lexer.next()
                key = .name(n)
            } else if t.kind == .open("[") {
                let inside = lexer.next()
                var k: Step? = nil
                if case .string(let s)? = inside?.kind { k = .name(s) }
                if case .number(let n)? = inside?.kind { k = .index(n) }
                if inside?.kind != .close("]") { skip(&lexer, until: "]", from: inside) }
                if lexer.peek()?.kind == .punct("=") { _ = lexer.next() }
                key = k ?? .name("")
            } else {
                position += 1
                key = .index(position)
                valueStart = t
            }
            let value = valueStart ?? lexer.next()
            guard let value else { return found }
            if valueStart != nil { keyLine = value.line }
            if key == want {
                if steps.count == 1 { return keyLine }
                if value.kind == .open("{") { return walk(&lexer, steps.dropFirst(), found: keyLine) }
                return keyLine
            }
            skipValue(&lexer, from: value)
        }
        return found
    }

    /// Skips the rest of a field's value, up to (not including) the `,`,
    /// `;` or `}` that ends it.
    private static func skipValue(_ lexer: inout Lexer, from first: Token) {
        var depth = 0
        var t: Token? = first
        while let token = t {
            switch token.kind {
            case .open: depth += 1
            case .close: depth -= 1
            default: break
            }
            if let p = lexer.peek(), depth == 0 {
                if p.kind == .punct(",") || p.kind == .punct(";") || p.kind == .close("}") { return }
            }
            t = lexer.next()
        }
    }

    private static func skip(_ lexer: inout Lexer, until close: Character, from first: Token?) {
        var depth = 0
        var t = first
        while let token = t {
            switch token.kind {
            case .open: depth += 1
            case .close(let c):
                if depth == 0 && c == close { return }
                depth -= 1
            default: break
            }
            t = lexer.next()
        }
    }

    struct Token {
        enum Kind: Equatable {
            case name(String), string(String), number(Int), open(Character), close(Character), punct(Character), other
        }
        var kind: Kind
        var line: Int
    }

    /// Just enough of Lua's lexer to walk table constructors.
    struct Lexer {
        let bytes: [UInt8]
        var i = 0
        var line = 1
        private var peeked: Token?

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            // A first line starting with # is skipped by Lua (a shebang).
            if bytes.first == UInt8(ascii: "#") { while i < bytes.count && bytes[i] != 10 { i += 1 } }
        }

        mutating func peek() -> Token? {
            if peeked == nil { peeked = scan() }
            return peeked
        }

        mutating func next() -> Token? {
            if let p = peeked {
                peeked = nil
                return p
            }
            return scan()
        }

        private func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }

        /// The level of a long bracket `[==[` starting at `k`, or nil.
        private func longLevel(_ k: Int) -> Int? {
            guard at(k) == UInt8(ascii: "[") else { return nil }
            var j = k + 1
            while at(j) == UInt8(ascii: "=") { j += 1 }
            return at(j) == UInt8(ascii: "[") ? j - k - 1 : nil
        }

        /// Skips a long bracket whose opening is at `i` (level `level`).
        private mutating func skipLong(_ level: Int) {
            i += level + 2
            while i < bytes.count {
                if bytes[i] == 10 { line += 1 }
                if bytes[i] == UInt8(ascii: "]") {
                    var j = i + 1
                    while at(j) == UInt8(ascii: "=") { j += 1 }
                    if at(j) == UInt8(ascii: "]") && j - i - 1 == level {
                        i = j + 1
                        return
                    }
                }
                i += 1
            }
        }

        private mutating func scan() -> Token? {
            while i < bytes.count {
                let c = bytes[i]
                if c == 10 { line += 1; i += 1; continue }
                if c == 32 || c == 9 || c == 13 || c == 11 || c == 12 { i += 1; continue }
                if c == UInt8(ascii: "-") && at(i + 1) == UInt8(ascii: "-") {
                    i += 2
                    if let level = longLevel(i) { skipLong(level) } else { while i < bytes.count && bytes[i] != 10 { i += 1 } }
                    continue
                }
                let start = line
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    var text: [UInt8] = []
                    i += 1
                    while i < bytes.count && bytes[i] != c {
                        if bytes[i] == UInt8(ascii: "\\") { i += 1; if at(i) == 10 { line += 1 } }
                        else if bytes[i] == 10 { line += 1 }
                        if i < bytes.count { text.append(bytes[i]) }
                        i += 1
                    }
                    i += 1
                    return Token(kind: .string(String(decoding: text, as: UTF8.self)), line: start)
                }
                if let level = longLevel(i) {
                    skipLong(level)
                    return Token(kind: .other, line: start)
                }
                if c.isNameStart {
                    let s = i
                    while i < bytes.count && (bytes[i].isNameStart || (48...57).contains(bytes[i])) { i += 1 }
                    return Token(kind: .name(String(decoding: bytes[s..<i], as: UTF8.self)), line: start)
                }
                if (48...57).contains(c) {
                    let s = i
                    while i < bytes.count && (bytes[i].isNameStart || (48...57).contains(bytes[i]) || bytes[i] == UInt8(ascii: ".")) {
                        i += 1
                    }
                    let text = String(decoding: bytes[s..<i], as: UTF8.self)
                    return Token(kind: Int(text).map { .number($0) } ?? .other, line: start)
                }
                i += 1
                switch c {
                case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): return Token(kind: .open(Character(UnicodeScalar(c))), line: start)
                case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): return Token(kind: .close(Character(UnicodeScalar(c))), line: start)
                case UInt8(ascii: ","), UInt8(ascii: ";"):
                    return Token(kind: .punct(Character(UnicodeScalar(c))), line: start)
                case UInt8(ascii: "="):
                    if at(i) == UInt8(ascii: "=") { i += 1; return Token(kind: .other, line: start) }
                    return Token(kind: .punct("="), line: start)
                default:
                    return Token(kind: .other, line: start)
                }
            }
            return nil
        }
    }

    /// Runs `body`; a spec error it throws is `relocated`.
    static func relocating<T>(_ lua: Lua, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LuaError {
            throw relocated(error, lua.L)
        }
    }

    /// `error` at the line of the spec field it names, when the calling
    /// chunk is a file (or a string of code) whose constructor holds it;
    /// `error` as it was otherwise.
    static func relocated(_ error: LuaError, _ L: OpaquePointer) -> LuaError {
        guard case .argument(let n, let message) = error,
              let colon = message.firstIndex(of: ":"),
              let steps = steps(String(message[..<colon])) else { return error }
        var src = [CChar](repeating: 0, count: Int(cl_idsize()))
        let callLine = Int(src.withUnsafeMutableBufferPointer { cl_whereline(L, 1, $0.baseAddress) })
        guard callLine > 0, let raw = cl_callersource(L, 1) else { return error }
        let source = String(cString: raw)
        let text: String
        if source.hasPrefix("@") {
            // Only a file this runtime ran: a chunk named "@/some/file" by
            // `load` must not make this read (and reveal lines of) any file.
            let path = String(source.dropFirst())
            guard LuaRuntime.current(L).loadedFiles.contains(LuaRuntime.absolutePath(path)),
                  let data = FileManager.default.contents(atPath: path), data.count <= 8 << 20 else { return error }
            text = String(decoding: data, as: UTF8.self)
        } else if source.hasPrefix("=") {
            return error
        } else {
            text = source
        }
        guard let line = line(of: steps, from: callLine, in: text), line != callLine else { return error }
        return .argumentAt(n, message, line: line)
    }
}

private extension UInt8 {
    var isNameStart: Bool { (65...90).contains(self) || (97...122).contains(self) || self == 95 }
}
