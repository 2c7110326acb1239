import CLua
import CellGeometry
import CellKit
import CellText

/// A Font in Lua: immutable, a face at a size.
final class FontBox {
    let font: Font
    init(_ font: Font) { self.font = font }
}

/// `cell.font(name, size)` and the Font type: `font:measure(str)` and the
/// fields `size ascent descent leading line_height cap_height x_height name
/// family style file`.
enum FontBinding {
    static let typeName = "Font"
    static let tag = LuaClassTag(typeName)

    static let luaClass = LuaClass(
        name: typeName, methods: [("measure", measure), ("path", path)], index: index, tostring: tostring,
        metamethods: [("__eq", equal)])

    /// `cell.font(name, size)`: `name` is a PostScript-style name
    /// (`Helvetica-Bold`), a family name, or a font file path (relative to the
    /// script's folder; `--watch` then watches the file). A name no installed
    /// font answers to is an error, not a substitute (see `FontCatalog`).
    static let new: HostFunction = { L in
        guarded(L) { lua in
            guard lua.type(1) == LUA_TSTRING else { throw lua.typeError(1, expected: "string") }
            let name = try lua.name(1)
            let size = try lua.number(2)
            do {
                try Font.check(size: size)
            } catch let error as FontError {
                throw LuaError.argument(2, error.description)
            }
            let runtime = LuaRuntime.current(lua.L)
            if Font.isPath(name) { try runtime.checkReadable(runtime.resolve(name)) }
            let font: Font
            do {
                font = try Font(named: name, size: size, relativeTo: runtime.baseDirectory)
            } catch let error as FontError {
                if Font.isPath(name) { runtime.recordDependency(runtime.resolve(name)) }
                throw LuaError.argument(1, error.description)
            }
            if Font.isPath(name) { runtime.recordDependency(font.face.path) }
            lua.pushObject(FontBox(font), type: tag)
            return 1
        }
    }

    static let index: HostFunction = { L in
        guarded(L) { lua in
            let font = try lua.font(1)
            switch lua.indexKey {
            case "size": lua.push(font.size)
            case "ascent": lua.push(font.ascent)
            case "descent": lua.push(font.descent)
            case "leading": lua.push(font.leading)
            case "line_height": lua.push(font.lineHeight)
            case "cap_height": lua.push(font.capHeight)
            case "x_height": lua.push(font.xHeight)
            case "name": lua.push(font.name)
            case "family": lua.push(font.face.familyName)
            case "style": lua.push(font.face.styleName)
            case "file": lua.push(font.face.path)
            default: return try lua.unknownField(of: typeName, fields: ["ascent", "cap_height", "descent", "family", "file", "leading", "line_height", "name", "size", "style", "x_height"])
            }
            return 1
        }
    }

    static let tostring: HostFunction = { L in
        guarded(L) { lua in
            let font = try lua.font(1)
            lua.push("Font(\(font.name) \(font.size.shortText) pt: \(font.face.postScriptName))")
            return 1
        }
    }

    /// Fonts are equal when they are the same face at the same size.
    static let equal: HostFunction = { L in
        guarded(L) { lua in
            let a = lua.testObject(1, type: tag, as: FontBox.self)?.font
            let b = lua.testObject(2, type: tag, as: FontBox.self)?.font
            lua.push(a != nil && b != nil && a!.face === b!.face && a!.size == b!.size)
            return 1
        }
    }

    /// `font:measure(str [, opts])` → width, height (UIKit's sizeWithFont:);
    /// `opts`: the typographic options of `c:text` (`tracking`,
    /// `line_height`, `features`, `variations`), measured as drawn.
    static let measure: HostFunction = { L in
        guarded(L) { lua in
            let base = try lua.font(1)
            let string = try lua.text(2)
            let options = try lua.textOptions(3, known: Typography.optionNames)
            let font = try options.typography.apply(to: base, index: 3)
            let size = font.measure(string, lineHeight: options.typography.lineHeight(for: font))
            lua.push(size.width)
            lua.push(size.height)
            return 2
        }
    }

    /// `font:path(text, x, y [, {align=}])` → a Path of the text's glyph
    /// outlines, shaped and placed as `c:text(text, x, y, {font = font})`
    /// draws them (`x, y` the line box's top-left, the baseline at
    /// y + ascent; `align` "left", "center" or "right" about `x`, default
    /// "left"; and `c:text`'s typographic options): to stroke, clip or combine. Counted against `--max-memory` as any path.
    static let path: HostFunction = { L in
        guarded(L) { lua in
            let font = try lua.font(1)
            let string = try lua.text(2)
            let point = Point(try lua.number(3), try lua.number(4))
            let options = try lua.textOptions(5, known: ["align"] + Typography.optionNames)
            let styled = try options.typography.apply(to: font, index: 5)
            let layout = try CanvasBinding.layingOut(lua, string) { stop in
                TextLayout(text: string, font: styled, at: point, align: options.align ?? .left,
                           lineHeight: options.typography.lineHeight(for: styled), stop: stop)
            }
            let runtime = LuaRuntime.current(lua.L)
            let box = PathBox(layout.path())
            guard box.elementCount <= PathBinding.maxElements else {
                throw LuaError.message("path too large: more than \(PathBinding.maxElements) elements")
            }
            try box.count(in: runtime)
            lua.pushObject(box, type: PathBinding.tag)
            return 1
        }
    }

    /// Helvetica 17, made once per process (every text call without a `font`).
    static let defaultFont: Result<Font, any Error> = Result { try Font.defaultFont() }
}

extension Lua {
    func font(_ index: Int32) throws -> Font {
        try checkObject(index, type: FontBinding.tag, as: FontBox.self).font
    }

    /// `font` as the kit names fonts: a font file's path resolved from the
    /// script's folder, a font name as it is.
    func kitFont(_ font: Font) -> KitFont {
        KitFont(Font.isPath(font.name) ? LuaRuntime.current(L).resolve(font.name) : font.name, font.size)
    }

    /// Text to draw or measure: a string (or a number, as luaL_checkstring
    /// takes one) that must be valid UTF-8; the error names the first bad byte.
    func text(_ index: Int32) throws -> String {
        let t = type(index)
        guard t == LUA_TSTRING || t == LUA_TNUMBER else { throw typeError(index, expected: "string") }
        var length = 0
        let p = lua_tolstring(L, index, &length)!
        let bytes = UnsafeRawBufferPointer(start: p, count: length)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)
            case .error:
                throw LuaError.argument(index, "invalid UTF-8 at byte \(offset + 1)")
            }
        }
    }
}
