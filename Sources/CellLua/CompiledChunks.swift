import CLua
import CellGeometry

/// Scripts compiled once per process: the bytecode of each script a runtime
/// compiled, kept with its exact source text and chunk name, so that a fresh
/// runtime running the same script again loads the bytecode instead of
/// parsing the text.
///
/// Why: every variant of `--all-variants` (and every contact-sheet cell),
/// every `--watch` and `--serve` render after a change to something other
/// than the script, and every frame of a benchmark's fresh runtime runs the
/// same text in a new state. Loading bytecode takes about a tenth of the
/// time parsing it does. A script's first run still compiles it, and a
/// syntax error is
/// never kept, so it is reported the same way each time.
///
/// The bytecode keeps its debug information (line numbers and the chunk's
/// name), so errors and tracebacks read exactly as from the text. It is
/// made here, from text this process compiled, by the same Lua library, and
/// is never written anywhere: the text-only rules of `--sandbox` (no binary
/// chunks from scripts) are not touched.
///
/// Bounded: at most `maxEntries` scripts and `maxBytes` of source and
/// bytecode together; the least recently used go first.
final class CompiledChunks: @unchecked Sendable {
    static let shared = CompiledChunks()

    /// Scripts kept, at most.
    static let maxEntries = 16
    /// Bytes of source and bytecode kept, at most: 8 MiB.
    static let maxBytes = 8 << 20

    private struct Entry {
        let chunkName: String
        let source: [UInt8]
        let bytecode: [UInt8]
        var bytes: Int { source.count + bytecode.count }
    }

    /// Least recently used first.
    private let entries = Locked<[Entry]>([])

    /// The bytecode of `source` compiled under `chunkName`, if kept.
    func bytecode(of source: [UInt8], chunkName: String) -> [UInt8]? {
        entries.withLock { entries in
            guard let i = entries.lastIndex(where: { $0.chunkName == chunkName && $0.source == source }) else {
                return nil
            }
            let entry = entries.remove(at: i)
            entries.append(entry)
            return entry.bytecode
        }
    }

    /// Keeps the Lua function on the top of `L`'s stack (just compiled from
    /// `source`) as bytecode, dropping the least recently used scripts to
    /// stay within the bounds. Leaves the stack as it is.
    func keep(functionOnTopOf L: OpaquePointer, source: [UInt8], chunkName: String) {
        var length = 0
        guard let data = cl_dumpfunction(L, &length) else { return }
        defer { free(data) }
        let bytecode = [UInt8](UnsafeRawBufferPointer(start: data, count: length))
        let entry = Entry(chunkName: chunkName, source: source, bytecode: bytecode)
        guard entry.bytes <= Self.maxBytes else { return }
        entries.withLock { entries in
            entries.removeAll { $0.chunkName == chunkName && $0.source == source }
            entries.append(entry)
            var total = entries.reduce(0) { $0 + $1.bytes }
            while entries.count > Self.maxEntries || total > Self.maxBytes {
                total -= entries.removeFirst().bytes
            }
        }
    }
}
