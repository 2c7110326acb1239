import CellGeometry

/// Rasterizers kept from one canvas to the next. A rasterizer's
/// accumulation rows grow to the largest shape it has drawn and are left
/// zeroed after each job; a process that makes canvas after canvas (a
/// watch, the REPL, variants, a benchmark's frames) would otherwise
/// allocate, zero and fault in fresh ones for each canvas. Each is taken by
/// one canvas at a time and handed back when that canvas goes.
///
/// Layer buffers are not kept across canvases: measured, it made banded
/// frames slower.
enum ScratchPool {
    /// Rasterizers kept (one per canvas alive at once is the common need).
    static let maxRasterizers = 8

    private static let rasterizers = Locked<[Rasterizer]>([])

    /// A rasterizer no one else uses (a kept one, or a new one).
    static func takeRasterizer() -> Rasterizer {
        rasterizers.withLock { $0.popLast() } ?? Rasterizer()
    }

    static func giveBack(_ rasterizer: Rasterizer) {
        rasterizers.withLock { if $0.count < maxRasterizers { $0.append(rasterizer) } }
    }
}
