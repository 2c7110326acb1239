import CellGeometry
import CellRaster

/// The kit's views drawn once and placed many times: a table repeats the
/// same cell background (and a page the same bevel) at many places, each a
/// view with a backing store of its own whose pixels depend only on the
/// view's look and size, not on where it sits. UIKit of the seeds' era drew
/// these with stretchable images for the same reason.
///
/// Each view is drawn into a layer of the canvas' own device pixels
/// (`Canvas.makeLayer`) and drawn at its frame (`Canvas.draw(_:in:)`), which
/// copies it pixel for pixel when the frame lies on whole device pixels. So
/// a layer's pixels are a function of the look, the transform's scale and
/// the view's size, and a second view with the same ones gets the first
/// one's pixels by construction (not merely close ones).
///
/// A table keeps one for its renders; the Lua runtime one for the kit
/// functions scripts call. Layers are kept up to `budgetBytes`; several
/// threads may use one (a table draws cells in pieces on the canvas'
/// threads).
public final class ViewLayers: @unchecked Sendable {
    /// Bytes of layers kept: 16 MiB (a 600x88 px cell is 206 KiB, a
    /// 604x448 px bevel about 1 MiB). Past it, layers are drawn and placed
    /// but not kept.
    public static let budgetBytes = 16 << 20
    /// The largest view drawn this way, in pixels (larger views are drawn
    /// in place): a quarter of the budget.
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
    /// space) of `canvas` through its layer: drawn now unless a view of an
    /// equal `look`, size and scale was drawn before, then placed with the
    /// canvas' alpha, blend mode, shadow and clip. `body` draws in the
    /// view's coordinates on a fresh layer (the default graphics state).
    ///
    /// `look` must tell apart everything `body` draws differently (colors,
    /// radii, text, the view's state). Returns false, drawing nothing, when
    /// the frame does not cover whole device pixels exactly under a
    /// transform that only scales (by positive factors) and translates, or
    /// the view is too large; the caller then draws another way.
    public func draw<Look: Hashable & Sendable>(
        at frame: Rect, look: Look, in canvas: Canvas, _ body: (Canvas, Double, Double) throws -> Void
    ) throws -> Bool {
        // Nothing of it can show (a view scrolled away, clipped out): it is
        // neither drawn nor placed.
        if let pixels = canvas.devicePixels(exactlyCovering: frame.standardized),
           pixels.intersection(canvas.drawableDeviceBounds).isEmpty {
            return true
        }
        guard let layer = try layer(at: frame, look: look, in: canvas, body) else { return false }
        canvas.draw(layer, in: frame.standardized)
        return true
    }

    /// The layer `draw` would place, drawn now unless it was before; nil
    /// under the same conditions. For views placed in pieces (drawn clipped
    /// to each).
    public func layer<Look: Hashable & Sendable>(
        at frame: Rect, look: Look, in canvas: Canvas, _ body: (Canvas, Double, Double) throws -> Void
    ) throws -> Canvas? {
        let m = canvas.state.ctm, f = frame.standardized
        guard m.a > 0, m.d > 0, m.isRectilinear, f.width > 0, f.height > 0,
              let pixels = canvas.devicePixels(exactlyCovering: f),
              pixels.width * pixels.height <= Self.largestLayerPixels else { return nil }
        let key = Key(look: AnyHashable(look), scaleX: m.a, scaleY: m.d, width: f.width, height: f.height)
        if let kept = entries.withLock({ $0.layers[key] }) { return kept }
        let layer = try canvas.makeLayer(width: f.width, height: f.height)
        try body(layer, f.width, f.height)
        layer.flush()
        return keep(layer, for: key)
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
