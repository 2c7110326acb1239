import CellImage
import CellRaster
import CellVector

/// `--book PATH.pdf`: every render of the run, a page each in order,
/// bookmarked by variant (or the script's name), written once all renders
/// are done, and only if every one of them succeeded (a book with pages
/// missing would pass for a whole one).
struct Book {
    let path: String?
    private var pages: [PDFPage] = []
    private var failures = 0

    init(path: String?) { self.path = path }

    /// A render's canvases (a returned list gives several), bookmarked
    /// `title` (with ` (n)` each when there are several).
    mutating func add(_ canvases: [Canvas], title: String, failed: Bool) {
        guard path != nil else { return }
        if failed { failures += 1 }
        for (i, canvas) in canvases.enumerated() {
            pages.append(PDFPage(canvas, title: canvases.count > 1 ? "\(title) (\(i + 1))" : title))
        }
    }

    /// Writes the book; false (with a message) when it could not be written.
    func write(console: Console) -> Bool {
        guard let path else { return true }
        if failures > 0 {
            console.diagnostic("celllua: --book \(path) was not written: \(failures) render\(failures == 1 ? "" : "s") failed")
            return false
        }
        guard !pages.isEmpty else {
            console.diagnostic("celllua: --book \(path) was not written: no render gave a canvas (an animation's frames go to -o)")
            return false
        }
        do {
            try AtomicFile.write(try PDFWriter.book(pages), to: path)
            console.written(path)
            return true
        } catch {
            console.diagnostic("celllua: --book \(path): \(error)")
            return false
        }
    }
}
