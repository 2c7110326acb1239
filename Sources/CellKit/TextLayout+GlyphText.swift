import CellGeometry
import CellRaster
import CellText

extension TextLayout {
    /// What this layout's glyphs read, as `GlyphText` for a fill of them
    /// drawn with the glyphs' space moved by `origin` (`fillGlyphs(_:at:)`):
    /// per line, a run per face; made only when a writer asks.
    ///
    /// A run is text when its face can be named: its family lists that very
    /// face on this machine (`FontCatalog.lists`), and no glyph is the face's
    /// box for a missing character. Runs of a color face (emoji) are left
    /// out: they are drawn as images. A line whose glyphs are not in the
    /// order of its characters (right-to-left text, which a renderer would
    /// lay out again with its own bidi) stays outlines whole.
    ///
    /// It keeps each line's text, font and origin only (a text drawn a
    /// million times must not keep a million shapings alive): the writer
    /// shapes the text again, which gives the same glyphs (shaping is
    /// deterministic and cached).
    public func glyphText(movedBy origin: Point) -> GlyphText {
        let lines = self.lines.map { (text: $0.shaped.text, font: $0.shaped.font, origin: $0.origin) }
        // The object, its closure, the array and each line's record and text.
        let kept = lines.reduce(192) { $0 + 96 + ($1.text.utf8.count > 15 ? 32 + $1.text.utf8.count : 0) }
        return GlyphText(keeping: kept) {
            var pieces: [GlyphText.Piece] = []
            for line in lines {
                Self.pieces(of: line.font.shape(line.text), at: Point(line.origin.x - origin.x, line.origin.y - origin.y),
                            into: &pieces)
            }
            return pieces
        }
    }

    private static func pieces(of line: ShapedLine, at start: Point, into pieces: inout [GlyphText.Piece]) {
        let glyphs = line.glyphs
        guard !glyphs.isEmpty else { return }
        let font = line.font
        let utf8 = Array(line.text.utf8)
        // Each glyph's pen position from the line's start.
        var pens: [Double] = []
        pens.reserveCapacity(glyphs.count)
        var pen = 0.0
        for g in glyphs {
            pens.append(pen)
            pen += g.advance
        }
        let inOrder = zip(glyphs, glyphs.dropFirst()).allSatisfy { $0.cluster <= $1.cluster }
            && glyphs.allSatisfy { $0.cluster >= 0 && $0.cluster <= utf8.count }
        var s = 0
        while s < glyphs.count {
            let faceIndex = glyphs[s].faceIndex
            let e = glyphs[s...].firstIndex { $0.faceIndex != faceIndex } ?? glyphs.count
            let face = font.face(at: faceIndex)
            let scale = font.size / face.unitsPerEm
            // Color glyphs (emoji) are listed as images of their own
            // (`Canvas.fillGlyphs`): not text here, nor outlines.
            if face.hasColorBitmaps {
                s = e
                continue
            }
            if inOrder, let named = Self.named(face, asked: faceIndex == 0 ? font.name : nil),
               !glyphs[s..<e].contains(where: { $0.id == 0 }) {
                let from = glyphs[s].cluster, to = e < glyphs.count ? glyphs[e].cluster : utf8.count
                let text = String(decoding: utf8[from..<to], as: UTF8.self)
                // Tracking is written as letter-spacing: only moves beyond it need
                // positions. With features set, positions always (renderers that
                // ignore font-feature-settings, as librsvg, still place glyphs right).
                let moved = !font.features.isEmpty || glyphs[s..<e].contains {
                    $0.offsetX != 0 || $0.offsetY != 0
                        || abs($0.advance - font.tracking - face.nominalAdvance(of: $0.id) * scale) > 1e-9 * font.size
                }
                var xs: [Double]?
                if moved {
                    // One glyph per character, each at its cluster, in the
                    // Basic Multilingual Plane (SVG counts UTF-16 units).
                    var offsets: [Int] = []
                    var offset = from
                    for scalar in text.unicodeScalars {
                        offsets.append(offset)
                        offset += scalar.utf8.count
                    }
                    let simple = offsets.count == e - s && text.unicodeScalars.allSatisfy { $0.value < 0x10000 }
                        && zip(offsets, glyphs[s..<e]).allSatisfy { $0 == $1.cluster }
                    if simple { xs = (s..<e).map { start.x + pens[$0] + glyphs[$0].offsetX } }
                }
                pieces.append(.text(GlyphText.Run(text: text, face: named, size: font.size,
                                                  origin: Point(start.x + pens[s], start.y), xs: xs,
                                                  letterSpacing: font.tracking,
                                                  features: font.features.map { ($0.tag, Int($0.value)) },
                                                  variations: face.variations.map { ($0.tag, $0.value) })))
            } else {
                var placed: [PlacedGlyph] = []
                face.withOutlines { outline in
                    for i in s..<e {
                        guard let shape = outline(glyphs[i].id).shape else { continue }
                        placed.append(PlacedGlyph(shape: shape, transform: AffineTransform(
                            a: scale, b: 0, c: 0, d: -scale,
                            tx: start.x + pens[i] + glyphs[i].offsetX, ty: start.y - glyphs[i].offsetY)))
                    }
                }
                if !placed.isEmpty { pieces.append(.outline(placed)) }
            }
            s = e
        }
    }

    /// `face` as CSS names it, if a lookup by its family finds it; `asked`:
    /// the name the script gave (its family follows the face's own when it
    /// differs and is not a file).
    private static func named(_ face: FontFace, asked: String?) -> GlyphText.Face? {
        guard FontCatalog.system.lists(family: face.familyName, path: face.path, index: face.index) else { return nil }
        var families = [face.familyName]
        if let asked, !Font.isPath(asked) {
            let family = FontRequest.parse(asked).family
            if !family.isEmpty, family.lowercased().filter({ $0 != " " }) != face.familyName.lowercased().filter({ $0 != " " }) {
                families.append(family)
            }
        }
        return GlyphText.Face(families: families, weight: face.weightClass, italic: face.isItalic)
    }
}
