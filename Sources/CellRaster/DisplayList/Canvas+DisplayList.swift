import CellGeometry

/// How a drawing call becomes an operation of the canvas' display list
/// (`DisplayList`): each public drawing call builds its operation from what
/// it was given and the state in force, and `submit`s it: the raster
/// backend draws it (`render`) and the list keeps it. The two cannot
/// disagree: what is drawn is what is listed.
extension Canvas {
    /// The style the state gives an operation drawn now.
    var opStyle: OpStyle {
        OpStyle(alpha: state.alpha, blendMode: state.blendMode, shadow: state.shadow, clip: state.clipChain,
                antialias: state.antialias)
    }

    func opPaint(_ paint: Paint) -> OpPaint {
        OpPaint(paint: paint, transform: state.ctm)
    }

    /// Draws `op` and lists it. `bytes`: what the operation keeps beyond its
    /// own size (its path's storage, a copied image), for `displayListBytes`.
    /// A stroke goes through `submitStroke` (it can fail).
    func submit(_ op: DisplayOp, keeping bytes: Int = 0) {
        render(op)
        list(op, keeping: bytes)
    }

    /// `submit` for a stroke, which fails when its outline would pass the
    /// complexity limits: nothing is then drawn or listed.
    func submitStroke(_ op: DisplayOp, keeping bytes: Int) throws {
        try renderStroke(op)
        list(op, keeping: bytes)
    }

    /// Appends `op` to the list drawing goes to now (the innermost open
    /// layer's, or the canvas'), unless a list is being drawn again
    /// (`Replay`), and counts the bytes it keeps: the operation, the
    /// arrays' headers and `bytes`.
    func list(_ op: consuming DisplayOp, keeping bytes: Int) {
        guard listing else { return }
        listTarget.append(op)
        listByteCount += MemoryLayout<DisplayOp>.stride + 64 + bytes
    }

    /// The bytes a path keeps.
    static func bytes(of path: Path) -> Int { path.elements.capacity * MemoryLayout<Path.Element>.stride }

    /// Notes a clip in the state's chain (`ClipChain`), which the
    /// operations drawn under it carry.
    func chainClip(_ device: Path, rule: FillRule) {
        guard listing else { return }
        state.clipChain = ClipChain(path: device, rule: rule, parent: state.clipChain)
        listByteCount += 128 + Self.bytes(of: device)
    }

    // MARK: groups

    /// Starts a named group: structure only (nothing composites differently,
    /// no pixels are allocated), for vector output to name its groups
    /// (`id`s in SVG) and for embedders to find what they drew (`tag`, never
    /// read by the engine; see `groups`). Groups nest; `endGroup` ends the
    /// innermost. A group begun inside a layer ends inside it.
    public func beginGroup(name: String, tag: AnyObject? = nil) {
        list(.beginGroup(GroupMark(name: name, tag: tag, transform: state.ctm)), keeping: name.utf8.count)
        openGroups += 1
    }

    /// Ends the innermost group begun in the current layer (or outside any).
    public func endGroup() throws {
        guard openGroups > 0 else {
            throw CanvasError.unbalancedLayer(layers.isEmpty ? "end_group without a matching begin_group"
                                                              : "end_group would cross begin_layer: call end_layer first")
        }
        openGroups -= 1
        list(.endGroup, keeping: 0)
    }

    /// Every named group in this canvas' drawing (inside layers and inside
    /// canvases drawn onto it too), in drawing order, with the transform
    /// from the group's user space to this canvas' device pixels. Groups
    /// inside a canvas drawn as an image are placed where it was drawn.
    public var groups: [(mark: GroupMark, transform: AffineTransform)] {
        var found: [(GroupMark, AffineTransform)] = []
        func walk(_ list: DisplayList, placement: AffineTransform?, depth: Int) {
            guard depth < 64 else { return }
            list.forEach { op in
                switch op {
                case .beginGroup(let mark):
                    found.append((mark, placement.map { mark.transform.concatenating($0) } ?? mark.transform))
                case .layer(let inner, _, _, _, _):
                    walk(inner, placement: placement, depth: depth + 1)
                case .canvas(let snapshot, let rect, let transform, _):
                    let placed = snapshot.placement(onto: rect, under: transform)
                    walk(snapshot.list, placement: placement.map { placed.concatenating($0) } ?? placed, depth: depth + 1)
                default:
                    break
                }
            }
        }
        walk(displayList, placement: nil, depth: 0)
        return found
    }

    // MARK: snapshots

    /// This canvas' drawing as it is now, for another canvas drawing it:
    /// one object per state of its pixels (so a writer defines a canvas
    /// drawn at many places once). Safe to call from several threads while
    /// nothing draws on this canvas.
    func snapshot() -> CanvasSnapshot {
        let now = generation
        return drawnAsLayer.snapshot.withLock { kept in
            if let kept, kept.generation == now { return kept.snapshot }
            let copy = DisplayList(copying: displayList)
            let snapshot = CanvasSnapshot(width: width, height: height, transform: baseTransform, list: copy,
                                          pixels: copy.needsPixels ? buffer.copy() : nil)
            kept = (now, snapshot)
            return snapshot
        }
    }
}
