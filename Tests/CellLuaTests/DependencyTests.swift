import CellLua
import Foundation
import Testing

/// `loadedFiles`: what `--watch` watches. Every way a script reads Lua code is
/// recorded as an absolute path, and the wrappers change no message.
@Suite struct DependencyTests {
    /// A folder with `main.lua` requiring `lib.colors` (in a subfolder), and
    /// files for `dofile` and `loadfile`.
    private func project() throws -> String {
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/lib", withIntermediateDirectories: true)
        try "return { fill = 'red' }".write(toFile: dir + "/lib/colors.lua", atomically: true, encoding: .utf8)
        try "size = 3".write(toFile: dir + "/settings.lua", atomically: true, encoding: .utf8)
        try "return 4".write(toFile: dir + "/four.lua", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func scriptRequireDofileAndLoadfileAreRecorded() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
            local colors = require "lib.colors"
            local again = require "lib.colors"
            dofile("\(dir)/settings.lua")
            local four = assert(loadfile("\(dir)/./lib/../four.lua"))()
            assert(colors.fill == 'red' and size == 3 and four == 4)
            return cell.canvas(size, four)
            """.write(toFile: dir + "/main.lua", atomically: true, encoding: .utf8)
        let runtime = makeRuntime()
        let canvas = try runtime.run(scriptAt: dir + "/main.lua")
        #expect(canvas?.width == 3 && canvas?.height == 4)
        #expect(runtime.loadedFiles == [
            dir + "/main.lua", dir + "/lib/colors.lua", dir + "/settings.lua", dir + "/four.lua",
        ])
    }

    @Test func relativePathsBecomeAbsolute() throws {
        let dir = try project()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cwd = FileManager.default.currentDirectoryPath
        let runtime = makeRuntime()
        // loadfile of a missing file fails as in Lua, and is still recorded:
        // a watcher sees the file when it appears.
        #expect(try runtime.strings("return loadfile('no/such.lua')") == ["nil", "cannot open no/such.lua: No such file or directory"])
        runtime.recordDependency("images/../icon.png")
        #expect(runtime.loadedFiles == [cwd + "/no/such.lua", cwd + "/icon.png"])
        #expect(LuaRuntime.absolutePath("/a//b/./c/../d.lua") == "/a/b/d.lua")
    }

    @Test func aMissingModuleGivesLuasUsualMessage() throws {
        let message = try #require(errorMessage("require 'nowhere'"))
        #expect(message.hasPrefix("test.lua:1: module 'nowhere' not found:\n\tno field package.preload['nowhere']\n\tno file '"))
        #expect(message.contains("no file './nowhere.lua'"))
        #expect(message.contains("stack traceback:\n\t[C]: in function 'require'\n\ttest.lua:1: in main chunk"))
        #expect(!message.contains("[celllua]"))
    }

    @Test func aModuleThatDoesNotCompileIsRecordedAndReportedAsInLua() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "return {".write(toFile: dir + "/broken.lua", atomically: true, encoding: .utf8)
        try "require 'broken'".write(toFile: dir + "/main.lua", atomically: true, encoding: .utf8)
        let runtime = makeRuntime()
        do {
            try runtime.run(scriptAt: dir + "/main.lua")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("error loading module 'broken' from file '\(dir)/broken.lua':\n\t"))
            #expect(!"\(error)".contains("[celllua]"))
        }
        #expect(runtime.loadedFiles == [dir + "/main.lua", dir + "/broken.lua"])
    }

    @Test func dofileErrorsKeepTheirMessages() throws {
        #expect(firstLine("dofile('/nonexistent/x.lua')") == "cannot open /nonexistent/x.lua: No such file or directory")
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "local x = 1\nerror('inside')".write(toFile: dir + "/inner.lua", atomically: true, encoding: .utf8)
        let message = try #require(errorMessage("dofile('\(dir)/inner.lua')"))
        #expect(message.contains("inner.lua:2: inside\nstack traceback:"))
        #expect(!message.contains("[celllua]"))
    }

    @Test func preloadedModulesAndCellAreNotFiles() throws {
        let runtime = makeRuntime()
        _ = try runtime.strings("package.preload.virtual = function() return 1 end return require 'virtual', require 'cell' == cell")
        #expect(runtime.loadedFiles.isEmpty)
    }

    @Test func searchersKeepTheirOrderAndCount() throws {
        #expect(try values("return #package.searchers, type(package.searchers[2])") == ["4", "function"])
    }
}
