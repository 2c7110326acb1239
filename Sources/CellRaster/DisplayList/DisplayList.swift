import CellGeometry

/// A canvas' drawing as the operations it was asked for, in order: the one
/// record of a drawing. Every public drawing call of `Canvas` appends one
/// operation here (`Canvas.submit`), with its geometry, paint, transform,
/// clip and compositing, before or as its pixels are made; nothing else
/// records. The raster backend draws each operation as it is listed (and
/// draws a list again where a canvas is placed off the pixel grid,
/// `Replay`), the SVG and PDF writers write the list as a design, the
/// preview's hit test finds tables in it (`Canvas.groups`), and an embedder
/// bounding memory counts it (`Canvas.displayListBytes`).
///
/// Paths are kept in the canvas' device space together with the transform
/// from the user space they were drawn in, so a writer has both the user
/// geometry (`DisplayOp.userPath`) and the pixels' geometry.
public final class DisplayList {
    /// The operations in order, as an array (made on each read: writers read once).
    public var operations: [DisplayOp] {
        var list: [DisplayOp] = []
        list.reserveCapacity(count)
        forEach { list.append($0) }
        return list
    }

    /// How many operations it holds.
    public var count: Int { later.reduce(first.count) { $0 + $1.count } }

    /// The operations in chunks, each allocated at its final capacity, so
    /// that listing one never moves those already listed: one growing array
    /// copies every operation (a few hundred bytes each) whenever it
    /// doubles, through the cache the pixels being drawn need. Chunks start
    /// small (a layer often lists a handful) and double up to
    /// `largestChunk`. The first is kept apart from the others, so a list
    /// that fits in it (most layers') makes no array of chunks. Appended to
    /// by the canvas' thread alone, read once drawing is done: no run-time
    /// exclusivity checks (one per drawing call otherwise).
    @exclusivity(unchecked) private var first: [DisplayOp] = []
    @exclusivity(unchecked) private var later: [[DisplayOp]] = []
    static let firstChunk = 8, largestChunk = 256

    /// True when an operation composites with a mode vector formats do not
    /// have (`BlendMode.isVectorCompositing`): a writer draws this list from
    /// its pixels (a layer keeps a copy of them, `DisplayOp.layer`).
    @exclusivity(unchecked) public internal(set) var needsPixels = false

    init() {}

    /// A list holding what `other` holds now (the chunks shared until
    /// either changes).
    init(copying other: DisplayList) {
        first = other.first
        later = other.later
        needsPixels = other.needsPixels
    }

    func append(_ op: consuming DisplayOp) {
        if op.needsPixels { needsPixels = true }
        if later.isEmpty {
            if first.count < first.capacity {
                first.append(op)
                return
            }
            if first.isEmpty {
                first.reserveCapacity(Self.firstChunk)
                first.append(op)
                return
            }
        }
        let last = later.count - 1
        if last >= 0, later[last].count < later[last].capacity {
            later[last].append(op)
            return
        }
        var chunk: [DisplayOp] = []
        chunk.reserveCapacity(Swift.min((last >= 0 ? later[last].count : first.count) * 2, Self.largestChunk))
        chunk.append(op)
        later.append(chunk)
    }

    /// Calls `body` with each operation, in order.
    public func forEach(_ body: (DisplayOp) throws -> Void) rethrows {
        for op in first { try body(op) }
        for chunk in later {
            for op in chunk { try body(op) }
        }
    }
}

/// One clip, intersected with the clips before it (`parent`): a chain
/// shared by every operation drawn under it, so writers define each once.
public final class ClipChain {
    /// Device space.
    public let path: Path
    public let rule: FillRule
    public let parent: ClipChain?
    /// How many clips the chain holds, this one included.
    public let depth: Int

    public init(path: Path, rule: FillRule, parent: ClipChain?) {
        self.path = path
        self.rule = rule
        self.parent = parent
        depth = (parent?.depth ?? 0) + 1
    }

    /// The chain from the outermost clip in.
    public var chain: [ClipChain] {
        var list: [ClipChain] = []
        var c: ClipChain? = self
        while let n = c {
            list.append(n)
            c = n.parent
        }
        return list.reversed()
    }
}

/// How an operation composites: the state's alpha, blend mode, shadow,
/// clip and anti-aliasing when it was drawn.
public struct OpStyle {
    public var alpha: Double
    public var blendMode: BlendMode
    public var shadow: Shadow?
    public var clip: ClipChain?
    public var antialias: Bool

    public init(alpha: Double, blendMode: BlendMode, shadow: Shadow?, clip: ClipChain?, antialias: Bool) {
        self.alpha = alpha
        self.blendMode = blendMode
        self.shadow = shadow
        self.clip = clip
        self.antialias = antialias
    }
}

/// A paint and the transform from its user space to device pixels.
public struct OpPaint {
    public var paint: Paint
    public var transform: AffineTransform

    public init(paint: Paint, transform: AffineTransform) {
        self.paint = paint
        self.transform = transform
    }
}

/// A canvas drawn onto another (`Canvas.draw(_:in:)`): its list as it was
/// then, and its pixels when that list needs them. One object per state of
/// the canvas, so a canvas drawn at many places is one definition.
public final class CanvasSnapshot {
    public let width: Double, height: Double
    /// The canvas' own user space to its pixels (its scale).
    public let transform: AffineTransform
    public let list: DisplayList
    /// Set when `list.needsPixels`.
    public let pixels: PixelBuffer?

    /// Its pixels to the device pixels of a canvas drawing it into `rect`
    /// (user space) under `transform`: its pixels to its points, its points
    /// onto `rect`, `rect` through the transform.
    public func placement(onto rect: Rect, under transform: AffineTransform) -> AffineTransform {
        let toPoints = self.transform.inverted ?? .identity
        let onto = AffineTransform(a: rect.width / width, b: 0, c: 0, d: rect.height / height, tx: rect.x, ty: rect.y)
        return toPoints.concatenating(onto).concatenating(transform)
    }

    init(width: Double, height: Double, transform: AffineTransform, list: DisplayList, pixels: PixelBuffer?) {
        self.width = width
        self.height = height
        self.transform = transform
        self.list = list
        self.pixels = pixels
    }
}

/// A named group of operations (`Canvas.beginGroup`): structure only,
/// nothing composites differently. Writers name their groups after it
/// (an SVG `id`), and `tag` lets whoever drew the group find it again (the
/// preview finds the tables a script drew, with the transform they were
/// drawn under).
public struct GroupMark {
    public let name: String
    /// The object that drew the group, for embedders (the engine never reads it).
    public let tag: AnyObject?
    /// The user space of the group's start to device pixels.
    public let transform: AffineTransform
}

public enum DisplayOp {
    /// A device-space path filled.
    case fill(Path, FillRule, OpPaint, OpStyle)
    /// A rectangle (user space, under the paint's transform) filled: kept as
    /// the rectangle, the most frequent call of a table's drawing.
    case fillRect(Rect, OpPaint, OpStyle)
    /// A path (device space) stroked with `style` in the user space
    /// `transform` maps to device pixels (`userPath` gives the path there);
    /// a width of 0 is one device pixel.
    case stroke(Path, transform: AffineTransform, style: StrokeStyle, OpPaint, OpStyle)
    /// Glyphs (each placed in user space) filled as one shape under
    /// `transform`; `glyphPath` gives them as one device path. `text`, when
    /// the caller knows it, says what they read (for SVG's `<text>`).
    case glyphs([PlacedGlyph], transform: AffineTransform, OpPaint, OpStyle, text: GlyphText?)
    /// The paint over everything the clip leaves (CGContextDrawLinearGradient
    /// and ...RadialGradient: a gradient with no shape).
    case paint(OpPaint, OpStyle)
    /// A device-space path cleared to transparent (whatever the state but the clip).
    case clear(Path, clip: ClipChain?, antialias: Bool)
    /// Every pixel set to a color, ignoring the state.
    case background(Color)
    /// `image` drawn into `rect` (user space) under `transform`.
    case image(PixelBuffer, rect: Rect, transform: AffineTransform, OpStyle)
    /// Another canvas drawn into `rect` (user space) under `transform`.
    case canvas(CanvasSnapshot, rect: Rect, transform: AffineTransform, OpStyle)
    /// A transparency layer: its operations composited as one. `pixels`
    /// (at device offset `origin`) hold its result when its list needs
    /// them. Its style's alpha, blend mode, shadow and clip apply to the
    /// whole; `name` is the caller's (`begin_layer{name=}`), if any.
    case layer(DisplayList, OpStyle, name: String?, pixels: PixelBuffer?, origin: (x: Int, y: Int))
    /// The start of a named group (`Canvas.beginGroup`), ended by the next
    /// unmatched `endGroup` of the same list.
    case beginGroup(GroupMark)
    case endGroup

    var needsPixels: Bool {
        switch self {
        case .fill(_, _, _, let s), .fillRect(_, _, let s), .stroke(_, _, _, _, let s), .image(_, _, _, let s),
             .glyphs(_, _, _, let s, _), .paint(_, let s):
            return !s.blendMode.isVectorCompositing
        case .canvas(let c, _, _, let s):
            return !s.blendMode.isVectorCompositing && c.pixels == nil
        case .layer(_, let s, _, _, _):
            return !s.blendMode.isVectorCompositing
        case .clear, .background, .beginGroup, .endGroup:
            return false
        }
    }
}

extension DisplayOp {
    /// A stroke's path in its user space (listed in device space: the
    /// transform back is paid only by those who write it out).
    public static func userPath(_ device: Path, transform: AffineTransform) -> Path {
        transform.inverted.map { device.transformed(by: $0) } ?? Path()
    }

    /// The operation with glyphs as the fill of their outlines (one shape,
    /// so a knockout of text is a mask like any fill's), a filled rectangle
    /// as a filled device path and a paint over the clip as the fill of
    /// `page` (the device rectangle of the surface drawn on): the shapes a
    /// writer that has no use for either writes.
    public func expanded(page: Rect) -> DisplayOp {
        switch self {
        case .paint(let paint, let style):
            return .fill(Path(rect: page, transform: .identity), .nonzero, paint, style)
        case .glyphs(let glyphs, let transform, let paint, let style, _):
            return .fill(Self.glyphPath(glyphs, transform: transform), .nonzero, paint, style)
        case .fillRect(let rect, let paint, let style):
            return .fill(Path(rect: rect, transform: paint.transform), .nonzero, paint, style)
        default:
            return self
        }
    }

    /// Glyphs as one device path.
    public static func glyphPath(_ glyphs: [PlacedGlyph], transform: AffineTransform) -> Path {
        Path(placing: glyphs).transformed(by: transform)
    }
}

extension BlendMode {
    /// The modes vector formats can draw: the separable and non-separable
    /// modes (SVG's mix-blend-mode, PDF's /BM), `normal` included, and those
    /// that act on what is below as a mask (`clear`, `copy`,
    /// `destination_in`, `destination_out`). The other Porter-Duff modes
    /// make a writer fall back to pixels.
    public var isVectorCompositing: Bool {
        switch self {
        case .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationAtop, .xor,
             .plusDarker, .plusLighter:
            return false
        default:
            return true
        }
    }

    /// The W3C name of a separable or non-separable mode (`color-dodge`),
    /// nil for the Porter-Duff ones.
    public var w3cName: String? {
        switch self {
        case .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight,
             .hardLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity:
            return rawValue.split(separator: "_").joined(separator: "-")
        default:
            return nil
        }
    }
}
