import Foundation

/// An independent reading of a TrueType/OpenType file's horizontal metrics:
/// `cmap` (formats 4 and 12), `hmtx`, and the pair adjustments (lookup type 2,
/// formats 1 and 2, also inside extension lookups) of GPOS's `kern` feature.
/// It shares no code with CellText (which asks HarfBuzz), so a test can check
/// that measured widths are the font file's advances plus its kerning.
/// Enough for Latin text without ligatures or marks, which is what the tests use.
struct OpenTypeOracle {
    let data: [UInt8]
    let unitsPerEm: Int
    private var tables: [String: Int] = [:]
    private let numberOfHMetrics: Int
    private var kernLookups: [Int] = []

    init(path: String) throws {
        data = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var tables: [String: Int] = [:]
        let count = Int(Self.u16(data, 4))
        for i in 0..<count {
            let record = 12 + 16 * i
            let tag = String(decoding: data[record..<(record + 4)], as: UTF8.self)
            tables[tag] = Int(Self.u32(data, record + 8))
        }
        self.tables = tables
        unitsPerEm = Int(Self.u16(data, tables["head"]! + 18))
        numberOfHMetrics = Int(Self.u16(data, tables["hhea"]! + 34))
        if let gpos = tables["GPOS"] {
            let features = gpos + Int(Self.u16(data, gpos + 6))
            var lookups: Set<Int> = []
            for i in 0..<Int(Self.u16(data, features)) {
                let record = features + 2 + 6 * i
                guard String(decoding: data[record..<(record + 4)], as: UTF8.self) == "kern" else { continue }
                let feature = features + Int(Self.u16(data, record + 4))
                for j in 0..<Int(Self.u16(data, feature + 2)) {
                    lookups.insert(Int(Self.u16(data, feature + 4 + 2 * j)))
                }
            }
            kernLookups = lookups.sorted()
        }
    }

    static func u16(_ d: [UInt8], _ o: Int) -> UInt16 { UInt16(d[o]) << 8 | UInt16(d[o + 1]) }
    static func i16(_ d: [UInt8], _ o: Int) -> Int { Int(Int16(bitPattern: u16(d, o))) }
    static func u32(_ d: [UInt8], _ o: Int) -> UInt32 { UInt32(u16(d, o)) << 16 | UInt32(u16(d, o + 2)) }
    func u16(_ o: Int) -> Int { Int(Self.u16(data, o)) }

    // MARK: cmap

    func glyph(_ scalar: Unicode.Scalar) -> Int {
        let cmap = tables["cmap"]!
        var format4: Int? = nil, format12: Int? = nil
        for i in 0..<u16(cmap + 2) {
            let record = cmap + 4 + 8 * i
            let platform = u16(record), encoding = u16(record + 2)
            let sub = cmap + Int(Self.u32(data, record + 4))
            let format = u16(sub)
            if format == 12, platform == 3 || platform == 0 { format12 = sub }
            if format == 4, (platform == 3 && encoding == 1) || platform == 0 { format4 = sub }
        }
        let c = Int(scalar.value)
        if let sub = format12 {
            let groups = Int(Self.u32(data, sub + 12))
            for g in 0..<groups {
                let o = sub + 16 + 12 * g
                let start = Int(Self.u32(data, o)), end = Int(Self.u32(data, o + 4))
                if c >= start && c <= end { return Int(Self.u32(data, o + 8)) + c - start }
            }
            return 0
        }
        let sub = format4!
        let segments = u16(sub + 6) / 2
        let ends = sub + 14, starts = ends + 2 * segments + 2
        let deltas = starts + 2 * segments, offsets = deltas + 2 * segments
        for s in 0..<segments where c <= u16(ends + 2 * s) {
            let start = u16(starts + 2 * s)
            guard c >= start else { return 0 }
            let delta = u16(deltas + 2 * s), rangeOffset = u16(offsets + 2 * s)
            if rangeOffset == 0 { return (c + delta) & 0xFFFF }
            let g = u16(offsets + 2 * s + rangeOffset + 2 * (c - start))
            return g == 0 ? 0 : (g + delta) & 0xFFFF
        }
        return 0
    }

    // MARK: hmtx

    func advance(_ glyph: Int) -> Int {
        let hmtx = tables["hmtx"]!
        return u16(hmtx + 4 * min(glyph, numberOfHMetrics - 1))
    }

    // MARK: GPOS pair adjustment

    /// The x-advance adjustment of the first glyph of the pair, summed over
    /// the kern feature's lookups (the first matching subtable of each).
    func kern(_ first: Int, _ second: Int) -> Int {
        guard let gpos = tables["GPOS"] else { return 0 }
        let lookupList = gpos + u16(gpos + 8)
        var total = 0
        for index in kernLookups {
            let lookup = lookupList + u16(lookupList + 2 + 2 * index)
            var type = u16(lookup)
            for s in 0..<u16(lookup + 4) {
                var sub = lookup + u16(lookup + 6 + 2 * s)
                if type == 9 {
                    type = u16(sub + 2)
                    sub += Int(Self.u32(data, sub + 4))
                }
                guard type == 2 else { continue }
                if let value = pairValue(sub, first, second) {
                    total += value
                    break
                }
            }
        }
        return total
    }

    private func pairValue(_ sub: Int, _ first: Int, _ second: Int) -> Int? {
        guard let coverageIndex = coverage(sub + u16(sub + 2), first) else { return nil }
        let format1 = u16(sub + 4), format2 = u16(sub + 6)
        let size1 = 2 * format1.nonzeroBitCount, size2 = 2 * format2.nonzeroBitCount
        if u16(sub) == 1 {
            let set = sub + u16(sub + 10 + 2 * coverageIndex)
            for r in 0..<u16(set) {
                let record = set + 2 + r * (2 + size1 + size2)
                if u16(record) == second { return xAdvance(record + 2, format1) }
            }
            return nil
        }
        let class1 = classOf(sub + u16(sub + 8), first)
        let class2 = classOf(sub + u16(sub + 10), second)
        let class2Count = u16(sub + 14)
        let record = sub + 16 + (class1 * class2Count + class2) * (size1 + size2)
        return xAdvance(record, format1)
    }

    private func xAdvance(_ record: Int, _ format: Int) -> Int {
        guard format & 0x4 != 0 else { return 0 }
        let before = (format & 0x3).nonzeroBitCount
        return Self.i16(data, record + 2 * before)
    }

    private func coverage(_ table: Int, _ glyph: Int) -> Int? {
        if u16(table) == 1 {
            for i in 0..<u16(table + 2) where u16(table + 4 + 2 * i) == glyph { return i }
            return nil
        }
        for i in 0..<u16(table + 2) {
            let r = table + 4 + 6 * i
            if glyph >= u16(r) && glyph <= u16(r + 2) { return u16(r + 4) + glyph - u16(r) }
        }
        return nil
    }

    private func classOf(_ table: Int, _ glyph: Int) -> Int {
        if u16(table) == 1 {
            let start = u16(table + 2), count = u16(table + 4)
            return glyph >= start && glyph < start + count ? u16(table + 6 + 2 * (glyph - start)) : 0
        }
        for i in 0..<u16(table + 2) {
            let r = table + 4 + 6 * i
            if glyph >= u16(r) && glyph <= u16(r + 2) { return u16(r + 4) }
        }
        return 0
    }

    // MARK: whole strings

    /// The width in font units of `text` set with advances and pair kerning.
    func width(_ text: String) -> Int {
        let glyphs = text.unicodeScalars.map(glyph)
        var total = glyphs.map(advance).reduce(0, +)
        for i in 0..<max(0, glyphs.count - 1) { total += kern(glyphs[i], glyphs[i + 1]) }
        return total
    }
}
