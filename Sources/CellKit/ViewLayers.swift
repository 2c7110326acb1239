import CellGeometry
import CellRaster

/// The kit's views drawn once and placed many times: a table repeats the
/// same cell background (and a page the same bevel) at many places, each a
/// view with a backing store of its own whose pixels depend only on the
/// view's look and size, not on where it sits. UIKit of the seeds' era drew
/// these with stretchable images for the same reason.
///
/// Each view is drawn into a layer of the canvas' own device pixels
/// (`Canvas.makeLayer`) and placed at its frame (`Canvas.draw(_:in:)`),
/// which composites the layer's pixels as they are where the frame lies on
/// whole device pixels and draws its operations again elsewhere. So a
/// layer depends on the look, the pixels per point (`Canvas.layerScale`)
/// and the view's size, and a second view with the same ones is the same
/// drawing by construction. Vector output defines it once and uses it at
/// each place.
///
/// A table keeps one for its renders; the Lua runtime one for the kit
/// functions scripts call. Layers are kept up to `budgetBytes`; several
/// threads may use one (variants render side by side).
public final class ViewLayers: @unchecked Sendable {
    /// Bytes of layers kept: 16 MiB (a 600x88 px cell is 206 KiB, a
    /// 604x448 px bevel about 1 MiB). Past it, layers are drawn and placed
    /// but not kept.
    public static let budgetBytes = 16 << 20
    /// The largest view drawn through a layer, in pixels (larger views are
    /// drawn in a transparency layer at their place): a quarter of the budget.
    static let largestLayerPixels = budgetBytes / 16

    struct Key: Hashable, @unchecked Sendable {
        var look: AnyHashable
        var scaleX: Double, scaleY: Double
        var width: Double, height: Double
    }

    private let entries = Locked<(layers: [Key: Canvas], bytes: Int)>(([:], 0))

    public init() {}

    /// How many layers are kept.
    public var count: Int { entries.withLock { $0.layers.count } }

    /// Draws the view `body(layer, width, height)` draws at `frame` (user
    /// space) of `canvas`, through its layer: drawn now unless a view of an
    /// equal `look`, size and scale was drawn before, then placed with the
    /// canvas' alpha, blend mode, shadow and clip. `body` draws in the
    /// view's coordinates on a fresh layer (the default graphics state).
    /// `look` must tell apart everything `body` draws differently (colors,
    /// radii, text, the view's state).
    public func draw<Look: Hashable & Sendable>(
        at frame: Rect, look: Look, in canvas: Canvas, _ body: (Canvas, Double, Double) throws -> Void
    ) throws {
        let f = frame.standardized
        guard f.width > 0, f.height > 0, f.isFinite else { return }
        let (sx, sy) = canvas.layerScale
        guard f.width * sx * f.height * sy <= Double(Self.largestLayerPixels) else {
            // Too large to keep: a layer of its own at its place.
            try canvas.withSavedState {
                canvas.clipRect(f)
                canvas.beginLayer()
                defer { try? canvas.endLayer(unwinding: true) }
                canvas.translate(f.x, f.y)
                try body(canvas, f.width, f.height)
            }
            return
        }
        let key = Key(look: AnyHashable(look), scaleX: sx, scaleY: sy, width: f.width, height: f.height)
        let layer: Canvas
        if let kept = entries.withLock({ $0.layers[key] }) {
            layer = kept
        } else {
            let made = try canvas.makeLayer(width: f.width, height: f.height)
            try body(made, f.width, f.height)
            layer = keep(made, for: key)
        }
        canvas.draw(layer, in: f)
    }

    /// Keeps `layer` while the budget allows, and returns the layer to
    /// place: the one kept first when another thread drew the same view
    /// meanwhile (they are equal, pixel for pixel).
    private func keep(_ layer: Canvas, for key: Key) -> Canvas {
        entries.withLock { e in
            if let earlier = e.layers[key] { return earlier }
            guard e.bytes + layer.pixelByteCount <= Self.budgetBytes else { return layer }
            e.layers[key] = layer
            e.bytes += layer.pixelByteCount
            return layer
        }
    }
}
