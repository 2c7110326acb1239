/// The frames the live preview keeps, a bounded cache: every variant's last
/// good frame at each of the `maxScales` (4) scales used most recently, the
/// scales each render draws. Asking for another scale forgets the one used
/// least recently, with its frames; so the cache holds at most 4 frames per
/// variant of the script, whatever scales requests name (each distinct
/// `/frame?scale=` used to keep its image for good: 200 of them grew the
/// server from 25 MB to 1.19 GB). Requests never add variants: the server
/// answers only the variants of the last render.
///
/// Not locked itself: `PreviewState` holds it under its lock.
struct PreviewFrames {
    /// Scales kept: the page's three choices (1, 2, 3) and the first
    /// render's (`--scale`), so that a page switching scales never waits
    /// for a render it had before.
    static let maxScales = 4

    /// Most recently used first; every render draws these.
    private(set) var scales: [Double]
    private var frames: [PreviewState.Key: PreviewState.Frame] = [:]

    init(scale: Double) {
        scales = [scale]
    }

    /// How many frames are held (for `/state`: a test reads the bound).
    var count: Int { frames.count }

    func frame(_ key: PreviewState.Key) -> PreviewState.Frame? { frames[key] }

    /// Marks `scale` as used now; when it is new and the scales are full,
    /// the scale used least recently and its frames are forgotten.
    mutating func use(_ scale: Double) {
        if let i = scales.firstIndex(of: scale) {
            scales.remove(at: i)
        }
        scales.insert(scale, at: 0)
        while scales.count > Self.maxScales {
            let gone = scales.removeLast()
            frames = frames.filter { $0.key.scale != gone }
        }
    }

    /// Keeps `frame` if its scale is still one of the kept scales (a
    /// render or a request may have pushed it out meanwhile: then the frame
    /// is answered once and dropped).
    mutating func store(_ frame: PreviewState.Frame, for key: PreviewState.Key) {
        guard scales.contains(key.scale) else { return }
        frames[key] = frame
    }

    /// Forgets the frames of variants that are gone.
    mutating func keep(variants names: [String]) {
        frames = frames.filter { names.contains($0.key.variant) }
    }
}
