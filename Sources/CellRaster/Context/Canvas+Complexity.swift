import CellGeometry

/// Bounds on the work one painting call can cause. Flattening culls what
/// cannot be seen (`CullBox`), so these only bite on paths whose visible part
/// is absurdly detailed: a hard cap instead of an allocation that takes the
/// machine down.
extension Canvas {
    /// Most points the flattening of one fill, clip or stroke centre line may
    /// make, within the area that can show (16 bytes each: 64 MB). Strokes
    /// throw `StrokeError.tooComplex` past it; for fills and clips,
    /// `checkComplexity(of:)` says so before painting.
    public static let maxFlattenedPoints = 4_000_000

    /// Throws `CanvasError.tooComplex` when filling or clipping with `path`
    /// (user space; nil: the current path, left in place) would flatten to
    /// more than `maxFlattenedPoints` points where coverage can matter.
    /// O(elements), no allocation. The binding calls it before `fill` and
    /// `clip`, which do not throw; a Swift caller with untrusted paths should
    /// too.
    public func checkComplexity(of path: Path?) throws {
        let (source, transform) = path.map { ($0, state.ctm) } ?? (currentPath, .identity)
        // The boxes the painting flattens for, exactly: counting in a
        // narrower one would undercount what is really flattened.
        var boxes = [fillFlatteningBox, clipFlatteningBox]
        if let shadow = state.shadow, let from = shadowSource(shadow) { boxes.append(flatteningBox(from.region)) }
        // Each box is flattened for separately (the shape, the clip mask, the
        // shadow's source): the largest count is the most memory held at once.
        var most = 0
        for box in boxes where !box.isEmpty {
            let count = source.flattenedPointCount(tolerance: Self.flatteningTolerance, transform: transform,
                                                   cull: CullBox(box.deviceRect))
            most = Swift.max(most, count)
        }
        if most > Self.maxFlattenedPoints {
            throw CanvasError.tooComplex(
                "path too complex: flattening it would make \(most) points (limit \(Self.maxFlattenedPoints))")
        }
    }

    /// The box a path is flattened for when coverage is wanted within
    /// `bounds`: `bounds` widened leftwards to the surface's left edge, where
    /// coverage is summed from (`sumFrom`); curves outside it become chords
    /// (CullBox). Fills, clips, shadows and `checkComplexity` all use it.
    func flatteningBox(_ bounds: IntRect) -> IntRect { Self.summed(bounds, from: sumFrom) }

    /// What a fill or stroke flattens for: the drawable pixels, widened.
    var fillFlatteningBox: IntRect { flatteningBox(drawableBounds) }

    /// What a clip flattens for: the clip in force within the canvas, widened.
    var clipFlatteningBox: IntRect { flatteningBox(clipArea) }

    /// Where coverage can matter for a painting call: the drawable bounds,
    /// and the pixels a shadow can come from (one box covering both).
    var coverageBounds: IntRect {
        let drawable = drawableBounds
        guard let shadow = state.shadow, let from = shadowSource(shadow)?.region else { return drawable }
        if drawable.isEmpty { return from }
        return IntRect(x0: Swift.min(drawable.x0, from.x0), y0: Swift.min(drawable.y0, from.y0),
                       x1: Swift.max(drawable.x1, from.x1), y1: Swift.max(drawable.y1, from.y1))
    }
}
