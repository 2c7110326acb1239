import FoundationEssentials
import Glibc
import CellGeometry
import CellRaster
import CellText

/// `--all-variants --sheet`: every variant's image side by side on one PNG,
/// each labelled with its name, in a grid whose column count makes the sheet
/// closest to a 3:2 landscape page. Tiles keep their pixels 1:1 (designers
/// compare details), on a light checkerboard where they are transparent; a
/// variant that failed gets a tile saying so. If the grid would pass the
/// canvas limits, tiles are scaled down (bilinear) until it fits.
struct ContactSheet {
    struct Tile {
        let name: String
        /// nil for a variant that failed.
        let image: PixelBuffer?
        let scale: Double
        /// Why the variant failed (its tile shows the first line).
        var error: String? = nil
    }

    /// Margins and label band, in points of the sheet.
    static let margin = 20.0, gap = 16.0, labelHeight = 26.0
    static let background = Color(hex: "#E5E5EA")!
    static let labelColor = Color(hex: "#3A3A3C")!
    static let failedColor = Color(hex: "#D23C3C")!

    let tiles: [Tile]

    /// Columns for `n` tiles of `w` x `h`: the sheet nearest to 3:2.
    static func columns(count n: Int, tileWidth w: Double, tileHeight h: Double) -> Int {
        var best = 1, bestScore = Double.infinity
        for c in 1...max(1, n) {
            let rows = (n + c - 1) / c
            let width = Double(c) * w, height = Double(rows) * h
            let score = abs(log(width / height) - log(1.5))
            if score < bestScore {
                best = c
                bestScore = score
            }
        }
        return best
    }

    func render() throws -> Canvas {
        let scale = tiles.compactMap { $0.image == nil ? nil : $0.scale }.max() ?? 2
        // Tile size in points: the largest variant.
        var tw = 160.0, th = 120.0
        if tiles.contains(where: { $0.image != nil }) {
            tw = tiles.compactMap { $0.image.map { Double($0.width) / scale } }.max()!
            th = tiles.compactMap { $0.image.map { Double($0.height) / scale } }.max()!
        }
        let cellW = tw + Self.gap, cellH = th + Self.labelHeight + Self.gap
        let cols = Self.columns(count: tiles.count, tileWidth: cellW, tileHeight: cellH)
        let rows = (tiles.count + cols - 1) / cols
        var width = 2 * Self.margin + Double(cols) * cellW - Self.gap
        var height = 2 * Self.margin + Double(rows) * cellH - Self.gap
        // Shrink the tiles (not the labels) until the sheet fits the limits.
        var shrink = 1.0
        while true {
            let pw = width * scale, ph = height * scale
            if pw <= Double(CanvasLimits.maxSide), ph <= Double(CanvasLimits.maxSide),
               pw * ph <= Double(CanvasLimits.maxPixels) { break }
            shrink *= 0.8
            width = 2 * Self.margin + Double(cols) * (tw * shrink + Self.gap) - Self.gap
            height = 2 * Self.margin + Double(rows) * (th * shrink + Self.labelHeight + Self.gap) - Self.gap
        }
        let canvas = try Canvas(width: width, height: height, scale: scale)
        canvas.fillAll(Self.background)
        let font = try Font(named: "Helvetica", size: 13)
        for (i, tile) in tiles.enumerated() {
            let x = Self.margin + Double(i % cols) * (tw * shrink + Self.gap)
            let y = Self.margin + Double(i / cols) * (th * shrink + Self.labelHeight + Self.gap)
            if let image = tile.image {
                let w = Double(image.width) / scale * shrink, h = Double(image.height) / scale * shrink
                drawCheckerboard(canvas, Rect(x: x, y: y, width: w, height: h))
                canvas.drawImage(image, in: Rect(x: x, y: y, width: w, height: h))
                label(canvas, tile.name, font: font, x: x, y: y + h + 6, width: tw * shrink, color: Self.labelColor)
            } else {
                let box = Rect(x: x, y: y, width: tw * shrink, height: th * shrink)
                canvas.setFillColor(Color(white: 1, alpha: 0.6))
                canvas.fillRect(box)
                label(canvas, "failed", font: font, x: x, y: y + 8, width: tw * shrink,
                      color: Self.failedColor, align: .center)
                if let error = tile.error, let first = error.split(separator: "\n").first {
                    // The error's first line, wrapped within the tile.
                    let small = Font(face: font.face, size: 11, name: font.name)
                    label(canvas, String(first), font: small, x: x + 6, y: y + 30, width: tw * shrink - 12,
                          height: th * shrink - 36, color: Self.labelColor, align: .center, wrap: true)
                }
                label(canvas, "\(tile.name) (failed)", font: font, x: x, y: y + th * shrink + 6,
                      width: tw * shrink, color: Self.failedColor)
            }
        }
        return canvas
    }

    /// `text` in the box at (x, y): one line truncated in the middle, or
    /// with `wrap` as many lines as `height` holds (at least one).
    private func label(_ canvas: Canvas, _ text: String, font: Font, x: Double, y: Double, width: Double,
                       height: Double? = nil, color: Color, align: TextAlignment = .left, wrap: Bool = false) {
        let box = Rect(x: x, y: y, width: width, height: Swift.max(font.lineHeight, height ?? 0))
        let layout = TextLayout(text: text, font: font, in: box, align: align,
                                truncation: wrap ? .tail : .middle, wrap: wrap)
        canvas.save()
        canvas.setFillColor(color)
        canvas.fill(layout.path())
        try? canvas.restore()
    }

    /// 8-point light gray squares, so transparency reads as such.
    private func drawCheckerboard(_ canvas: Canvas, _ r: Rect) {
        canvas.save()
        canvas.clipRect(r)
        canvas.setFillColor(.white)
        canvas.fillRect(r)
        var p = Path()
        let s = 8.0
        var j = 0
        while Double(j) * s < r.height {
            var i = j % 2
            while Double(i) * s < r.width {
                p.addRect(Rect(x: r.x + Double(i) * s, y: r.y + Double(j) * s, width: s, height: s))
                i += 2
            }
            j += 1
        }
        canvas.setFillColor(Color(white: 0.9))
        canvas.fill(p)
        try? canvas.restore()
    }
}
