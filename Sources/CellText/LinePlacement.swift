import CellGeometry

/// A shaped line's glyphs with their outlines, placed with the pen starting
/// at (0, 0) on the baseline: made the first time the line is drawn, then
/// shared by every copy of the line and by the shaping cache's entry, so a
/// text drawn again (the same label on every row, every frame) looks up no
/// outline and builds no array. Lines only measured (truncation's
/// candidates) never place anything.
final class LinePlacement: Sendable {
    /// The placement of every empty line (nothing to place).
    static let empty = LinePlacement()

    private let made = Locked<(glyphs: [PlacedGlyph], bounds: Rect?)?>(nil)

    /// `line`'s glyphs placed from (0, 0), blank ones left out, and the box
    /// of their outlines (nil when none is left).
    func placed(_ line: ShapedLine) -> (glyphs: [PlacedGlyph], bounds: Rect?) {
        if let done = made.withLock({ $0 }) { return done }
        let placed = Self.place(line)
        made.withLock { if $0 == nil { $0 = placed } }
        return placed
    }

    private static func place(_ line: ShapedLine) -> (glyphs: [PlacedGlyph], bounds: Rect?) {
        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(line.glyphs.count)
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var pen = 0.0
        let glyphs = line.glyphs
        // Runs of glyphs from one face (a line is usually one run): the
        // face's outlines looked up under one lock per run.
        var start = 0
        while start < glyphs.count {
            let faceIndex = glyphs[start].faceIndex
            let end = glyphs[start...].firstIndex { $0.faceIndex != faceIndex } ?? glyphs.count
            let face = line.face(of: glyphs[start])
            let s = line.font.size / face.unitsPerEm
            face.withOutlines { outline in
                for glyph in glyphs[start..<end] {
                    let x = pen + glyph.offsetX, y = -glyph.offsetY
                    pen += glyph.advance
                    guard let shape = outline(glyph.id).shape else { continue }
                    let b = shape.bounds
                    x0 = min(x0, x + b.minX * s)
                    x1 = max(x1, x + b.maxX * s)
                    y0 = min(y0, y - b.maxY * s)
                    y1 = max(y1, y - b.minY * s)
                    placed.append(PlacedGlyph(shape: shape, transform: AffineTransform(a: s, b: 0, c: 0, d: -s, tx: x, ty: y)))
                }
            }
            start = end
        }
        let bounds = placed.isEmpty ? nil : Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        return (placed, bounds)
    }
}
