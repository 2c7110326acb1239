/// The bitmap of a color glyph (an emoji of a CBDT or sbix font): premultiplied
/// RGBA pixels at the font's fixed strike, made when first drawn.
///
/// Why here: text layout (CellText) knows the font and the raster backend
/// (CellRaster) draws pixels; neither depends on the other. The glyph's
/// `GlyphShape` holds this object, whose identity names the glyph's bitmap
/// for caches and for writers (each distinct glyph embedded once). Its
/// pixels are loaded by `load` on demand (a strike is some 70 KB a glyph,
/// too much to keep for every glyph a face ever drew), and callers keep
/// them in bounded caches of their own.
public final class ColorGlyphImage: Sendable {
    /// The strike's size in pixels.
    public let pixelWidth: Int, pixelHeight: Int
    private let loader: @Sendable () -> [UInt8]?

    /// `load` gives `pixelWidth * pixelHeight * 4` bytes, R, G, B, A
    /// premultiplied, rows top to bottom (nil when the glyph cannot be
    /// read after all).
    public init(pixelWidth: Int, pixelHeight: Int, load: @escaping @Sendable () -> [UInt8]?) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        loader = load
    }

    /// The pixels (see `init`), read now; nil when they cannot be read.
    public func load() -> [UInt8]? {
        guard let pixels = loader(), pixels.count == pixelWidth * pixelHeight * 4 else { return nil }
        return pixels
    }
}
