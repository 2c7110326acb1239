import Foundation
import Testing
@testable import CellText

/// Names to files through fontconfig: PostScript style names, family names,
/// metric aliases, paths, and refusals instead of silent substitutes.
@Suite struct FontLookupTests {
    /// The face cache's key: a plain absolute path is kept as it is, any
    /// other is standardized by `URL`, and both give what `URL` gives.
    @Test func pathsAreStandardizedAsURLDoes() {
        let cwd = FileManager.default.currentDirectoryPath
        for path in ["/usr/share/fonts/a.ttf", "/usr//share/a.ttf", "/usr/./share/a.ttf", "/usr/share/../a.ttf",
                     "/home/x/.fonts/a.otf", "/a/b/", "/a/b/.", "/a/b/..", "fonts/a.ttf", "./a.ttf", "../a.ttf", "/",
                     "/a..b/c.ttf", "/a/b.c/d.ttf"] {
            let expected = URL(fileURLWithPath: path).standardizedFileURL.path
            #expect(FontFace.standardized(path) == expected, "\(path) in \(cwd)")
        }
        #expect(FontFace.standardized("/usr/share/fonts/a.ttf") == "/usr/share/fonts/a.ttf")
    }

    /// A name is a file when it has a slash or ends in a font file's
    /// extension, in any case; other dotted names are font names.
    @Test func pathsAreToldFromNames() {
        for name in ["fonts/a", "/x", "A.TTF", "a.ttf", "b.Woff2", "c.t1", "d.dfont", ".otf", "x.y.pcf"] {
            #expect(Font.isPath(name), "\(name)")
        }
        for name in ["Helvetica", "Helvetica-Bold", "Foo.Bar", "a.ttf.bak", "a.woff2x", "ttf", "St. Mary", ""] {
            #expect(!Font.isPath(name), "\(name)")
        }
    }

    /// A name's file in `Fonts.fixtureCatalog`, which sees only the fonts
    /// scripts/setup installs: the answers below are fontconfig's rules
    /// applied to those, whatever else the machine has installed (a real
    /// Helvetica, TeX Gyre Heros, another default sans).
    func fixtureFile(_ name: String) throws -> String {
        try Fonts.fixtureCatalog.resolve(name).path
    }

    @Test func helveticaIsNimbusSans() throws {
        #expect(try fixtureFile("Helvetica") == Fonts.nimbusSans)
        #expect(try fixtureFile("Helvetica-Bold") == Fonts.nimbusSansBold)
        #expect(try fixtureFile("Helvetica-Oblique") == Fonts.urw + "/NimbusSans-Italic.otf")
        #expect(try fixtureFile("Helvetica-BoldOblique") == Fonts.urw + "/NimbusSans-BoldItalic.otf")
        #expect(try fixtureFile("helvetica-bold") == Fonts.nimbusSansBold)
        let face = try Font(named: Fonts.nimbusSansBold, size: 13).face
        #expect(face.postScriptName == "NimbusSans-Bold")
        #expect(face.familyName == "Nimbus Sans")
        // Through the system catalog: whichever face it finds, the font
        // keeps the asked name.
        #expect(try Font(named: "Helvetica-Bold", size: 13).name == "Helvetica-Bold")
    }

    @Test func familiesAndPostScriptNames() throws {
        #expect(try fixtureFile("DejaVu Sans") == Fonts.dejaVuSans)
        #expect(try fixtureFile("DejaVu Sans-Bold") == Fonts.dejaVu + "/DejaVuSans-Bold.ttf")
        #expect(try fixtureFile("DejaVuSans-Bold") == Fonts.dejaVu + "/DejaVuSans-Bold.ttf")
        #expect(try fixtureFile("NimbusSans-Bold") == Fonts.nimbusSansBold)
        #expect(try fixtureFile("Nimbus Sans") == Fonts.nimbusSans)
        // Another metric alias from fontconfig's configuration.
        #expect(try fixtureFile("Times") == Fonts.urw + "/NimbusRoman-Regular.otf")
        // A generic family takes whatever fontconfig prefers.
        #expect(try Font(named: "sans-serif", size: 12).face.glyphCount > 0)
    }

    @Test func unknownNamesAreErrorsNotSubstitutes() {
        // fontconfig maps Comic Sans to the cursive fallback (Z003), which is no alias of it.
        #expect(throws: FontError.notFound(name: "Comic Sans MS", closest: "Z003 Medium Italic")) {
            try Fonts.fixtureCatalog.resolve("Comic Sans MS")
        }
        #expect(throws: FontError.notFound(name: "Nonexistent Grotesk", closest: "DejaVu Sans Book")) {
            try Fonts.fixtureCatalog.resolve("Nonexistent Grotesk")
        }
        // Through the system catalog the closest match is whatever is
        // installed; that it is an error, not a substitute, holds anywhere.
        #expect(throws: FontError.self) { try Font(named: "Nonexistent Grotesk", size: 12) }
        #expect(throws: FontError.notFound(name: "", closest: nil)) { try Font(named: "", size: 12) }
        let message = "\(FontError.notFound(name: "Comic Sans MS", closest: "DejaVu Sans Book"))"
        #expect(message == "no installed font is named 'Comic Sans MS'; fontconfig's closest match, DejaVu Sans Book, is another family (fc-list lists the installed fonts)")
    }

    /// A PostScript name spelt with a space instead of its hyphen gets the
    /// right spelling (before, fontconfig's unrelated DejaVu was suggested).
    @Test func aSpaceForAHyphenIsCorrected() {
        #expect(throws: FontError.misspelt(name: "Helvetica Bold", suggestion: "Helvetica-Bold")) {
            try Font(named: "Helvetica Bold", size: 12)
        }
        #expect("\(FontError.misspelt(name: "Times Italic", suggestion: "Times-Italic"))"
                == "no installed font is named 'Times Italic' (did you mean 'Times-Italic'?)")
    }

    @Test func missingStylesAreErrors() throws {
        do {
            _ = try Font(named: "Helvetica-Light", size: 12, catalog: Fonts.fixtureCatalog)
            Issue.record("Helvetica-Light resolved")
        } catch let error as FontError {
            #expect("\(error)" == "no installed font is named 'Helvetica-Light': Nimbus Sans has no light face (closest: Nimbus Sans Regular)")
        }
        // An unrecognised suffix is part of a family name, which is unknown.
        #expect(throws: FontError.self) { try Font(named: "Helvetica-Wobbly", size: 12) }
    }

    @Test func filePaths() throws {
        let font = try Font(named: Fonts.dejaVuSans, size: 12)
        #expect(font.face.familyName == "DejaVu Sans")
        // Relative to a folder.
        let relative = try Font(named: "DejaVuSans.ttf", size: 12, relativeTo: Fonts.dejaVu)
        #expect(relative.face === font.face, "one face per file and process")
        #expect(throws: FontError.missingFile(path: "/nonexistent/font.ttf")) {
            try Font(named: "/nonexistent/font.ttf", size: 12)
        }
        #expect(throws: FontError.isDirectory(path: Fonts.dejaVu + "/")) { try Font(named: Fonts.dejaVu + "/", size: 12) }
        let text = NSTemporaryDirectory() + "celllua-not-a-font-\(UUID().uuidString).ttf"
        try "hello".write(toFile: text, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: text) }
        #expect(throws: FontError.unreadable(path: text, reason: "unknown file format")) { try Font(named: text, size: 12) }
        #expect(throws: FontError.unreadable(path: "/dev/zero", reason: "not a regular file")) {
            try Font(named: "/dev/zero", size: 12)
        }
        let fifo = NSTemporaryDirectory() + "celllua-fifo-\(UUID().uuidString).ttf"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        #expect(throws: FontError.unreadable(path: fifo, reason: "not a regular file")) { try Font(named: fifo, size: 12) }
        #expect(throws: FontError.unsupportedFormat(path: "/usr/share/fonts/type1/urw-base35/NimbusSans-Regular.t1", format: "Type 1")) {
            try Font(named: "/usr/share/fonts/type1/urw-base35/NimbusSans-Regular.t1", size: 12)
        }
    }

    @Test func sizes() throws {
        for bad in [0, -1, 4097, .nan, .infinity] as [Double] {
            #expect(throws: FontError.self) { try Font(named: "Helvetica", size: bad) }
        }
        #expect(try Font(named: "Helvetica", size: 4096).size == 4096)
        #expect("\(FontError.invalidSize(0))" == "font size must be greater than 0 and at most 4096, got 0")
        #expect("\(FontError.invalidSize(.nan))" == "font size must be greater than 0 and at most 4096, got nan")
    }

    /// A machine without Nimbus Sans: a catalog that sees only DejaVu.
    @Test func helveticaFallsBackToDejaVuSansOnly() throws {
        let catalog = try FontCatalog(configuration: """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <dir>\(Fonts.dejaVu)</dir>
              <include ignore_missing="yes">/etc/fonts/conf.d</include>
              <cachedir>\(NSTemporaryDirectory())celllua-fontconfig-cache</cachedir>
            </fontconfig>
            """)
        #expect(try catalog.resolve("Helvetica").path == Fonts.dejaVuSans)
        #expect(try catalog.resolve("Helvetica-Bold").path == Fonts.dejaVu + "/DejaVuSans-Bold.ttf")
        #expect(try catalog.resolve("Helvetica-Oblique").path == Fonts.dejaVu + "/DejaVuSans-Oblique.ttf")
        // Other names do not fall back.
        #expect(throws: FontError.self) { try catalog.resolve("Times") }
        #expect(throws: FontError.self) { try catalog.resolve("Nimbus Sans") }
    }

    @Test func lookupsAreStable() throws {
        for name in ["Helvetica", "Helvetica-Bold", "DejaVu Sans", "Times-Italic"] {
            let first = try FontCatalog.system.resolve(name)
            #expect(try FontCatalog.system.resolve(name) == first)
        }
    }

    @Test func postScriptStyleNames() {
        #expect(FontRequest.parse("Helvetica-BoldOblique") == FontRequest(family: "Helvetica", weight: .bold, slanted: true))
        #expect(FontRequest.parse("Helvetica-LightItalic") == FontRequest(family: "Helvetica", weight: .light, slanted: true))
        #expect(FontRequest.parse("Helvetica-ExtraLight") == FontRequest(family: "Helvetica", weight: .extraLight))
        #expect(FontRequest.parse("Helvetica-Roman") == FontRequest(family: "Helvetica", slanted: false))
        #expect(FontRequest.parse("Helvetica") == FontRequest(family: "Helvetica"))
        #expect(FontRequest.parse("Foo-Bar") == FontRequest(family: "Foo-Bar"))
        #expect(FontRequest.parse("-Bold") == FontRequest(family: "-Bold"))
    }
}
