import CellGeometry
@testable import CellRaster
import Glibc
import Testing

/// Drawing recorded and done in bands on several threads (`DrawingBatch`)
/// gives the pixels drawing at once on one thread gives, bit for bit; reads
/// of the pixels, shadows and canvases drawn as images see everything drawn
/// before them.
@Suite struct DrawingBatchTests {
    /// A drawing that crosses many bands with every kind of recorded
    /// operation: rect and path fills (both rules, curves crossing band
    /// edges), strokes, path and rect clips, gradients through a clip, layers
    /// with alpha and a blend mode, `clear` and `copy`, and text-like
    /// coverage from many small shapes.
    static func draw(on canvas: Canvas, extras: Bool) throws {
        canvas.setFillColor(Color(r: 0.2, g: 0.5, b: 0.8, a: 0.7))
        canvas.fillRect(Rect(x: 3.3, y: 2.7, width: 150.6, height: 231.1))
        var blob = Path()
        blob.move(to: Point(10, 10))
        blob.curve(control1: Point(190, 5), control2: Point(-40, 170), to: Point(150, 220))
        blob.quad(control: Point(120, 100), to: Point(20, 140))
        blob.close()
        canvas.setFillColor(Color(r: 0.9, g: 0.3, b: 0.1, a: 0.6))
        canvas.fill(blob, rule: .evenodd)
        canvas.save()
        var round = Path()
        round.addRoundedRect(Rect(x: 12.5, y: 30.25, width: 130, height: 170.5), radius: 14)
        canvas.clip(round)
        let g = try Gradient(stops: [.init(location: 0, color: Color(white: 1)),
                                     .init(location: 1, color: Color(r: 0.1, g: 0.2, b: 0.4, a: 0.9))])
        canvas.drawLinearGradient(g, from: Point(0, 30), to: Point(0, 200))
        var style = StrokeStyle()
        style.width = 3.5
        canvas.setStrokeStyle(style)
        canvas.setStrokeColor(Color(white: 0.1, alpha: 0.8))
        try canvas.stroke(round)
        try canvas.restore()
        for i in 0..<12 {
            let y = 8 + Double(i) * 19.3
            canvas.save()
            canvas.clipRect(Rect(x: 20, y: y, width: 120, height: 19.3))
            canvas.beginLayer(alpha: 0.85, blendMode: i % 3 == 0 ? .multiply : nil)
            canvas.setFillColor(Color(r: Double(i) / 12, g: 0.6, b: 0.3, a: 1))
            var pill = Path()
            pill.addRoundedRect(Rect(x: 70, y: y + 2.5, width: 60, height: 14), radius: 7)
            canvas.fill(pill)
            canvas.setBlendMode(.clear)
            for k in 0..<5 {
                var dot = Path()
                dot.addEllipse(in: Rect(x: 76 + Double(k) * 10.3, y: y + 5.1, width: 6.2, height: 8.4))
                canvas.fill(dot)
            }
            canvas.setBlendMode(.copy)
            canvas.setStrokeColor(Color(r: 0, g: 0, b: 0, a: 0.25))
            try canvas.stroke(pill)
            try canvas.endLayer()
            try canvas.restore()
        }
        if extras {
            // Read a pixel in the middle of the drawing: what came before is there.
            _ = try canvas.pixel(x: 40, y: 60)
            canvas.setShadow(try Shadow(dx: 2, dy: 3, blur: 4, color: Color(white: 0, alpha: 0.5)))
            canvas.setFillColor(Color(r: 0.4, g: 0.9, b: 0.2, a: 1))
            canvas.fillRect(Rect(x: 100, y: 150, width: 40, height: 30))
            canvas.setShadow(nil)
        }
        canvas.clearRect(Rect(x: 5.5, y: 100.25, width: 30, height: 20))
        var ring = Path()
        ring.addEllipse(in: Rect(x: 0, y: 0, width: 160, height: 240))
        ring.addRect(Rect(x: 0, y: 0, width: 160, height: 240))
        canvas.setFillColor(Color(white: 0))
        canvas.fill(ring, rule: .evenodd)
    }

    func render(threads: Int, scale: Double, extras: Bool) throws -> Canvas {
        let canvas = try Canvas(width: 300, height: 240, scale: scale, background: Color(hex: "#C5CCD4"),
                                parallelism: threads)
        try Self.draw(on: canvas, extras: extras)
        return canvas
    }

    static func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        guard a.width == b.width, a.height == b.height else { return -1 }
        var n = 0
        for i in 0..<(a.width * a.height) where memcmp(a.data + 4 * i, b.data + 4 * i, 4) != 0 { n += 1 }
        return n
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func bandsGiveThePixelsOfDrawingInOrder(scale: Double) throws {
        for extras in [false, true] {
            let one = try render(threads: 1, scale: scale, extras: extras)
            #expect(one.batch == nil)
            for threads in [2, 3, 4] {
                let banded = try render(threads: threads, scale: scale, extras: extras)
                #expect(banded.batch != nil, "a canvas this big records with \(threads) threads")
                let n = Self.differingPixels(one.buffer, banded.buffer)
                #expect(n == 0, "scale \(scale), \(threads) threads, extras \(extras): \(n) pixels differ")
            }
        }
    }

    /// Nothing recorded is lost or reordered when the pixels are read in
    /// between, a canvas is drawn onto another, or the batch fills up.
    @Test func flushesWhereThePixelsAreNeeded() throws {
        let source = try Canvas(width: 160, height: 240, scale: 2, parallelism: 2)
        source.setFillColor(Color(r: 1, g: 0, b: 0, a: 1))
        source.fillRect(Rect(x: 0, y: 0, width: 80, height: 240))
        #expect(source.batch?.isEmpty == false, "the fill is recorded, not drawn")
        #expect(try source.pixel(x: 10, y: 10) == (255, 0, 0, 255), "a pixel read flushes")
        source.setFillColor(Color(r: 0, g: 0, b: 1, a: 1))
        source.fillRect(Rect(x: 80, y: 0, width: 80, height: 240))
        let target = try Canvas(width: 160, height: 240, scale: 2, parallelism: 2)
        target.drawImage(source.buffer, in: Rect(x: 0, y: 0, width: 160, height: 240))
        // Drawn into the source after it was drawn onto the target: not seen there.
        source.setFillColor(Color(white: 0, alpha: 1))
        source.fillRect(Rect(x: 0, y: 0, width: 160, height: 240))
        #expect(try target.pixel(x: 300, y: 10) == (0, 0, 255, 255))
        // More commands than a batch holds: all of them land, in order.
        let many = try Canvas(width: 100, height: 200, scale: 2, parallelism: 2)
        for i in 0..<(DrawingBatch.maxCommands + 10) {
            many.setFillColor(Color(r: Double(i % 256) / 255, g: 0, b: 0, a: 1))
            many.fillRect(Rect(x: 0, y: 0, width: 100, height: 200))
        }
        let last = UInt8((DrawingBatch.maxCommands + 9) % 256)
        #expect(try many.pixel(x: 150, y: 350) == (last, 0, 0, 255))
    }

    /// The rasterizer's rows option: each band of a shape gives the rows
    /// the whole shape gives.
    @Test func rasterizerRowsMatchTheWholeJob() {
        var path = Path()
        path.addEllipse(in: Rect(x: 3.3, y: 1.7, width: 91.1, height: 77.9))
        path.addRoundedRect(Rect(x: 20.2, y: 10.6, width: 50.5, height: 40.1), radius: 9)
        let polygons = path.flattened(tolerance: 0.05)
        let bounds = IntRect(x0: 0, y0: 0, x1: 100, y1: 90)
        func rows(_ band: Range<Int>?) -> [Int: [UInt8]] {
            var out: [Int: [UInt8]] = [:]
            let r = Rasterizer()
            r.fillSpans(polygons, rule: .evenodd, bounds: bounds, rows: band) { s in
                var row = out[s.y] ?? [UInt8](repeating: 0, count: 100)
                for k in 0..<s.count { row[s.x + k] = s.coverage?[k] ?? s.constant }
                out[s.y] = row
            }
            return out
        }
        let whole = rows(nil)
        var banded: [Int: [UInt8]] = [:]
        for start in stride(from: 0, to: 90, by: 7) {
            let part = rows(start..<start + 7)
            #expect(part.keys.allSatisfy { (start..<start + 7).contains($0) }, "rows outside the band emitted")
            banded.merge(part) { a, _ in a }
        }
        #expect(banded == whole)
    }
}

/// What a batch keeps alive is bounded: layers ended while drawing waits,
/// clip masks made for it and canvases it reads force a flush past the
/// canvas' `heldBytesLimit`, instead of one of each per loop turn until the
/// pixels are read.
@Suite struct DrawingBatchMemoryTests {
    @Test func layersAndMasksInALoopFlush() throws {
        let canvas = try Canvas(width: 640, height: 1080, scale: 2, parallelism: 2)
        let layerBytes = canvas.pixelByteCount // a layer the size of the canvas
        let limit = canvas.heldBytesLimit
        var flushes = 0
        for i in 0..<(2 * limit / layerBytes + 4) {
            canvas.beginLayer()
            canvas.setFillColor(Color(r: 1, g: 0, b: 0, a: 0.5))
            canvas.fillRect(Rect(x: Double(i % 7), y: 0, width: 10, height: 10))
            try canvas.endLayer()
            if canvas.batch?.isEmpty == true { flushes += 1 }
        }
        #expect(flushes >= 1, "the released layers were all kept")
        // Masks: what the commands not yet drawn keep alive stays under the
        // limit (those every band has drawn are let go, or the batch flushes).
        let maskBytes = 1280 * 2160
        var most = 0
        for i in 0..<(2 * limit / maskBytes + 4) {
            canvas.save()
            var p = Path()
            p.addEllipse(in: Rect(x: Double(i % 5), y: 0, width: 640, height: 1080))
            canvas.clip(p)
            canvas.fillRect(Rect(x: 0, y: 0, width: 640, height: 1080))
            try canvas.restore()
            most = max(most, canvas.batch?.heldBytes ?? 0)
        }
        #expect(most <= limit + maskBytes, "\(most) bytes held")
    }

    /// Canvases drawn scaled onto another are read later, in bands: each
    /// keeps its pixels alive until then. 120 of 16 MB kept 1.9 GB alive,
    /// uncounted; now they count toward the limit, which forces the flush.
    @Test func canvasesDrawnForLaterAreBounded() throws {
        final class Weak { weak var buffer: PixelBuffer? }
        let canvas = try Canvas(width: 640, height: 1080, scale: 2, parallelism: 2)
        canvas.heldBytesLimit = 8 << 20
        var kept: [Weak] = []
        for _ in 0..<40 {
            let other = try Canvas(width: 1000, height: 1000, scale: 1, background: .white, parallelism: 2)
            let w = Weak()
            w.buffer = other.buffer
            kept.append(w)
            canvas.draw(other, in: Rect(x: 0, y: 0, width: 1, height: 1))
        }
        // 4 MB each: at most what the limit lets wait, plus the one over it.
        let alive = kept.filter { $0.buffer != nil }.count
        #expect(alive <= 3, "\(alive) canvases' pixels still held")
    }
}
