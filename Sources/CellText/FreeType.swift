import CellGeometry
internal import CFreeType
import FoundationEssentials
import Glibc

/// The process's one FreeType library and the lock that serialises every
/// FreeType call.
///
/// Why one lock: FreeType's library object is not thread-safe, and a face may
/// be used by one thread at a time only, while variants render in parallel
/// threads that share the face cache. Glyph outlines are cached per face
/// (`FontFace.outline(of:)`), so after a script's first use of a glyph the
/// lock is no longer on the drawing path and contention stays low. Shaping
/// does not touch FreeType at all (HarfBuzz reads the font file itself).
enum FreeType {
    static let lock = Lock()

    /// Created on first use, never freed: faces live for the process.
    nonisolated(unsafe) private static var library: FT_Library?

    /// Runs `body` with the library, holding the lock.
    static func withLibrary<T>(_ body: (FT_Library) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if library == nil {
            try TextLibraries.open()
            var created: FT_Library?
            let error = FT_Init_FreeType(&created)
            guard error == 0, let created else {
                throw FontError.freeTypeUnavailable(code: Int(error))
            }
            library = created
        }
        return try body(library!)
    }

    /// A short English reason for a FreeType error code (the codes of
    /// fterrdef.h that loading a face can give).
    static func reason(_ code: FT_Error) -> String {
        switch code {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x04: return "invalid FreeType version"
        case 0x06: return "invalid face index"
        case 0x08: return "unsupported font format feature"
        case 0x10...0x17: return "invalid glyph or character data"
        case 0x40: return "out of memory"
        case 0x51: return "cannot open stream"
        case 0x52, 0x53, 0x55, 0x56: return "truncated or unreadable file"
        case 0x8E...0x95: return "broken font table"
        default: return "FreeType error \(code)"
        }
    }
}
