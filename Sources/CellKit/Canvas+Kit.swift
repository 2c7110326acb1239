import CellGeometry
import CellRaster

/// Small conveniences the kit's components share.
extension Canvas {
    /// CGContextSaveGState ... RestoreGState around `body`. The restore cannot
    /// fail: it pops the save made here.
    @discardableResult
    func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        save()
        defer { try? restore() }
        return try body()
    }

    /// Runs drawing code the kit does not control (a row's or a view's
    /// `draw`) in a saved state, and closes whatever it left open (layers,
    /// then saves) when it returns or throws, as `c:with` does in Lua: the
    /// kit's own saves and layers around it then end where they began.
    func isolating(_ body: () throws -> Void) rethrows {
        let mark = stateMark
        save()
        defer { try? unwind(to: mark) }
        try body()
    }

    /// Draws `body` as a UIView's `drawRect:` in a view at `frame`: user space
    /// moved to the view's origin and clipped to its bounds (UIKit clips a
    /// view's drawing to them).
    func drawingView(at frame: Rect, _ body: (Double, Double) throws -> Void) rethrows {
        try withSavedState {
            clipRect(frame)
            translate(frame.x, frame.y)
            try body(frame.width, frame.height)
        }
    }

    /// `rect` (user space) when it covers whole device pixels exactly, so
    /// that its clip is a plain rectangle with no partly covered edge pixel;
    /// else nil.
    func userRect(exactlyCovering rect: Rect) -> Rect? {
        devicePixels(exactlyCovering: rect) != nil ? rect : nil
    }

    /// Device pixels per user unit in the transform's shorter direction: a
    /// margin of n pixels is n / this in user space, whatever the scale.
    var pixelsPerUnit: Double {
        let m = state.ctm
        return Swift.min((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
    }

    /// The user-space rectangle covering device pixels `x0..<x1` x `y0..<y1`
    /// exactly, or nil when the transform cannot land on them (rotation,
    /// skew, rounding on the way back).
    func userRect(exactlyCoveringPixelsX x0: Double, y0: Double, x1: Double, y1: Double) -> Rect? {
        guard let inverse = state.ctm.inverted else { return nil }
        let user = inverse.apply(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        let back = state.ctm.apply(user)
        guard state.ctm.isRectilinear, back.minX == x0, back.minY == y0, back.maxX == x1, back.maxY == y1 else {
            return nil
        }
        return user
    }

    /// `body` in a transparency layer covering `frame` (clipped to it): the
    /// view's own backing store, so `clear` and `copy` touch only it.
    func drawingLayer(at frame: Rect, _ body: () throws -> Void) rethrows {
        try withSavedState {
            clipRect(frame)
            beginLayer()
            defer { try? endLayer(unwinding: true) }
            try body()
        }
    }
}

extension Path {
    /// A path built by `build`, for one-expression path literals.
    static func build(_ build: (inout Path) -> Void) -> Path {
        var p = Path()
        build(&p)
        return p
    }
}
