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
