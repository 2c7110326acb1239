/// Values by glyph id, in pages of 256 ids made on first use: a lookup is two
/// array reads, where a dictionary would hash the id for every glyph of every
/// text call, and a face with tens of thousands of glyphs (CJK) costs only
/// the pages of the glyphs drawn.
struct GlyphTable<Value> {
    private var pages: [[Value?]?] = []

    subscript(glyph: UInt32) -> Value? {
        get {
            let page = Int(glyph >> 8)
            guard page < pages.count, let values = pages[page] else { return nil }
            return values[Int(glyph & 0xFF)]
        }
        set {
            let page = Int(glyph >> 8)
            if page >= pages.count { pages.append(contentsOf: repeatElement(nil, count: page + 1 - pages.count)) }
            if pages[page] == nil { pages[page] = [Value?](repeating: nil, count: 256) }
            pages[page]![Int(glyph & 0xFF)] = newValue
        }
    }
}
