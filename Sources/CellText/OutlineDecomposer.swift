internal import CFreeType
import CellGeometry

/// FreeType outlines to `Path`s, through FT_Outline_Decompose's callbacks
/// (C function pointers, so no captures: the path being built travels in the
/// `user` pointer). Coordinates are 26.6 fixed point; `FontFace` sizes faces so
/// that they are font units x 64. Contours are closed, as fonts mean them.
enum OutlineDecomposer {
    private final class Builder {
        var path = Path()

        func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
            guard let v else { return .zero }
            return Point(Double(v.pointee.x) / 64, Double(v.pointee.y) / 64)
        }
    }

    private static func builder(_ user: UnsafeMutableRawPointer?) -> Builder {
        Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
    }

    private static let moveTo: FT_Outline_MoveToFunc = { to, user in
        let b = builder(user)
        if b.path.hasOpenSubpath { b.path.close() }
        b.path.move(to: b.point(to))
        return 0
    }

    private static let lineTo: FT_Outline_LineToFunc = { to, user in
        let b = builder(user)
        b.path.line(to: b.point(to))
        return 0
    }

    private static let conicTo: FT_Outline_ConicToFunc = { control, to, user in
        let b = builder(user)
        b.path.quad(control: b.point(control), to: b.point(to))
        return 0
    }

    private static let cubicTo: FT_Outline_CubicToFunc = { c1, c2, to, user in
        let b = builder(user)
        b.path.curve(control1: b.point(c1), control2: b.point(c2), to: b.point(to))
        return 0
    }

    /// The outline as a path in font units, y up; empty if FreeType rejects it.
    static func path(of outline: inout FT_Outline) -> Path {
        let builder = Builder()
        var funcs = FT_Outline_Funcs(move_to: moveTo, line_to: lineTo, conic_to: conicTo,
                                     cubic_to: cubicTo, shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(builder).toOpaque()
        let error = withExtendedLifetime(builder) { FT_Outline_Decompose(&outline, &funcs, user) }
        guard error == 0 else { return Path() }
        if builder.path.hasOpenSubpath { builder.path.close() }
        return builder.path
    }
}
