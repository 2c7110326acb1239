/// Why a font could not be found, opened or used. The descriptions are the
/// messages scripts see (the Lua binding wraps them in `bad argument #N`).
public enum FontError: Error, CustomStringConvertible, Equatable {
    /// fontconfig has no installed face of that name (its best match is of
    /// another family, named in `closest`).
    case notFound(name: String, closest: String?)
    /// No face of that name, but one spelt nearly so (`Helvetica Bold` for
    /// `Helvetica-Bold`).
    case misspelt(name: String, suggestion: String)
    /// The family exists but not in the asked weight or slant.
    case styleNotFound(name: String, family: String, style: String, closest: String)
    case missingFile(path: String)
    case isDirectory(path: String)
    /// FreeType could not open the file as a font.
    case unreadable(path: String, reason: String)
    /// A font FreeType reads but celllua does not draw (Type 1, bitmap-only...).
    case unsupportedFormat(path: String, format: String)
    case invalidSize(Double)
    /// A name or path with a NUL byte: C libraries would read only the part
    /// before it, so it would name another font than the one asked for.
    case nulInName
    case freeTypeUnavailable(code: Int)
    case fontconfigUnavailable
    /// FreeType, fontconfig or HarfBuzz could not be opened (`TextLibraries`).
    case librariesUnavailable(String)

    public var description: String {
        switch self {
        case .notFound(let name, let closest):
            let hint = closest.map { "; fontconfig's closest match, \($0), is another family" } ?? ""
            return "no installed font is named '\(name)'\(hint) (fc-list lists the installed fonts)"
        case .misspelt(let name, let suggestion):
            return "no installed font is named '\(name)' (did you mean '\(suggestion)'?)"
        case .styleNotFound(let name, let family, let style, let closest):
            return "no installed font is named '\(name)': \(family) has no \(style) face (closest: \(closest))"
        case .missingFile(let path):
            return "cannot open font file '\(path)': no such file"
        case .isDirectory(let path):
            return "cannot open font file '\(path)': it is a directory"
        case .unreadable(let path, let reason):
            return "cannot read '\(path)' as a font: \(reason)"
        case .unsupportedFormat(let path, let format):
            return "'\(path)' is a \(format) font; celllua draws TrueType and OpenType fonts only"
        case .invalidSize(let size):
            return "font size must be greater than 0 and at most \(Int(Font.maxSize)), got \(Font.describe(size))"
        case .nulInName:
            return "font name contains a NUL byte"
        case .freeTypeUnavailable(let code):
            return "FreeType could not start (error \(code))"
        case .fontconfigUnavailable:
            return "fontconfig could not load its configuration"
        case .librariesUnavailable(let reason):
            return "text needs its libraries: \(reason)"
        }
    }
}
