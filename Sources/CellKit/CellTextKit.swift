import CellGeometry
import CellRaster
import CellText

/// The kit's text (`KitText`) set with CellText: tables draw their labels,
/// details, badges, section titles and footers with the same fonts,
/// shaping and layout as the canvas' own text calls. The default text of a
/// `Table`; a Swift program needs nothing else to render one.
public struct CellTextKit: KitText {
    /// What laying text out may take, for an embedder that bounds time and
    /// memory (the Lua binding's `--timeout` and `--max-memory`): `stop`
    /// ends a long layout early (the canvas' deadline is used when drawing
    /// if this has none); `reserve(bytes)` is asked for the scratch a text
    /// takes while it is measured or laid out (`bytesPerByte` for each byte
    /// of its UTF-8) and may refuse by throwing; `release` gives it back.
    /// Default: none of them.
    public struct Limits {
        public var stop: (() -> Bool)?
        public var reserve: ((Int) throws -> Void)?
        public var release: ((Int) -> Void)?
        /// Shaped glyphs, advances, clusters and the line breaker's widths:
        /// a megabyte of text takes about 90 MB while it is laid out.
        public static let bytesPerByte = 128

        public init(stop: (() -> Bool)? = nil, reserve: ((Int) throws -> Void)? = nil, release: ((Int) -> Void)? = nil) {
            self.stop = stop
            self.reserve = reserve
            self.release = release
        }
    }
    public var limits: Limits

    public init(limits: Limits = Limits()) { self.limits = limits }

    /// Runs `body` with `text`'s layout scratch reserved.
    private func reserving<T>(_ text: String, _ body: () throws -> T) throws -> T {
        guard let reserve = limits.reserve else { return try body() }
        let (scratch, overflow) = text.utf8.count.multipliedReportingOverflow(by: Limits.bytesPerByte)
        let bytes = overflow ? Int.max / 2 : scratch
        try reserve(bytes)
        defer { limits.release?(bytes) }
        return try body()
    }

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
        let f = try self.font(font)
        return try reserving(text) { f.measure(text, stop: limits.stop) }
    }

    public func draw(_ text: String, in rect: Rect, font: KitFont, color: Color, alignment: KitAlignment,
              canvas: Canvas) throws {
        let f = try self.font(font)
        let layout = try reserving(text) {
            TextLayout(text: text, font: f, in: rect, align: alignment.textAlignment, truncation: .tail, stop: stop(canvas))
        }
        canvas.fillText(layout, color: color)
    }

    /// The layout's `stop`: the limits', else the canvas' deadline, else none.
    private func stop(_ canvas: Canvas?) -> (() -> Bool)? {
        if let stop = limits.stop { return stop }
        guard let cancellation = canvas?.cancellation, cancellation.isArmed else { return nil }
        return { cancellation.isPastDeadline }
    }

    public func lineCount(_ text: String, width: Double, font: KitFont) throws -> Int {
        let f = try self.font(font)
        // Tall enough for one character per line: nothing is dropped.
        let height = Double(text.utf8.count + 1) * f.lineHeight
        return try reserving(text) {
            TextLayout(text: text, font: f, in: Rect(x: 0, y: 0, width: width, height: height), wrap: true,
                       stop: limits.stop).lines.count
        }
    }

    public func drawWrapped(_ text: String, in rect: Rect, font: KitFont, color: Color, alignment: KitAlignment,
                     canvas: Canvas) throws {
        let f = try self.font(font)
        let layout = try reserving(text) {
            TextLayout(text: text, font: f, in: rect, align: alignment.textAlignment, truncation: .tail, wrap: true,
                       stop: stop(canvas))
        }
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
