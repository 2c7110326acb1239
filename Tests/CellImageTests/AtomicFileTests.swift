import Foundation
import Testing
import CellImage

/// AtomicFile: the plain write, links, permissions, non-regular targets, and
/// failures that leave nothing behind (a full disk is tested end to end in
/// FailureTests, under `ulimit -f`).
@Suite struct AtomicFileTests {
    func scratch() -> String {
        let path = NSTemporaryDirectory() + "celllua-atomic-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    func listing(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    @Test func writesAndLeavesNoTemporaryFiles() throws {
        let dir = scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.write([1, 2, 3], to: dir + "/a.png")
        try AtomicFile.write([4, 5], to: dir + "/a.png")
        #expect(FileManager.default.contents(atPath: dir + "/a.png") == Data([4, 5]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.png"])
    }

    @Test func failureLeavesTheTargetAlone() throws {
        let dir = scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/d.png", withIntermediateDirectories: false)
        #expect(throws: ImageError.self) { try AtomicFile.write([1], to: dir + "/d.png") }
        // A file where a folder should be.
        FileManager.default.createFile(atPath: dir + "/f", contents: Data([7]))
        #expect(throws: ImageError.self) { try AtomicFile.write([1], to: dir + "/f/a.png") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["d.png", "f"])
        #expect(FileManager.default.contents(atPath: dir + "/f") == Data([7]))
    }

    /// Missing folders on the way to the target are made.
    @Test func missingFoldersAreMade() throws {
        let dir = scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.write([1, 2], to: dir + "/missing/deeper/a.png")
        #expect(FileManager.default.contents(atPath: dir + "/missing/deeper/a.png") == Data([1, 2]))
    }

    /// Writing through a link replaces the file it points to (through a chain
    /// of links, relative and absolute); the links stay links.
    @Test func linksAreFollowedToTheFileTheyNameAndStayLinks() throws {
        let dir = scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/art", withIntermediateDirectories: false)
        try AtomicFile.write([1], to: dir + "/art/real.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/inner.png", withDestinationPath: "art/real.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/outer.png", withDestinationPath: dir + "/inner.png")
        try AtomicFile.write([2, 3], to: dir + "/outer.png")
        #expect(contents(dir + "/art/real.png") == [2, 3])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/outer.png") == dir + "/inner.png")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/inner.png") == "art/real.png")
        #expect(try listing(dir) == ["art", "inner.png", "outer.png"])
        #expect(try listing(dir + "/art") == ["real.png"])
    }

    /// A dangling link creates its target, as `>` in a shell does.
    @Test func aDanglingLinkCreatesItsTarget() throws {
        let dir = scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/out.png", withDestinationPath: "later.png")
        try AtomicFile.write([7], to: dir + "/out.png")
        #expect(contents(dir + "/later.png") == [7])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/out.png") == "later.png")
    }

    /// A loop of links is an error that names the path; nothing is created.
    @Test func aLoopOfLinksIsAnError() throws {
        let dir = scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/a.png", withDestinationPath: "b.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/b.png", withDestinationPath: "a.png")
        #expect(throws: ImageError.io("cannot write '\(dir)/a.png': Too many levels of symbolic links")) {
            try AtomicFile.write([1], to: dir + "/a.png")
        }
        #expect(try listing(dir) == ["a.png", "b.png"])
    }

    /// A replaced file keeps its permission bits; a new one gets 0666 less the umask.
    @Test func permissionsAreKept() throws {
        let dir = scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/p.png"
        try AtomicFile.write([1], to: path)
        let mask = umask(0o022)
        umask(mask)
        func mode() throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(try mode() == 0o666 & ~Int(mask))
        chmod(path, 0o640)
        try AtomicFile.write([2], to: path)
        #expect(try mode() == 0o640)
        #expect(contents(path) == [2])
    }

    /// Renaming over a FIFO or a device would replace the node itself.
    @Test func nonRegularTargetsAreRefused() throws {
        let dir = scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/fifo.png", 0o644) == 0)
        #expect(throws: ImageError.io("cannot write '\(dir)/fifo.png': it is not a regular file")) {
            try AtomicFile.write([1], to: dir + "/fifo.png")
        }
        try FileManager.default.createSymbolicLink(atPath: dir + "/null.png", withDestinationPath: "/dev/null")
        #expect(throws: ImageError.io("cannot write '\(dir)/null.png': it is not a regular file")) {
            try AtomicFile.write([1], to: dir + "/null.png")
        }
        #expect(try listing(dir) == ["fifo.png", "null.png"])
    }
}
