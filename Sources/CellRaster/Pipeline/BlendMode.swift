/// Core Graphics' blend modes (CGBlendMode); raw values are the names in snake case.
///
/// Every mode composites bounded by coverage, as Core Graphics does: at
/// coverage k a pixel becomes `D + k * (B(S, D) - D)`, so pixels outside a
/// shape are untouched whatever the mode (even `copy` and `clear`).
/// `B` is, for the Porter-Duff modes, Apple's premultiplied formula; for the
/// separable and non-separable modes, the W3C compositing definition
/// `co = cs (1 - ab) + cb (1 - as) + as ab B(Cb, Cs)`, `ao = as + ab - as ab`,
/// with luminance weights 0.30 / 0.59 / 0.11. Default: `normal`.
public enum BlendMode: String, CaseIterable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge = "color_dodge", colorBurn = "color_burn"
    case softLight = "soft_light", hardLight = "hard_light"
    case difference, exclusion
    case hue, saturation, color, luminosity
    case clear, copy
    case sourceIn = "source_in", sourceOut = "source_out", sourceAtop = "source_atop"
    case destinationOver = "destination_over", destinationIn = "destination_in"
    case destinationOut = "destination_out", destinationAtop = "destination_atop"
    case xor
    case plusDarker = "plus_darker", plusLighter = "plus_lighter"

    /// True when a fully transparent source leaves every pixel as it was, so
    /// an invisible paint can be skipped. False for the modes that erase
    /// where the source is transparent (`copy`, `source_in`, ...).
    public var transparentSourceIsNoOp: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return false
        default: return true
        }
    }

    /// True when the result depends on the source only through `S` and
    /// `1 - Sa` the way source-over does (the fast word paths apply).
    var isSourceOver: Bool { self == .normal }
}
