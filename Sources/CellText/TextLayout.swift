import CellGeometry

/// Horizontal placement of each line: in `text_in_rect` within the rectangle;
/// in `text` relative to the point, which is the left end, the middle or the
/// right end of the line.
public enum TextAlignment: String, CaseIterable, Sendable {
    case left, center, right
}

/// Vertical placement of the lines in `text_in_rect`: from the rectangle's
/// top (the default, as UIKit's drawInRect:), centred in it, or ending at its
/// bottom. The lines' boxes (`lineHeight` each) are what is placed, so one
/// line centred in a pill sits where UIKit's vertically centred label does;
/// text taller than the rectangle overflows it evenly (center) or upward
/// (bottom).
public enum VerticalAlignment: String, CaseIterable, Sendable {
    case top, center, bottom
}

/// What happens to a line wider than its rectangle (UIKit's line break modes).
public enum TextTruncation: String, CaseIterable, Sendable {
    /// Keep the start, end with "…" (UILineBreakModeTailTruncation; the default).
    case tail
    /// Keep the end, start with "…".
    case head
    /// Keep both ends, "…" in the middle.
    case middle
    /// Keep everything; drawing is clipped to the rectangle.
    case clip
}

/// Lines of shaped text placed in user space, ready to become one path.
///
/// Vertical metrics are UIKit's: a line box is `font.lineHeight` tall and its
/// baseline lies `font.ascent` below its top, so `text(str, x, y)` puts the
/// first baseline at `y + ascent` (drawAtPoint:) and `text_in_rect` stacks
/// lines from the rectangle's top (drawInRect:).
public struct TextLayout: Sendable {
    public struct Line: Sendable {
        public let shaped: ShapedLine
        /// The left end of the baseline, in user space.
        public let origin: Point
    }

    public let font: Font
    public private(set) var lines: [Line] = []
    /// The width of the widest line drawn.
    public private(set) var width: Double = 0
    /// What drawing must be clipped to (`clip` truncation), else nil.
    public private(set) var clip: Rect?

    /// The height of each line's box, from one baseline to the next: the
    /// font's `lineHeight` unless the layout was given another (CSS's
    /// line-height: the font's line sits centred in the box, so a taller
    /// box adds half its extra space above the text and half below).
    public let lineHeight: Double

    /// `lineHeight` per line drawn.
    public var height: Double { Double(lines.count) * lineHeight }

    /// `c:text`: each line of `text` (line breaks start new lines) from the
    /// top-left `point`, or centred on it or ending at it, per `align`.
    /// `stop`: asked now and then (every paragraph); once it says true the
    /// layout ends where it is (a caller's deadline passed). Default none.
    public init(text: String, font: Font, at point: Point, align: TextAlignment = .left, lineHeight: Double? = nil,
                stop: (() -> Bool)? = nil) {
        self.font = font
        self.lineHeight = lineHeight ?? font.lineHeight
        for (i, paragraph) in Self.paragraphs(text).enumerated() {
            if let stop, stop() { break }
            place(font.shape(paragraph, stop: stop), index: i, top: point.y, anchor: point.x, span: 0, align: align)
        }
    }

    /// `c:text_in_rect`: `text` in `rect`, lines from its top.
    ///
    /// Without `wrap` each paragraph (text between line breaks) is one line,
    /// truncated per `truncation` when wider than the rectangle. With `wrap`
    /// paragraphs are word-wrapped to the width. Lines below the rectangle's
    /// bottom are dropped, except the first, which is always drawn (a rectangle
    /// shorter than one line still shows it, overflowing, as UIKit's
    /// drawInRect: did). When lines are dropped, the last line shown takes the
    /// rest of its paragraph and is truncated, and with `tail` truncation it
    /// ends with "…" even if that rest would fit: text is missing after it.
    /// `clip` never adds an ellipsis; it clips the drawing to the rectangle.
    /// `stop`: asked now and then (every paragraph and every 64 lines); once
    /// it says true the layout ends where it is (a caller's deadline passed).
    public init(text: String, font: Font, in rect: Rect, align: TextAlignment = .left,
                truncation: TextTruncation = .tail, wrap: Bool = false, verticalAlign: VerticalAlignment = .top,
                lineHeight: Double? = nil, stop: (() -> Bool)? = nil) {
        self.font = font
        self.lineHeight = lineHeight ?? font.lineHeight
        let box = rect.standardized
        // At most a billion lines: a taller box (or an infinite one) shows them all.
        let fitting = ((box.height + LineBreaker.tolerance) / self.lineHeight).rounded(.down)
        let maxLines = max(1, fitting.isFinite ? Int(min(fitting, 1e9)) : 1_000_000_000)
        // Each line as its paragraph and, when wrapping, the paragraph's
        // characters and the line's range in them (without wrapping a line
        // is its whole paragraph: no characters are split out).
        var entries: [(paragraph: String, wrapped: (chars: CharacterWidths, range: Range<Int>)?)] = []
        for paragraph in Self.paragraphs(text) {
            guard entries.count <= maxLines else { break }
            if let stop, stop() { break }
            if wrap {
                let chars = CharacterWidths(paragraph, shaped: font.shape(paragraph, stop: stop), stop: stop)
                for range in LineBreaker.lines(chars, width: box.width, limit: maxLines + 1 - entries.count, stop: stop) {
                    entries.append((paragraph, (chars, range)))
                }
            } else {
                entries.append((paragraph, nil))
            }
        }
        let shown = min(entries.count, maxLines)
        let dropped = entries.count > shown
        for i in 0..<shown {
            if i & 63 == 63, let stop, stop() { break }
            let (paragraph, wrapped) = entries[i]
            let shaped: ShapedLine
            if i == shown - 1 && dropped && truncation != .clip {
                let rest = wrapped.map { $0.chars.text($0.range.lowerBound..<$0.chars.count).trimmingTrailingWhitespace }
                shaped = Truncator.fit(rest ?? paragraph, font: font, width: box.width, mode: truncation, forceEllipsis: true)
            } else if let (chars, range) = wrapped {
                // Fits by construction, but for a single character wider
                // than the box, which is drawn anyway (overflowing).
                shaped = font.shape(chars.text(range).trimmingTrailingWhitespace)
            } else {
                shaped = Truncator.fit(paragraph, font: font, width: box.width, mode: truncation)
            }
            place(shaped, index: i, top: box.y, anchor: box.x, span: box.width, align: align)
        }
        if truncation == .clip { clip = box }
        let slack = box.height - height
        let shift = verticalAlign == .center ? slack / 2 : verticalAlign == .bottom ? slack : 0
        if shift != 0, shift.isFinite {
            lines = lines.map { Line(shaped: $0.shaped, origin: Point($0.origin.x, $0.origin.y + shift)) }
        }
    }

    /// Adds line `index`: its box's top is `top + index * lineHeight`, the
    /// font's line centred in it; it is aligned within `span` points from
    /// `anchor` (span 0: at the anchor).
    private mutating func place(_ shaped: ShapedLine, index: Int, top: Double, anchor: Double, span: Double,
                                align: TextAlignment) {
        let x: Double
        switch align {
        case .left: x = anchor
        case .center: x = anchor + (span - shaped.width) / 2
        case .right: x = anchor + span - shaped.width
        }
        let baseline = top + (lineHeight - font.lineHeight) / 2 + font.ascent + Double(index) * lineHeight
        lines.append(Line(shaped: shaped, origin: Point(x, baseline)))
        width = max(width, shaped.width)
    }

    /// Every glyph of every line as one path in user space, to be filled once
    /// (nonzero), so overlapping glyphs, alpha and shadows act on the text as
    /// one shape. Glyphs whose bounds miss `visible` (user space) are left
    /// out: a long text costs only what can be seen.
    public func path(visible: Rect? = nil) -> Path {
        Path(placing: placedGlyphs(visible: visible))
    }

    /// The glyphs of every line with their outlines (font units, y up) and
    /// where each goes in user space, in drawing order; those entirely
    /// outside `visible` (user space) are left out, as are blank ones.
    public func placedGlyphs(visible: Rect? = nil) -> [PlacedGlyph] {
        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(lines.reduce(0) { $0 + $1.shaped.glyphs.count })
        for line in lines {
            let (glyphs, bounds) = line.shaped.placedFromOrigin
            guard bounds != nil else { continue }
            let origin = line.origin
            for glyph in glyphs {
                var t = glyph.transform
                t.tx += origin.x
                t.ty += origin.y
                if let v = visible {
                    let b = glyph.bounds, s = t.a
                    if t.tx + b.maxX * s < v.minX || t.tx + b.minX * s > v.maxX
                        || t.ty - b.minY * s < v.minY || t.ty - b.maxY * s > v.maxY {
                        continue
                    }
                }
                placed.append(PlacedGlyph(shape: glyph.shape, transform: t))
            }
        }
        return placed
    }

    /// For one line whose glyphs all lie well inside `visible` (user space;
    /// nil: everything is visible): the line's glyphs as placed from (0, 0),
    /// shared with every drawing of the line, and the point (0, 0) goes to,
    /// for `Canvas.fillGlyphs(_:at:)`; no glyph is placed again. nil for
    /// several lines, a line with no glyph to draw, or one that comes within
    /// a point of `visible`'s edge (`placedGlyphs(visible:)` culls those).
    public func wholeLine(visible: Rect?) -> (glyphs: [PlacedGlyph], origin: Point)? {
        guard lines.count == 1 else { return nil }
        let origin = lines[0].origin
        let (glyphs, bounds) = lines[0].shaped.placedFromOrigin
        guard let b = bounds else { return nil }
        if let v = visible {
            // The margin keeps float rounding from deciding a glyph at the
            // edge: `placedGlyphs` might cull it.
            guard origin.x + b.minX - 1 >= v.minX, origin.x + b.maxX + 1 <= v.maxX,
                  origin.y + b.minY - 1 >= v.minY, origin.y + b.maxY + 1 <= v.maxY else { return nil }
        }
        return (glyphs, origin)
    }

    /// `text` split into paragraphs at line breaks (`\n`, `\r\n`, `\r`,
    /// U+2028, U+2029, U+0085); tabs become spaces and other control
    /// characters are dropped (fonts have no glyphs for them). Empty text has
    /// no paragraphs.
    public static func paragraphs(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        // Printable ASCII (most UI text) has no breaks and nothing to drop:
        // one paragraph, the text itself, without a scalar-by-scalar copy.
        if isPrintableASCII(text.utf8) { return [text] }
        var out: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A where afterCR:
                continue
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                out.append(String(current))
                current = String.UnicodeScalarView()
            case 0x09:
                current.append(" ")
            case 0x00..<0x20, 0x7F, 0x80..<0xA0:
                continue
            default:
                current.append(scalar)
            }
        }
        out.append(String(current))
        return out
    }
}
