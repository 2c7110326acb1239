import CellGeometry

/// A canvas' drawing as a list of operations, kept beside its pixels so
/// that the same drawing can be written again in a vector format (SVG,
/// PDF): shapes as paths, strokes as strokes, gradients as gradients, clips,
/// transparency layers as groups, canvases drawn as layers by reference.
///
/// A canvas records only when asked (`Canvas(..., recording: true)`);
/// recording keeps every path drawn until the canvas goes, which costs
/// memory (`Canvas.recordedBytes`) and a little time per drawing call, but
/// no pixel work.
public final class Recording {
    /// The operations in drawing order, made on each read (rectangles
    /// become paths then): writers read it once.
    public var operations: [RecordedOperation] {
        var list: [RecordedOperation] = []
        list.reserveCapacity(count)
        forEach { list.append($0.operation) }
        return list
    }

    /// How many operations it holds.
    var count: Int { later.reduce(first.count) { $0 + $1.count } }

    /// An operation as kept: as it is, or a filled rectangle as the
    /// rectangle (user space, under its paint's transform), made a device
    /// path only when read: a path is an allocation for every `fill_rect`,
    /// the most frequent call of a table's drawing.
    enum Kept {
        case operation(RecordedOperation)
        case filledRect(Rect, RecordedPaint, RecordedStyle)

        var operation: RecordedOperation {
            switch self {
            case .operation(let op): return op
            case .filledRect(let rect, let paint, let style):
                return .fill(Path(rect: rect, transform: paint.transform), .nonzero, paint, style)
            }
        }

        var needsPixels: Bool {
            switch self {
            case .operation(let op): return op.needsPixels
            case .filledRect(_, _, let style): return !style.blendMode.isVectorCompositing
            }
        }
    }

    /// The operations in chunks, each allocated at its final capacity, so
    /// that noting one never moves those already noted: one growing array
    /// copies every operation (a few hundred bytes each) whenever it
    /// doubles, through the cache the pixels being drawn need. Chunks start
    /// small (a layer often notes a handful) and double up to
    /// `largestChunk` operations. The first is kept apart from the others,
    /// so a recording that fits in it (most layers') makes no array of
    /// chunks: the run-time type of one is looked up each time one is made,
    /// about a thousand instructions. Appended to by the canvas' thread
    /// alone, read once drawing is done (or under the canvas' lock, by
    /// `Canvas.recordedCanvas`): no run-time exclusivity checks (one per
    /// drawing call otherwise).
    @exclusivity(unchecked) private var first: [Kept] = []
    @exclusivity(unchecked) private var later: [[Kept]] = []
    static let firstChunk = 8, largestChunk = 256

    /// The chunks, in order (for tests and readers that want them apart).
    var chunks: [[Kept]] { first.isEmpty ? [] : [first] + later }

    /// True when something in this drawing changed pixels in a way no vector
    /// operation says (rows copied over others, `repeatLayerRow`), or
    /// composited with a mode that vector formats do not have
    /// (`BlendMode.isVectorCompositing`): a writer draws it from its pixels.
    @exclusivity(unchecked) public internal(set) var needsPixels = false

    init() {}

    /// A recording holding what `other` holds now (the chunks shared until
    /// either changes).
    init(copying other: Recording) {
        first = other.first
        later = other.later
        needsPixels = other.needsPixels
    }

    func append(_ op: consuming RecordedOperation) {
        append(kept: .operation(op))
    }

    func append(kept op: consuming Kept) {
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
        var chunk: [Kept] = []
        chunk.reserveCapacity(Swift.min((last >= 0 ? later[last].count : first.count) * 2, Self.largestChunk))
        chunk.append(op)
        later.append(chunk)
    }

    /// Calls `body` with each operation as kept, in order.
    func forEach(_ body: (Kept) -> Void) {
        for op in first { body(op) }
        for chunk in later {
            for op in chunk { body(op) }
        }
    }
}

/// One clip, intersected with the clips before it (`parent`): a chain
/// shared by every operation drawn under it, so writers define each once.
public final class RecordedClip {
    /// Device space.
    public let path: Path
    public let rule: FillRule
    public let parent: RecordedClip?
    /// How many clips the chain holds, this one included.
    public let depth: Int

    public init(path: Path, rule: FillRule, parent: RecordedClip?) {
        self.path = path
        self.rule = rule
        self.parent = parent
        depth = (parent?.depth ?? 0) + 1
    }

    /// The chain from the outermost clip in.
    public var chain: [RecordedClip] {
        var list: [RecordedClip] = []
        var c: RecordedClip? = self
        while let n = c {
            list.append(n)
            c = n.parent
        }
        return list.reversed()
    }
}

/// How an operation composites: the state's alpha, blend mode, shadow,
/// clip and anti-aliasing when it was drawn.
public struct RecordedStyle {
    public var alpha: Double
    public var blendMode: BlendMode
    public var shadow: Shadow?
    public var clip: RecordedClip?
    public var antialias: Bool

    public init(alpha: Double, blendMode: BlendMode, shadow: Shadow?, clip: RecordedClip?, antialias: Bool) {
        self.alpha = alpha
        self.blendMode = blendMode
        self.shadow = shadow
        self.clip = clip
        self.antialias = antialias
    }
}

/// A paint and the transform from its user space to device pixels.
public struct RecordedPaint {
    public var paint: Paint
    public var transform: AffineTransform
}

/// A canvas drawn onto another (`Canvas.draw(_:in:)`): its drawing as it
/// was then, and its pixels when that drawing needs them.
public final class RecordedCanvas {
    public let width: Double, height: Double
    /// The canvas' own user space to its pixels (its scale).
    public let transform: AffineTransform
    public let recording: Recording
    /// Set when `recording.needsPixels`.
    public let pixels: PixelBuffer?

    /// Its pixels to the device pixels of a canvas drawing it into `rect`
    /// (user space) under `transform`: its pixels to its points, its points
    /// onto `rect`, `rect` through the transform.
    public func placement(onto rect: Rect, under transform: AffineTransform) -> AffineTransform {
        let toPoints = self.transform.inverted ?? .identity
        let onto = AffineTransform(a: rect.width / width, b: 0, c: 0, d: rect.height / height, tx: rect.x, ty: rect.y)
        return toPoints.concatenating(onto).concatenating(transform)
    }

    init(width: Double, height: Double, transform: AffineTransform, recording: Recording, pixels: PixelBuffer?) {
        self.width = width
        self.height = height
        self.transform = transform
        self.recording = recording
        self.pixels = pixels
    }
}

public enum RecordedOperation {
    /// A device-space path filled.
    case fill(Path, FillRule, RecordedPaint, RecordedStyle)
    /// A path (device space) stroked with `style` in the user space
    /// `transform` maps to device pixels (`userPath` gives the path there);
    /// a width of 0 is one device pixel.
    case stroke(Path, transform: AffineTransform, style: StrokeStyle, RecordedPaint, RecordedStyle)
    /// Glyphs (each placed in user space) filled as one shape under
    /// `transform`; `glyphPath` gives them as one device path.
    case glyphs([PlacedGlyph], transform: AffineTransform, RecordedPaint, RecordedStyle)
    /// A device-space path cleared to transparent (whatever the state but the clip).
    case clear(Path, clip: RecordedClip?, antialias: Bool)
    /// Every pixel set to a color, ignoring the state.
    case background(Color)
    /// `image` drawn into `rect` (user space) under `transform`.
    case image(PixelBuffer, rect: Rect, transform: AffineTransform, RecordedStyle)
    /// Another canvas drawn into `rect` (user space) under `transform`.
    case canvas(RecordedCanvas, rect: Rect, transform: AffineTransform, RecordedStyle)
    /// A transparency layer: its operations composited as one. `pixels`
    /// (at device offset `origin`) hold its result when the recording needs
    /// them. Its style's alpha, blend mode, shadow and clip apply to the whole.
    case layer(Recording, RecordedStyle, pixels: PixelBuffer?, origin: (x: Int, y: Int))

    var needsPixels: Bool {
        switch self {
        case .fill(_, _, _, let s), .stroke(_, _, _, _, let s), .image(_, _, _, let s), .glyphs(_, _, _, let s):
            return !s.blendMode.isVectorCompositing
        case .canvas(let c, _, _, let s):
            return !s.blendMode.isVectorCompositing && c.pixels == nil
        case .layer(_, let s, _, _):
            return !s.blendMode.isVectorCompositing
        case .clear, .background:
            return false
        }
    }
}

extension RecordedOperation {
    /// A stroke's path in its user space (noted in device space: the
    /// transform back is paid only by those who write it out).
    public static func userPath(_ device: Path, transform: AffineTransform) -> Path {
        transform.inverted.map { device.transformed(by: $0) } ?? Path()
    }

    /// The operation, with glyphs as the fill of their outlines (one shape,
    /// so a knockout of text is a mask like any fill's).
    public var expandingGlyphs: RecordedOperation {
        guard case .glyphs(let glyphs, let transform, let paint, let style) = self else { return self }
        return .fill(Self.glyphPath(glyphs, transform: transform), .nonzero, paint, style)
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
