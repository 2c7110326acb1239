import CellGeometry
import Glibc

/// A progress bar on stderr, only when stderr is a terminal and there is
/// enough work to watch.
final class Progress: @unchecked Sendable {
    private let label: String
    private let total: Int
    private let enabled: Bool
    private var done = 0
    private let lock = Lock()

    /// `label`: what is counted ("rendering variants").
    init(_ label: String, total: Int, enabled: Bool) {
        self.label = label
        self.total = total
        self.enabled = enabled
        draw()
    }

    func step() {
        lock.lock()
        done += 1
        draw()
        lock.unlock()
    }

    func finish() {
        guard enabled else { return }
        writeStandardError("\r\u{1B}[K")
    }

    private func draw() {
        guard enabled else { return }
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        writeStandardError("\r\(label) [\(bar)] \(done)/\(total)")
    }
}
