import Foundation
import Testing

/// The libraries only some runs need (libjpeg, libwebp and libwebpmux, giflib
/// and libimagequant, libedit; FreeType, fontconfig and HarfBuzz until the
/// first font) are not mapped by a run that does not use them, and are by
/// the first call that does: the process' own /proc/self/maps, read by the
/// script, says which are loaded.
@Suite struct LazyLibraryTests {
    static let optional = ["libjpeg", "libwebp", "libwebpmux", "libgif", "libimagequant", "libedit",
                           "libfreetype", "libfontconfig", "libharfbuzz"]

    /// The optional libraries mapped after `body` ran.
    func mapped(after body: String) throws -> [String] {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let names = Self.optional.map { "\"\($0)\"" }.joined(separator: ", ")
        write("""
            \(body)
            local seen = {}
            for line in io.lines("/proc/self/maps") do
              for _, name in ipairs({ \(names) }) do
                if line:find("/" .. name .. "%.so") then seen[name] = true end
              end
            end
            for _, name in ipairs({ \(names) }) do if seen[name] then print("mapped " .. name) end end
            return false
            """, to: dir + "/maps.lua")
        let r = try Celllua.run(["maps.lua"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        // c:save prints each path it writes: only the "mapped" lines count.
        return r.stdout.split(separator: "\n").filter { $0.hasPrefix("mapped ") }.map { String($0.dropFirst(7)) }
    }

    @Test func aRunThatWritesPNGLoadsNoneOfThem() throws {
        let loaded = try mapped(after: """
            local c = cell.canvas(20, 10) c:fill_rect(0, 0, 20, 10, "#369") c:save("a.png")
            """)
        #expect(loaded.isEmpty, "\(loaded)")
    }

    @Test func eachIsLoadedByItsFirstUse() throws {
        let loaded = try mapped(after: """
            local c = cell.canvas(20, 10) c:fill_rect(0, 0, 20, 10, "#369")
            c:save("a.jpg") c:save("a.webp") c:save("a.gif")
            """)
        #expect(loaded == ["libjpeg", "libwebp", "libgif", "libimagequant"], "\(loaded)")
    }

    @Test func textLoadsFreeTypeFontconfigAndHarfBuzz() throws {
        let loaded = try mapped(after: """
            local c = cell.canvas(60, 20) c:text("Inbox 3", 2, 2)
            """)
        #expect(loaded == ["libfreetype", "libfontconfig", "libharfbuzz"], "\(loaded)")
    }

    /// A library that cannot be loaded (here a broken file found first on
    /// LD_LIBRARY_PATH) fails the call that needs it, naming the script's
    /// line and the library; nothing is written. A run that does not need it
    /// is not affected.
    @Test func aLibraryThatCannotLoadFailsTheCallThatNeedsIt() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/lib", withIntermediateDirectories: true)
        for name in ["libjpeg.so.62", "libfreetype.so.6"] { write("not a library", to: dir + "/lib/" + name) }
        let environment = ["LD_LIBRARY_PATH": dir + "/lib"]
        write("""
            local c = cell.canvas(20, 10) c:fill_rect(0, 0, 20, 10, "#369")
            c:save("a.jpg")
            """, to: dir + "/jpeg.lua")
        let jpeg = try Celllua.run(["jpeg.lua"], in: dir, environment: environment)
        #expect(jpeg.status == 1 && jpeg.stderr.hasPrefix("celllua: jpeg.lua:2: libjpeg.so.62 is not installed or cannot be loaded"),
                "\(jpeg.stderr)")
        write("""
            local c = cell.canvas(60, 20)
            c:text("Inbox", 2, 2)
            """, to: dir + "/text.lua")
        let text = try Celllua.run(["text.lua", "-o", "t.png"], in: dir, environment: environment)
        #expect(text.status == 1 && text.stderr.hasPrefix("celllua: text.lua:2: text needs its libraries: libfreetype.so.6"),
                "\(text.stderr)")
        write("local c = cell.canvas(20, 10) c:fill_rect(0, 0, 20, 10, \"#369\") return c", to: dir + "/png.lua")
        let png = try Celllua.run(["png.lua", "-o", "ok.png"], in: dir, environment: environment)
        #expect(png.status == 0, "\(png.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["jpeg.lua", "lib", "ok.png", "png.lua", "text.lua"], "\(left)")
    }

    /// The executable is linked at a fixed address (ELF type EXEC, not a
    /// position-independent DYN): the loader then relocates nothing of
    /// Swift's metadata at start, which would copy each page it writes
    /// (docs/architecture.md, the start-up row of the speed table).
    @Test func theExecutableIsLinkedAtAFixedAddress() throws {
        let handle = try #require(FileHandle(forReadingAtPath: try Celllua.binary))
        defer { try? handle.close() }
        let header = try #require(try handle.read(upToCount: 18))
        try #require(header.count == 18 && header.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]), "not an ELF file")
        let type = UInt16(header[16]) | UInt16(header[17]) << 8
        #expect(type == 2, "ELF type \(type): 2 is a fixed-address executable, 3 position-independent")
    }
}
