import CellGeometry
import CellRaster

/// What the kit needs from text: UIKit's `sizeWithFont:` and
/// `drawInRect:withFont:lineBreakMode:alignment:`, with fonts named as UIKit
/// names its system fonts (`Helvetica`, `Helvetica-Bold`).
public struct KitFont: Hashable, Sendable {
    public var name: String
    public var size: Double

    public init(_ name: String, _ size: Double) {
        self.name = name
        self.size = size
    }

    public static func system(_ size: Double) -> KitFont { KitFont("Helvetica", size) }
    public static func boldSystem(_ size: Double) -> KitFont { KitFont("Helvetica-Bold", size) }
}

public enum KitAlignment: Sendable { case left, center, right }

public protocol KitText {
    /// `sizeWithFont:`: the sum of advances and the line height.
    func measure(_ text: String, font: KitFont) throws -> (width: Double, height: Double)
    /// One line in `rect` (top-aligned), tail-truncated with an ellipsis
    /// when too long, in the canvas' current state (blend mode included).
    func draw(_ text: String, in rect: Rect, font: KitFont, color: Color, alignment: KitAlignment,
              canvas: Canvas) throws
    /// How many lines `text` wraps to in `width`.
    func lineCount(_ text: String, width: Double, font: KitFont) throws -> Int
    /// Wrapped text in `rect`, top-aligned.
    func drawWrapped(_ text: String, in rect: Rect, font: KitFont, color: Color, alignment: KitAlignment,
                     canvas: Canvas) throws
}
