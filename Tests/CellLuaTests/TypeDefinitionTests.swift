import Foundation
import Testing
@testable import CellLua

/// types/cell.lua (the LuaLS definitions shipped for editors) lists every
/// function the binding registers (module functions and each type's
/// methods), annotates every parameter, and describes every table the
/// binding reads (table spec, sections, rows, views, themes, options) as a
/// class whose fields are exactly the keys the binding accepts.
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

    /// What the running binding registers, read from Lua itself. A class'
    /// metatable is registered with its first object, so one of each is
    /// made first (a class left out here shows as documented but not
    /// registered).
    func registered() throws -> Set<String> {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let listing = try values("""
            local c = cell.canvas(2, 2)
            c:save("\(directory)/one.png")
            local g = cell.gradient { { 0, "#000000" }, { 1, "#FFFFFF" } }
            local made = { c, cell.path(), cell.rgb(0, 0, 0), g, cell.linear(g, 0, 0, 1, 1),
              cell.image("\(directory)/one.png"), cell.font("Helvetica", 12),
              cell.ui.table { width = 100, height = 50, sections = { { rows = { { text = "A" } } } } },
              cell.ui.screen { table = {} } }
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

    // MARK: parameters and returns

    /// A `function NAME(a, b)` line with the `---` comment block directly above it.
    struct Function {
        let name: String
        let parameters: [String]
        /// `---@param NAME TYPE ...` as (NAME without `?`, TYPE or "").
        let params: [(name: String, type: String)]
        /// The type of each `---@return TYPE ...`.
        let returns: [String]
    }

    static func lines() throws -> [Substring] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The first two words after `prefix` on an annotation line.
    static func words(_ line: Substring, after prefix: String) -> (String, String) {
        let parts = line.dropFirst(prefix.count).split(separator: " ", maxSplits: 2)
        return (parts.first.map(String.init) ?? "", parts.count > 1 ? String(parts[1]) : "")
    }

    func functions() throws -> [Function] {
        let lines = try Self.lines()
        var out: [Function] = []
        for (i, line) in lines.enumerated() where line.hasPrefix("function ") {
            let signature = line.dropFirst("function ".count)
            guard let open = signature.firstIndex(of: "("), let close = signature.firstIndex(of: ")") else { continue }
            let parameters = signature[signature.index(after: open)..<close].split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            var params: [(String, String)] = [], returns: [String] = []
            var j = i - 1
            while j >= 0, lines[j].hasPrefix("---") {
                if lines[j].hasPrefix("---@param ") {
                    let (name, type) = Self.words(lines[j], after: "---@param ")
                    params.append((name.hasSuffix("?") ? String(name.dropLast()) : name, type))
                } else if lines[j].hasPrefix("---@return ") {
                    returns.append(Self.words(lines[j], after: "---@return ").0)
                }
                j -= 1
            }
            out.append(Function(name: String(signature[..<open]), parameters: parameters,
                                params: params.reversed(), returns: returns.reversed()))
        }
        return out
    }

    /// Every parameter of every function (`...` too) has a `---@param` with a
    /// type in the block above it, and no `---@param` names a parameter the
    /// function does not have.
    @Test func everyParameterIsAnnotated() throws {
        let functions = try functions()
        #expect(functions.count > 50, "no functions read from types/cell.lua")
        var problems: [String] = []
        for f in functions {
            let annotated = f.params.map(\.name)
            for p in f.parameters where !annotated.contains(p) {
                problems.append("\(f.name): no ---@param \(p)")
            }
            for p in f.params where !f.parameters.contains(p.name) {
                problems.append("\(f.name): ---@param \(p.name) is not a parameter")
            }
            for p in f.params where p.type.isEmpty {
                problems.append("\(f.name): ---@param \(p.name) has no type")
            }
            if Set(annotated).count != annotated.count { problems.append("\(f.name): a parameter annotated twice") }
        }
        #expect(problems.isEmpty, "types/cell.lua: \(problems)")
    }

    /// Path construction returns its receiver, on a Path and on a Canvas, so
    /// chains type-check; so does Path:transform.
    @Test func chainingMethodsReturnTheirReceiver() throws {
        let returns = Dictionary(try functions().map { ($0.name, $0.returns) }, uniquingKeysWith: { a, _ in a })
        var expected = ["Path:transform": "cell.Path"]
        for (name, _) in PathConstruction.methods {
            expected["Path:\(name)"] = "cell.Path"
            expected["Canvas:\(name)"] = "cell.Canvas"
        }
        let wrong = expected.filter { returns[$0.key] != [$0.value] }.keys.sorted()
        #expect(wrong.isEmpty, "should be ---@return its own type: \(wrong)")
    }

    // MARK: classes of the tables the binding reads

    /// `---@class NAME` → the names of the `---@field` lines right below it
    /// (without `?`); a field without a type is reported as "NAME:untyped".
    func classes() throws -> [String: [String]] {
        var out: [String: [String]] = [:]
        var current: String?
        for line in try Self.lines() {
            if line.hasPrefix("---@class ") {
                let name = Self.words(line, after: "---@class ").0
                current = String(name.prefix { $0 != ":" })
                out[current!] = []
            } else if let c = current, line.hasPrefix("---@field ") {
                let (name, type) = Self.words(line, after: "---@field ")
                let bare = name.hasSuffix("?") ? String(name.dropLast()) : name
                out[c]!.append(type.isEmpty ? "\(bare):untyped" : bare)
            } else {
                current = nil
            }
        }
        return out
    }

    /// Each class, and the keys the binding accepts for it (its
    /// `checkKeys` or `lua.options(..., known:)` list).
    static let keyLists: [String: [String]] = [
        "cell.TableSpec": TableBinding.topKeys,
        "cell.TableSection": TableBinding.sectionKeys,
        "cell.TableRow": TableBinding.rowKeys,
        "cell.TableView": TableBinding.viewKeys,
        "cell.CornerOverlay": TableBinding.cornerOverlayKeys,
        "cell.Theme": ThemeBinding.keyNames,
        "cell.CanvasOptions": CanvasBinding.optionNames,
        "cell.TextOptions": CanvasBinding.textOptionNames,
        "cell.TextRectOptions": CanvasBinding.rectOptionNames,
        "cell.TypographyOptions": Typography.optionNames,
        "cell.FontPathOptions": ["align"] + Typography.optionNames,
        "cell.LayerOptions": CanvasBinding.layerOptionNames,
        "cell.SVGOptions": CanvasBinding.svgOptionNames,
        "cell.GradientDrawOptions": CanvasBinding.gradientOptionNames,
        "cell.BadgeOptions": UIBinding.badgeOptionNames,
        "cell.CellBackgroundOptions": UIBinding.cellBackgroundOptionNames,
        "cell.BevelOptions": UIBinding.bevelOptionNames,
        "cell.StatusBarOptions": ChromeBinding.statusBarOptionNames,
        "cell.NavigationBarOptions": ChromeBinding.navigationBarOptionNames,
        "cell.SearchBarOptions": ChromeBinding.searchBarOptionNames,
        "cell.ToolbarOptions": ChromeBinding.toolbarOptionNames,
        "cell.TabBarOptions": ChromeBinding.tabBarOptionNames,
        "cell.TabItem": ChromeBinding.tabItemNames,
        "cell.SegmentedOptions": ChromeBinding.segmentedOptionNames,
        "cell.ButtonOptions": ChromeBinding.buttonOptionNames,
        "cell.BarButton": ChromeBinding.barButtonNames,
        "cell.ScreenSpec": ScreenBinding.specKeys,
    ]

    /// The spec, section, row, view, theme and options classes have a typed
    /// field for every key the binding accepts and none it would reject.
    @Test func classesListEveryKeyTheBindingAccepts() throws {
        let classes = try classes()
        var problems: [String] = []
        for (name, keys) in Self.keyLists.sorted(by: { $0.key < $1.key }) {
            guard let fields = classes[name] else {
                problems.append("no ---@class \(name)")
                continue
            }
            let missing = Set(keys).subtracting(fields), extra = Set(fields).subtracting(keys)
            if !missing.isEmpty { problems.append("\(name) lacks ---@field \(missing.sorted())") }
            if !extra.isEmpty { problems.append("\(name) has fields the binding rejects: \(extra.sorted())") }
        }
        #expect(problems.isEmpty, "types/cell.lua: \(problems)")
    }

    /// Each of those classes types a parameter or a field somewhere, so an
    /// editor checks the tables scripts pass.
    @Test func optionClassesAreUsed() throws {
        let annotations = try Self.lines().filter { $0.hasPrefix("---@param ") || $0.hasPrefix("---@field ") }
        let unused = Self.keyLists.keys.filter { name in
            !annotations.contains { line in
                let type = Self.words(line, after: line.hasPrefix("---@param ") ? "---@param " : "---@field ").1
                return type.split(whereSeparator: { "|?[]<>,() ".contains($0) }).contains { $0 == name }
            }
        }
        #expect(unused.isEmpty, "classes no ---@param or ---@field uses: \(unused.sorted())")
    }

    /// The global a script sets for the command line (`variants`) is declared
    /// with a type.
    @Test func scriptGlobalsAreDeclared() throws {
        let lines = try Self.lines()
        guard let i = lines.firstIndex(where: { $0.hasPrefix("variants = ") }) else {
            Issue.record("types/cell.lua does not declare the global variants")
            return
        }
        #expect(i > 0 && lines[i - 1].hasPrefix("---@type "), "variants has no ---@type line above it")
    }
}
