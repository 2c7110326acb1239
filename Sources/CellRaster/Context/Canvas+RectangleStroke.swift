import CellGeometry

/// A rectangle stroked onto whole pixels (CGContextStrokeRect's common case:
/// borders, frames, a cell's outline). With mitered corners and no dashes
/// the stroke of a closed axis-aligned rectangle is the ring between the
/// rectangle grown and shrunk by half the line width; when each edge of
/// both lands on a pixel boundary, every pixel is wholly in the ring or
/// wholly out, so its spans are two constant runs per row (one across the
/// top and bottom bands) instead of the stroker's outline rasterized. The
/// coverage is the same: 255 inside, nothing outside.
extension Canvas {
    /// The ring that stroking `device` (a device-space path) with the line
    /// style in force covers, when it is one on whole pixels: `hole` is
    /// empty when the line is as wide as the rectangle. Nil for any other
    /// path, a rotated or sheared transform, round or bevel joins, a miter
    /// limit below √2 (a right angle's miter; the stroker bevels under a
    /// limit that is not positive), dashes or a hairline.
    func wholePixelRing(stroking device: Path) -> (outer: IntRect, hole: IntRect)? {
        let style = state.strokeStyle, m = state.ctm
        guard style.join == .miter, style.miterLimit > 0, style.miterLimit * style.miterLimit >= 2,
              style.dashes.isEmpty, style.width > 0, style.width.isFinite,
              m.isRectilinear, m.a != 0, m.d != 0,
              let rect = Self.axisAlignedRectangle(device) else { return nil }
        let hx = style.width / 2 * abs(m.a), hy = style.width / 2 * abs(m.d)
        guard let outer = Self.wholePixels(Rect(x: rect.minX - hx, y: rect.minY - hy,
                                                width: rect.width + 2 * hx, height: rect.height + 2 * hy))
        else { return nil }
        guard rect.width > 2 * hx, rect.height > 2 * hy else { return (outer, .empty) }
        guard let hole = Self.wholePixels(Rect(x: rect.minX + hx, y: rect.minY + hy,
                                               width: rect.width - 2 * hx, height: rect.height - 2 * hy))
        else { return nil }
        return (outer, hole)
    }

    /// The rectangle `path` is, when it is exactly one closed one with
    /// axis-aligned sides: a move, three lines (or four, the last back to
    /// the start) and a close (`axisAlignedRectangle(corners:)`).
    static func axisAlignedRectangle(_ path: Path) -> Rect? {
        let e = path.elements
        guard e.count == 5 || e.count == 6, case .move(let start) = e[0], case .close = e[e.count - 1] else {
            return nil
        }
        var corners = [start]
        for element in e[1..<(e.count - 1)] {
            guard case .line(let p) = element else { return nil }
            corners.append(p)
        }
        return axisAlignedRectangle(corners: corners)
    }

    /// The spans of the pixels of `outer` outside `hole`, all fully covered.
    static func spans(ofRing outer: IntRect, hole: IntRect) -> SpanSource {
        SpanSource(bounds: outer) { job, area, emit in
            RectSpans.emitRing(outer, hole: hole, bounds: job.clamp(area), emit)
        }
    }
}
