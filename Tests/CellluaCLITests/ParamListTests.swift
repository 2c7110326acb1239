import Foundation
import Testing

/// Typed parameters from the command line: `--list-params` (and `--json`)
/// print what a script declares with `cell.param`, and a `-D` or variant
/// value outside a parameter's range or choices is an error naming it.
@Suite struct ParamListTests {
    static let script = """
        local radius = cell.param("radius", 10, { min = 0, max = 22, step = 1, label = "Corner radius" })
        local theme = cell.param("theme", "light", { choices = { "light", "dark" }, doc = "Which \\"look\\"" })
        local tint = cell.param("tint", "#8799BC")
        local badge = cell.param("badge", true)
        local again = cell.param("radius", 3)
        local rows = cell.param("rows")
        print("printed by the script")
        variants = { big = { radius = 40 }, blue = { theme = "blue" } }
        local c = cell.canvas(4, 4, { scale = 1 })
        c:save("saved.png")
        return c
        """

    @Test func listParamsPrintsEachDeclarationOnceInOrder() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/p.lua")
        let r = try Celllua.run(["--list-params", "p.lua", "-D", "radius=12"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            radius  number  default 10  range 0..22  step 1  "Corner radius"
            theme  string  default light  choices light|dark
            tint  color  default #8799BC
            badge  boolean  default true
            rows  any  default none

            """)
        // What the script prints goes to stderr; nothing is written.
        #expect(r.stderr.contains("printed by the script"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["p.lua"])
    }

    @Test func listParamsAsJSON() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/p.lua")
        let r = try Celllua.run(["--list-params", "--json", "p.lua"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
        let list = try #require(parsed)
        #expect(list.map { $0["name"] as? String } == ["radius", "theme", "tint", "badge", "rows"])
        #expect(list[0]["default"] as? Double == 10 && list[0]["min"] as? Double == 0 && list[0]["max"] as? Double == 22)
        #expect(list[0]["step"] as? Double == 1 && list[0]["label"] as? String == "Corner radius")
        #expect(list[1]["choices"] as? [String] == ["light", "dark"] && list[1]["doc"] as? String == "Which \"look\"")
        #expect(list[2]["type"] as? String == "color" && list[2]["default"] as? String == "#8799BC")
        #expect(list[3]["default"] as? Bool == true)
        #expect(list[4]["default"] is NSNull)
        let empty = try Celllua.run(["--list-params", "--json", "-e", "x = 1"], in: dir)
        #expect(empty.status == 0 && empty.stdout == "[]\n", "\(empty.stdout)")
    }

    @Test func valuesOutsideTheRangeOrChoicesAreErrors() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/p.lua")
        let high = try Celllua.run(["p.lua", "-D", "radius=40"], in: dir)
        #expect(high.status == 1)
        #expect(high.stderr.hasPrefix("celllua: p.lua:1: -D radius=40: above the maximum 22 of parameter 'radius'"), "\(high.stderr)")
        let low = try Celllua.run(["p.lua", "-D", "radius=-1"], in: dir)
        #expect(low.stderr.hasPrefix("celllua: p.lua:1: -D radius=-1: below the minimum 0 of parameter 'radius'"), "\(low.stderr)")
        let choice = try Celllua.run(["p.lua", "-D", "theme=blue"], in: dir)
        #expect(choice.stderr.hasPrefix("celllua: p.lua:2: -D theme=blue: not one of the choices of parameter 'theme': light, dark"),
                "\(choice.stderr)")
        let variant = try Celllua.run(["p.lua", "--variant", "big"], in: dir)
        #expect(variant.status == 1)
        #expect(variant.stderr.contains("variant 'big': radius = 40"), "\(variant.stderr)")
        #expect(variant.stderr.contains("above the maximum 22 of parameter 'radius'"), "\(variant.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/p.png") && !FileManager.default.fileExists(atPath: dir + "/p-big.png"))
        let inRange = try Celllua.run(["p.lua", "-D", "radius=22", "-D", "theme=dark"], in: dir)
        #expect(inRange.status == 0, "\(inRange.stderr)")
    }

    @Test func listParamsGoesWithAScriptAndDefinesOnly() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.script, to: dir + "/p.lua")
        for extra in [["-o", "x.png"], ["--all-variants"], ["--watch"], ["--list-variants"]] {
            let r = try Celllua.run(["--list-params", "p.lua"] + extra, in: dir)
            #expect(r.status == 2 && r.stderr.contains("--list-params only prints the parameters"), "\(extra): \(r.stderr)")
        }
        let json = try Celllua.run(["--json", "p.lua"], in: dir)
        #expect(json.status == 2 && json.stderr.contains("--json goes with --list-params"))
        write("cell.param('n', 1)\nerror('broken')", to: dir + "/bad.lua")
        let failed = try Celllua.run(["--list-params", "bad.lua"], in: dir)
        #expect(failed.status == 1 && failed.stdout.isEmpty && failed.stderr.contains("bad.lua:2: broken"), "\(failed.stderr)")
    }
}
