import CLua
import CellGeometry
import CellRaster
import CellText

/// `c:text(str, x, y [, opts])` and `c:text_in_rect(str, x, y, w, h [, opts])`.
///
/// Each call lays the text out (CellText) and fills all its glyphs as one
/// shape (`Canvas.fillGlyphs`) with the current fill paint, or `color`, under
/// the current blend mode, alpha, shadow and clip: overlapping glyphs, alpha
/// and shadows act on the text as one shape, as a fill of one path does.
/// Both return the width and height of the text drawn (widest line, lines x
/// line height).
extension CanvasBinding {
    static let textMethods: [(String, HostFunction)] = [
        ("text", text), ("text_in_rect", textInRect),
    ]

    /// Options of `c:text`: `font` (default Helvetica 17), `color` (default
    /// the fill paint), `align` (`left` default: the point is where the line
    /// starts, ends or is centred), and the typographic ones (`Typography`:
    /// `tracking`, `line_height`, `features`, `variations`).
    static let textOptionNames = ["font", "color", "align"] + Typography.optionNames
    /// Options of `c:text_in_rect`: those of `text`, plus `truncate` (`tail`
    /// default), `wrap` (false default) and `valign` (`top` default,
    /// `center`, `bottom`).
    static let rectOptionNames = ["font", "color", "align", "truncate", "wrap", "valign"] + Typography.optionNames

    static let text: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let string = try lua.text(2)
            let point = Point(try lua.number(3), try lua.number(4))
            let options = try lua.textOptions(5, known: textOptionNames)
            let font = try options.typography.apply(to: options.font ?? FontBinding.defaultFont.get(), index: 5)
            let layout = try layingOut(lua, string) { stop in
                TextLayout(text: string, font: font, at: point, align: options.align ?? .left,
                           lineHeight: options.typography.lineHeight(for: font), stop: stop)
            }
            let recorded = canvas.displayListBytes
            try chargingShadow(lua, canvas) { canvas.fillText(layout, color: options.color) }
            try countRecording(lua, canvas, since: recorded)
            lua.push(layout.width)
            lua.push(layout.height)
            return 2
        }
    }

    static let textInRect: HostFunction = { L in
        guarded(L) { lua in
            let canvas = try lua.canvas(1)
            let string = try lua.text(2)
            let x = try lua.number(3), y = try lua.number(4)
            let w = try lua.nonNegative(5, "width"), h = try lua.nonNegative(6, "height")
            let options = try lua.textOptions(7, known: rectOptionNames)
            let font = try options.typography.apply(to: options.font ?? FontBinding.defaultFont.get(), index: 7)
            let layout = try layingOut(lua, string) { stop in
                TextLayout(text: string, font: font, in: Rect(x: x, y: y, width: w, height: h),
                           align: options.align ?? .left, truncation: options.truncation ?? .tail,
                           wrap: options.wrap ?? false, verticalAlign: options.verticalAlign ?? .top,
                           lineHeight: options.typography.lineHeight(for: font), stop: stop)
            }
            let recorded = canvas.displayListBytes
            try chargingShadow(lua, canvas) { canvas.fillText(layout, color: options.color) }
            try countRecording(lua, canvas, since: recorded)
            lua.push(layout.width)
            lua.push(layout.height)
            return 2
        }
    }
}

extension CanvasBinding {
    /// What laying text out takes while it runs, per UTF-8 byte of the text
    /// (shaped glyphs, their advances and clusters, the line breaker's
    /// widths): a megabyte of wrapped text grows the process by about 90 MB.
    static let layoutBytesPerByte = 128

    /// Lays `text` out with that scratch counted against `--max-memory` while
    /// it lasts, and the script's deadline as the layout's `stop` (a huge
    /// text ends near the deadline, which the hook then reports).
    static func layingOut(_ lua: Lua, _ text: String, _ body: ((() -> Bool)?) -> TextLayout) throws -> TextLayout {
        let runtime = LuaRuntime.current(lua.L)
        let (scratch, overflow) = text.utf8.count.multipliedReportingOverflow(by: layoutBytesPerByte)
        let bytes = overflow ? Int.max / 2 : scratch
        try runtime.charge(bytes: bytes, of: "laying out text", nudging: false)
        defer { runtime.release(bytes: bytes) }
        let cancellation = runtime.cancellation
        return body(cancellation.isArmed ? { cancellation.isPastDeadline } : nil)
    }
}

/// The options of the text calls, as read from their table.
struct TextOptions {
    var font: Font?
    var color: Color?
    var align: TextAlignment?
    var truncation: TextTruncation?
    var wrap: Bool?
    var verticalAlign: VerticalAlignment?
    var typography = Typography()
}

extension Lua {
    /// Reads a text options table at `index` (nil for none); unknown keys and
    /// bad values are argument errors naming the option.
    func textOptions(_ index: Int32, known: [String]) throws -> TextOptions {
        var options = TextOptions()
        try self.options(index, known: known) { key in
            if try options.typography.read(self, key: key) { return }
            switch key {
            case "font": options.font = try font(-1)
            case "color": options.color = try color(-1)
            case "align": options.align = try option(-1, as: TextAlignment.self)
            case "truncate": options.truncation = try option(-1, as: TextTruncation.self)
            case "valign": options.verticalAlign = try option(-1, as: VerticalAlignment.self)
            default: options.wrap = try boolean(-1)
            }
        }
        return options
    }
}
