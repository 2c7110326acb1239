import CellLua
import Testing

/// `cell.param`'s options (`min`, `max`, `step`, `choices`, `label`, `doc`):
/// checked where they are given, declared on the first read of a name.
@Suite struct ParamOptionsTests {
    @Test func badOptionsAreArgumentErrors() {
        let cases: [(String, String)] = [
            ("cell.param('r', 10, {min = 20})", "bad argument #2 to 'param' (the default 10 is below the minimum 20 of parameter 'r')"),
            ("cell.param('r', 10, {max = 5})", "bad argument #2 to 'param' (the default 10 is above the maximum 5 of parameter 'r')"),
            ("cell.param('r', 'x', {min = 1})", "bad argument #3 to 'param' (min, max and step go with a number default (parameter 'r' has a string))"),
            ("cell.param('r', nil, {max = 1})", "bad argument #3 to 'param' (min, max and step go with a number default (parameter 'r' has none))"),
            ("cell.param('r', 1, {mn = 1})", "bad argument #3 to 'param' (unknown option 'mn' (expected min, max, step, choices, label, doc))"),
            ("cell.param('r', 1, {step = 0})", "bad argument #3 to 'param' (option 'step': a step greater than 0 expected, got 0)"),
            ("cell.param('r', 1, {min = 0/0})", "bad argument #3 to 'param' (option 'min': finite number expected, got nan)"),
            ("cell.param('r', 1, {min = 5, max = 2})", "bad argument #3 to 'param' (min 5 is above max 2)"),
            ("cell.param('r', 'a', {choices = {}})", "bad argument #3 to 'param' (option 'choices': a non-empty list of strings expected)"),
            ("cell.param('r', 'a', {choices = {'a', 3}})", "bad argument #3 to 'param' (option 'choices': choice 2 is not a string)"),
            ("cell.param('r', 'a', {choices = {'a', 'a'}})", "bad argument #3 to 'param' (option 'choices': choice 'a' is given twice)"),
            ("cell.param('r', 'a', {choices = {'b'}})", "bad argument #2 to 'param' (the default 'a' is not one of the choices: b)"),
            ("cell.param('r', 1, {choices = {'1'}})", "bad argument #3 to 'param' (choices go with a string default (parameter 'r' has a number))"),
            ("cell.param('r', 1, 5)", "bad argument #3 to 'param' (table expected, got number)"),
        ]
        for (code, expected) in cases {
            #expect(firstLine(code) == "test.lua:1: " + expected, "\(code)")
        }
    }

    @Test func theFirstReadDeclaresTheParameter() throws {
        var options = LuaRuntime.Options()
        options.params = ["n": Param(.text("4"), source: "-D")]
        let runtime = makeRuntime(options)
        try runtime.run(code: """
            assert(cell.param("n", 2, { min = 1, max = 8, step = 1, label = "Rows" }) == 4)
            assert(cell.param("n", 7) == 4)
            assert(cell.param("ink", cell.rgb(1, 0, 0)))
            assert(cell.param("look", "plain", { choices = { "plain", "grouped" }, doc = "Table style" }) == "plain")
            """, chunkName: "@test.lua")
        #expect(runtime.paramDeclarations == [
            ParamDeclaration(name: "n", type: "number", defaultText: "2", min: 1, max: 8, step: 1, label: "Rows"),
            ParamDeclaration(name: "ink", type: "color", defaultText: "#FF0000"),
            ParamDeclaration(name: "look", type: "string", defaultText: "plain", choices: ["plain", "grouped"], doc: "Table style"),
        ])
    }
}
