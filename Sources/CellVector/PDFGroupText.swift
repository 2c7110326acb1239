import CellRaster

/// A group's content stream as it is written, with the clips it holds open.
///
/// Operations drawn under the same clips (a table cell's contents, the
/// glyphs of a clipped label) share them: each clip is opened once, as
/// `q path W n`, and closed (`Q`) when an operation comes that is not
/// under it. Only the clips beyond those an operation has in common with
/// the previous one are written; each operation's own state stays in an
/// inner `q ... Q`.
struct PDFGroupText {
    var text = ""
    /// The clips open, outermost first (`ClipChain`s are shared by every
    /// operation drawn under them, so identity tells them apart).
    private var open: [ClipChain] = []

    /// Makes `clip`'s chain the clips open.
    mutating func clip(to clip: ClipChain?) {
        let chain = clip?.chain ?? []
        var common = 0
        while common < Swift.min(open.count, chain.count), open[common] === chain[common] { common += 1 }
        if common < open.count {
            text += String(repeating: "Q ", count: open.count - common) + "\n"
            open.removeLast(open.count - common)
        }
        for c in chain[common...] {
            text += "q " + PDFContent.clipPath(c) + "\n"
            open.append(c)
        }
    }

    /// The text with every clip closed (the stream of a whole group).
    mutating func closed() -> String {
        clip(to: nil)
        return text
    }
}
