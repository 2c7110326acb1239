import CellGeometry
import CellRaster
import CellText

/// Text on a canvas: a CellText layout drawn with the engine's glyph
/// filling. Here rather than in CellRaster or CellText, which know nothing
/// of each other; the kit and the Lua binding both draw text this way.
extension Canvas {
    /// Draws a layout's glyphs as one shape (`fillGlyphs`): `color` (if
    /// given, else the fill paint) and the layout's clip apply to this fill
    /// only. Used by the kit's text (`CellTextKit`) and by the Lua text calls.
    ///
    /// A line drawn whole (the usual label) is filled from its shared
    /// placement (`TextLayout.wholeLine`): no glyph is placed again.
    public func fillText(_ layout: TextLayout, color: Color?) {
        guard !layout.lines.isEmpty else { return }
        let visible = textCullingRect
        let (glyphs, origin) = layout.wholeLine(visible: visible) ?? (layout.placedGlyphs(visible: visible), Point(0, 0))
        guard !glyphs.isEmpty else { return }
        let text = layout.glyphText(movedBy: origin)
        // The state is saved only when this fill changes it.
        guard color != nil || layout.clip != nil else { return fillGlyphs(glyphs, at: origin, text: text) }
        save()
        if let color { setFillColor(color) }
        if let clip = layout.clip { clipRect(clip) }
        fillGlyphs(glyphs, at: origin, text: text)
        try? restore()
    }

    /// Glyphs outside this user-space rectangle are not drawn: the clip's
    /// bounds, grown by the reach of the shadow in force (its offset plus
    /// twice its blur: the blur's sigma is half of it) and a pixel, so text
    /// whose shadow falls into the clip still casts it. nil when the
    /// transform cannot be inverted (then nothing is culled).
    public var textCullingRect: Rect? {
        guard let inverse = state.ctm.inverted else { return nil }
        let b = state.clip.bounds
        var margin = 1.0
        if let shadow = state.shadow {
            margin += (abs(shadow.dx) + abs(shadow.dy) + 2 * shadow.blur) * scale
        }
        return inverse.apply(Rect(x: Double(b.x0) - margin, y: Double(b.y0) - margin,
                                  width: Double(b.width) + 2 * margin, height: Double(b.height) + 2 * margin))
    }
}

