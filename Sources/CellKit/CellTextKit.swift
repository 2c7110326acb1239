import CellGeometry
import CellRaster
import CellText

/// The kit's text (`KitText`) set with CellText: tables draw their labels,
/// details, badges, section titles and footers with the same fonts,
/// shaping and layout as the canvas' own text calls. The default text of a
/// `Table`; a Swift program needs nothing else to render one.
public struct CellTextKit: KitText {
    public init() {}

    /// Fonts the kit asked for, made once per process: a table asks for the
    /// same few fonts for every row.
    private static let fonts = Locked<[KitFont: Font]>([:])

    public func font(_ kitFont: KitFont) throws -> Font {
        if let font = Self.fonts.withLock({ $0[kitFont] }) { return font }
        let font = try Font(named: kitFont.name, size: kitFont.size)
        Self.fonts.withLock { $0[kitFont] = font }
        return font
    }

    public func measure(_ text: String, font: KitFont) throws -> (width: Double, height: Double) {
        try self.font(font).measure(text)
    }

    public func draw(_ text: String, in rect: Rect, font: KitFont, color: Color, alignment: KitAlignment,
              canvas: Canvas) throws {
        let layout = TextLayout(text: text, font: try self.font(font), in: rect,
                                align: alignment.textAlignment, truncation: .tail, stop: Self.stop(canvas))
        canvas.fillText(layout, color: color)
    }

    /// The canvas' deadline as a layout's `stop`: none when it has none.
    private static func stop(_ canvas: Canvas) -> (() -> Bool)? {
        guard let cancellation = canvas.cancellation, cancellation.isArmed else { return nil }
        return { cancellation.isPastDeadline }
    }

    public func lineCount(_ text: String, width: Double, font: KitFont) throws -> Int {
        let f = try self.font(font)
        // Tall enough for one character per line: nothing is dropped.
        let height = Double(text.count + 1) * f.lineHeight
        return TextLayout(text: text, font: f, in: Rect(x: 0, y: 0, width: width, height: height), wrap: true).lines.count
    }

    public func drawWrapped(_ text: String, in rect: Rect, font: KitFont, color: Color, alignment: KitAlignment,
                     canvas: Canvas) throws {
        let layout = TextLayout(text: text, font: try self.font(font), in: rect,
                                align: alignment.textAlignment, truncation: .tail, wrap: true, stop: Self.stop(canvas))
        canvas.fillText(layout, color: color)
    }
}

extension KitAlignment {
    var textAlignment: TextAlignment {
        switch self {
        case .left: return .left
        case .center: return .center
        case .right: return .right
        }
    }
}
