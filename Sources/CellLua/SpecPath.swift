/// Where a table sits in a spec, as messages name it: `sections[2].rows[1]`.
/// Kept as its parts and spelt out only when a message needs it: making
/// the text for every field read cost more than reading the field (a row's
/// fields and its place in the list, each an interpolated string). One
/// node per level, shared by everything below it, so a reader holding its
/// path copies one reference.
final class SpecPath: CustomStringConvertible, Sendable {
    private enum Part: Sendable {
        case root
        case key(String)
        case index(Int)
    }

    private let parent: SpecPath?
    private let part: Part

    private init(_ parent: SpecPath?, _ part: Part) {
        self.parent = parent
        self.part = part
    }

    /// The spec itself.
    static let root = SpecPath(nil, .root)

    /// A table of its own named `name` (a screen's `table`).
    static func named(_ name: String) -> SpecPath { SpecPath(root, .key(name)) }

    var isRoot: Bool { parent == nil }

    /// The table in the field `key` here (`sections[2].rows`).
    func key(_ key: String) -> SpecPath { SpecPath(self, .key(key)) }

    /// Entry `index` (1-based, as Lua counts) of the list here (`rows[3]`).
    func index(_ index: Int) -> SpecPath { SpecPath(self, .index(index)) }

    var description: String {
        var parts: [Part] = []
        var node: SpecPath? = self
        while let here = node {
            parts.append(here.part)
            node = here.parent
        }
        var text = ""
        for part in parts.reversed() {
            switch part {
            case .root: break
            case .key(let k): text += text.isEmpty ? k : "." + k
            case .index(let i): text += "[\(i)]"
            }
        }
        return text
    }
}

/// A field of a spec table: the table's path and the field's key, spelt
/// out (`sections[2].rows[1].text`) only for a message.
struct SpecField: CustomStringConvertible {
    let table: SpecPath
    let key: String

    /// The field as the path of a table (a nested table's reader, a list).
    var path: SpecPath { table.key(key) }

    var description: String { table.isRoot ? key : "\(table).\(key)" }
}
