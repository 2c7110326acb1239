import CellGeometry

/// What a recording canvas notes of each drawing call (see `Recording`).
/// Every note is made where the call enters the engine, with the geometry
/// the caller gave, before the pixels are touched.
extension Canvas {
    /// Whether this canvas keeps its drawing as operations (`recording`).
    public var recordsVectors: Bool { recording != nil }

    /// Runs `body` with nothing recorded: for drawing whose pixels take a
    /// path no vector format can follow (rows copied over others), given to
    /// the recording apart with `recordingOnly`.
    public func withoutRecording<T>(_ body: () throws -> T) rethrows -> T {
        let target = recordingTarget
        recordingTarget = nil
        defer { recordingTarget = target }
        return try body()
    }

    /// Runs `body` with its drawing recorded and the pixels left alone: the
    /// vector form of drawing already done in pixels by `withoutRecording`.
    /// Nothing is drawn, so nothing can be read back meanwhile.
    public func recordingOnly<T>(_ body: () throws -> T) rethrows -> T {
        flush()
        let draws = drawsPixels
        drawsPixels = false
        defer { drawsPixels = draws }
        return try body()
    }

    /// The style the state gives an operation drawn now.
    var recordedStyle: RecordedStyle {
        RecordedStyle(alpha: state.alpha, blendMode: state.blendMode, shadow: state.shadow,
                      clip: state.recordedClip, antialias: state.antialias)
    }

    func recordedPaint(_ paint: Paint) -> RecordedPaint {
        RecordedPaint(paint: paint, transform: state.ctm)
    }

    /// Notes an operation in the innermost open layer's recording, or the
    /// canvas'; counts the bytes it keeps.
    func record(_ op: @autoclosure () -> RecordedOperation, elements: Int = 0) {
        guard recordingTarget != nil else { return }
        keep(.operation(op()), elements: elements)
    }

    /// `fillRect`'s rectangle (user space) filled with `paint`: kept as
    /// the rectangle, made a path only when the recording is read.
    func recordFilledRect(_ rect: Rect, paint: Paint) {
        guard recordingTarget != nil else { return }
        keep(.filledRect(rect, recordedPaint(paint), recordedStyle), elements: 5)
    }

    /// Appends `kept` to the recording target and counts the bytes it
    /// holds: the operation, its path's `elements` and the arrays' own headers.
    private func keep(_ kept: consuming Recording.Kept, elements: Int) {
        recordingTarget?.append(kept: kept)
        recordedByteCount += MemoryLayout<Recording.Kept>.stride + 64 + elements * MemoryLayout<Path.Element>.stride
    }

    func recordFill(_ device: Path, rule: FillRule, paint: Paint) {
        guard recordingTarget != nil else { return }
        record(.fill(device, rule, recordedPaint(paint), recordedStyle), elements: device.elements.capacity)
    }

    /// A device path stroked with the style in force: noted as the user-space
    /// path under the CTM, so the stroke is the format's own.
    func recordStroke(_ device: Path) {
        guard recordingTarget != nil, state.ctm.inverted != nil else { return }
        record(.stroke(device, transform: state.ctm, style: state.strokeStyle,
                       recordedPaint(state.strokePaint), recordedStyle),
               elements: device.elements.capacity)
    }

    func recordClip(_ device: Path, rule: FillRule) {
        guard recording != nil else { return }
        state.recordedClip = RecordedClip(path: device, rule: rule, parent: state.recordedClip)
        recordedByteCount += 128 + device.elements.capacity * MemoryLayout<Path.Element>.stride
    }

    /// Device polygons (a prepared shape) as a path.
    static func path(of polygons: [Polyline]) -> Path {
        var p = Path()
        for poly in polygons {
            guard let first = poly.points.first else { continue }
            p.move(to: first)
            for q in poly.points.dropFirst() { p.line(to: q) }
            p.close()
        }
        return p
    }

    /// This canvas' drawing as it is now, for another canvas drawing it:
    /// one object per state of its pixels (so a writer defines a canvas
    /// drawn at many places once). Safe to call from several threads while
    /// nothing draws on this canvas (pieces of one drawing place the same
    /// layer at once).
    func recordedCanvas() -> RecordedCanvas? {
        guard let recording else { return nil }
        let now = generation
        return drawnAsLayer.recorded.withLock { kept in
            if let kept, kept.generation == now { return kept.canvas }
            let copy = Recording(copying: recording)
            let canvas = RecordedCanvas(width: width, height: height, transform: baseTransform, recording: copy,
                                        pixels: copy.needsPixels ? pixels.copy() : nil)
            kept = (now, canvas)
            return canvas
        }
    }
}
