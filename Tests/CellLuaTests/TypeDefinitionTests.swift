import Foundation
import Testing
import CellLua

/// types/cell.lua (the LuaLS definitions shipped for editors) lists every
/// function the binding registers: module functions and each type's methods.
@Suite struct TypeDefinitionTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("types/cell.lua").path

    /// `function cell.NAME(`, `function Canvas:NAME(`, ... as "cell.NAME", "Canvas:NAME".
    func documented() throws -> Set<String> {
        let text = try String(contentsOfFile: Self.file, encoding: .utf8)
        var names: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("function ") {
            let signature = line.dropFirst("function ".count).prefix { $0 != "(" }
            names.insert(String(signature))
        }
        return names
    }

    /// What the running binding registers, read from Lua itself.
    func registered() throws -> Set<String> {
        let listing = try values("""
            local out = {}
            local function walk(prefix, t)
              for k, v in pairs(t) do
                if type(v) == "function" then out[#out + 1] = prefix .. "." .. k
                elseif type(v) == "table" and k ~= "__index" then walk(prefix .. "." .. k, v) end
              end
            end
            walk("cell", cell)
            -- every registered type: metatables in the registry with __methods
            for typeName, mt in pairs(debug.getregistry()) do
              if type(typeName) == "string" and type(mt) == "table" and type(rawget(mt, "__methods")) == "table" then
                for k in pairs(mt.__methods) do out[#out + 1] = typeName .. ":" .. k end
              end
            end
            table.sort(out)
            return table.concat(out, " ")
            """)
        return Set(listing[0].split(separator: " ").map(String.init))
    }

    @Test func everyRegisteredFunctionIsDocumented() throws {
        let missing = try registered().subtracting(try documented())
        #expect(missing.isEmpty, "not in types/cell.lua: \(missing.sorted())")
    }

    @Test func nothingDocumentedIsMissingFromTheBinding() throws {
        let extra = try documented().subtracting(try registered())
        #expect(extra.isEmpty, "documented but not registered: \(extra.sorted())")
    }
}
