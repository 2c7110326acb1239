import Foundation
import Testing
@testable import CellLua

/// docs/reference.md documents every function and method the binding
/// registers, each under a heading with its name (`#### \`Canvas:fill(`).
/// It is generated from types/cell.lua by scripts/make-reference; this
/// fails when a name was added to the binding (and to types/cell.lua) but
/// the reference was not made again.
@Suite struct ReferenceDocTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/reference.md").path

    @Test func everyRegisteredFunctionHasAHeading() throws {
        let text = try String(contentsOfFile: Self.file, encoding: .utf8)
        let registered = try TypeDefinitionTests().registered()
        #expect(registered.count > 50, "the binding's names were not read")
        let missing = registered.filter { !text.contains("#### `\($0)(") }
        #expect(missing.isEmpty, "not in docs/reference.md (run scripts/make-reference): \(missing.sorted())")
    }

    /// Every table-spec key the kit reads is a documented field.
    @Test func everyTableSpecKeyIsDocumented() throws {
        let text = try String(contentsOfFile: Self.file, encoding: .utf8)
        let keys = Set(TableBinding.topKeys + TableBinding.sectionKeys + TableBinding.viewKeys + TableBinding.rowKeys)
        let missing = keys.filter { !text.contains("| `\($0)?` |") }.sorted()
        #expect(missing.isEmpty, "table-spec keys not in docs/reference.md: \(missing)")
    }
}
