import CLua

/// "Did you mean ...?" for misspelt method and field names of celllua's
/// userdata (`c:fillrect` → `fill_rect`), so a typo is not left to stock
/// Lua's `attempt to call a nil value`.
enum NameSuggestion {
    /// The known name closest to `name`: the same letters ignoring case and
    /// underscores, or at most two edits away (one for names of four
    /// letters or fewer). nil when none is that close.
    /// A name written the Core Graphics way (`set_fill_color`,
    /// `add_line_to_point`, `stroke_path`) finds the celllua name it
    /// shortens to.
    static func closest(to name: String, in known: [String]) -> String? {
        func squeezed(_ s: String) -> String { s.lowercased().filter { $0 != "_" } }
        if let same = known.first(where: { squeezed($0) == squeezed(name) }) { return same }
        for shorter in coreGraphicsShortenings(of: squeezed(name)) {
            if let same = known.first(where: { squeezed($0) == shorter }) { return same }
        }
        let limit = name.count <= 4 ? 1 : 2
        var best: (name: String, distance: Int)?
        for k in known {
            let d = distance(Array(name.lowercased().utf8), Array(k.lowercased().utf8))
            if d <= limit, d < (best?.distance ?? .max) { best = (k, d) }
        }
        return best?.name
    }

    /// `name` (squeezed: lower case, no underscores) without the words Core
    /// Graphics puts around what celllua calls plainly: a leading `add`, or
    /// `cgcontext`, a trailing `color`, `point`, `topoint`, `path`, `inrect`.
    static func coreGraphicsShortenings(of name: String) -> [String] {
        let prefixes = ["cgcontext", "context", "add"]
        let suffixes = ["topoint", "point", "color", "path", "inrect"]
        var heads = [name]
        for p in prefixes where name.hasPrefix(p) && name.count > p.count { heads.append(String(name.dropFirst(p.count))) }
        var result: [String] = []
        for h in heads {
            if h != name { result.append(h) }
            for s in suffixes where h.hasSuffix(s) && h.count > s.count { result.append(String(h.dropLast(s.count))) }
        }
        return result
    }

    /// Edit distance counting insertions, deletions, substitutions and
    /// swaps of neighbours (`widht` is one edit from `width`).
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}

extension Lua {
    /// The `__index` answer for a key the type does not know: an error
    /// naming the close match when there is one (`Canvas has no method
    /// 'fillrect' (did you mean 'fill_rect'?)`), else nil, so that `if
    /// c.foo then` still reads as Lua would.
    func unknownField(of typeName: String, fields: [String]) throws -> Int32 {
        guard let key = indexKey else {
            pushNil()
            return 1
        }
        let methods = methodNames()
        if let match = NameSuggestion.closest(to: key, in: methods + fields) {
            let kind = methods.contains(match) ? "method" : "field"
            throw LuaError.message("\(typeName) has no \(kind) '\(key)' (did you mean '\(match)'?)")
        }
        pushNil()
        return 1
    }

    /// The names in the `__methods` table of the userdata at index 1.
    func methodNames() -> [String] {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        guard lua_getmetatable(L, 1) != 0 else { return [] }
        lua_pushstring(L, "__methods")
        guard lua_rawget(L, -2) == LUA_TTABLE else { return [] }
        var names: [String] = []
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            if lua_type(L, -2) == LUA_TSTRING { names.append(String(cString: cl_tostring(L, -2))) }
            cl_pop(L, 1)
        }
        return names.sorted()
    }
}
