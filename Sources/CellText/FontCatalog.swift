import CellGeometry
internal import CFontconfig
import FoundationEssentials
import Glibc

/// Finds font files by name through fontconfig.
///
/// A name is, in this order: the PostScript name of an installed face
/// (`NimbusSans-Bold`, `DejaVuSans-Oblique`); a PostScript-style
/// `Family-Style` name (`Helvetica-Bold`, `Helvetica-BoldOblique`: family plus
/// weight and slant words); or a family name (`DejaVu Sans`).
///
/// fontconfig always returns *some* font, so a match is checked against the
/// request: its family must be the asked one or one fontconfig's configuration
/// binds to it strongly, which is how it marks metric-compatible aliases
/// (30-metric-aliases.conf: Helvetica → Nimbus Sans, TeX Gyre Heros; Times →
/// Nimbus Roman), not the weak fallbacks every name gets. An explicit style
/// must be met too (a light or bold face for `-Light` or `-Bold`, a slanted one
/// for `-Oblique`/`-Italic`). Anything else is `FontError`, not a silent
/// substitute, with one exception: `Helvetica`, the family that stands for
/// UIKit's system font and the default of every text call, falls back to
/// DejaVu Sans when no face of it is installed.
///
/// Only TrueType and OpenType files are considered (fontconfig also lists the
/// Type 1 copies of the URW fonts). Lookups are cached per name, and every
/// fontconfig call happens under one lock: fontconfig's configuration is
/// shared by the threads that render variants. The system catalog also
/// remembers its answers across runs (`FontResolutionCache`) and loads
/// fontconfig only when a name is not remembered.
public final class FontCatalog: @unchecked Sendable {
    /// A face in a font file.
    public struct FontFile: Hashable, Sendable {
        public let path: String
        public let index: Int
    }

    /// The family that stands for UIKit's system font: the default font.
    public static let systemFamily = "Helvetica"
    /// What `systemFamily` falls back to when it has no installed face.
    public static let lastResortFamily = "DejaVu Sans"

    /// Generic family names: any face fontconfig picks for them is right.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
    ]

    /// Loads fontconfig's configuration (`FcConfig *`, nil if it failed to load).
    private let loadConfig: () -> OpaquePointer?
    /// The configuration once loaded (`.some(nil)`: loading failed).
    private var loadedConfig: OpaquePointer??
    /// Answers remembered across runs (the system catalog only).
    private let persistent: FontResolutionCache?
    private let lock = Lock()
    private var resolved: [String: Result<FontFile, FontError>] = [:]
    /// `lists(family:path:index:)`'s answers.
    private var familyListings: [String: Bool] = [:]

    /// The system's configuration (fonts.conf, the user's configuration, the
    /// installed fonts), loaded on the first name the resolution cache does not
    /// know, once per process.
    public static let system = FontCatalog(loadConfig: { FcInitLoadConfigAndFonts() },
                                           persistent: persistentCache.withLock { $0.cache })

    /// Where the system catalog remembers its answers across runs.
    public enum PersistentCache: Sendable {
        /// The user's cache folder: `$XDG_CACHE_HOME/celllua/`, else `~/.cache/celllua/`.
        case standard
        /// `fonts-v1.txt` in this folder.
        case folder(String)
        /// Nothing remembered: fontconfig answers every run.
        case off

        var cache: FontResolutionCache? {
            switch self {
            case .standard: return FontResolutionCache.standard()
            case .folder(let folder): return FontResolutionCache.standard(folder: folder)
            case .off: return nil
            }
        }
    }

    /// Set by whoever embeds the engine before the first font is looked up
    /// (the command line does, from `CELLLUA_CACHE_DIR` and
    /// `CELLLUA_FONT_CACHE`); later changes do not apply. Default `.standard`.
    public static let persistentCache = Locked<PersistentCache>(.standard)

    /// Whether new answers are written to the persistent cache (it is read
    /// either way). The command line turns it off under `--sandbox`, whose
    /// scripts write nothing but their result. Default true.
    public static let persistentCacheIsWritable = Locked<Bool>(true)

    /// A catalog that loads its fontconfig configuration with `loadConfig`
    /// (once, on the first name `persistent` does not know; nil: no
    /// remembered answers).
    init(loadConfig: @escaping () -> OpaquePointer?, persistent: FontResolutionCache?) {
        self.loadConfig = loadConfig
        self.persistent = persistent
    }

    /// fontconfig's configuration, loaded now if it was not. Under `lock`.
    private var config: OpaquePointer? {
        if let loadedConfig { return loadedConfig }
        let config = loadConfig()
        loadedConfig = .some(config)
        return config
    }

    /// A catalog from a fontconfig configuration document (tests use one that
    /// lists a single font folder, to see lookups on a machine with fewer fonts).
    public convenience init(configuration xml: String) throws {
        try TextLibraries.open()
        guard let config = FcConfigCreate() else { throw FontError.fontconfigUnavailable }
        let loaded = xml.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: xml.utf8.count + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, FcTrue)
            }
        }
        guard loaded == FcTrue, FcConfigBuildFonts(config) == FcTrue else {
            FcConfigDestroy(config)
            throw FontError.fontconfigUnavailable
        }
        self.init(loadConfig: { config }, persistent: nil)
    }

    /// The file and face index for `name` (see the type's comment), or a
    /// `FontError` saying why there is none.
    public func resolve(_ name: String) throws -> FontFile {
        guard !name.utf8.contains(0) else { throw FontError.nulInName }
        try TextLibraries.open()
        lock.lock()
        defer { lock.unlock() }
        if let known = resolved[name] { return try known.get() }
        if let remembered = persistent?.lookUp(name) {
            resolved[name] = .success(remembered)
            return remembered
        }
        let result: Result<FontFile, FontError>
        do {
            let file = try lookUp(name)
            if let config, Self.persistentCacheIsWritable.withLock({ $0 }) {
                persistent?.store(name, file, config: config)
            }
            result = .success(file)
        } catch let error as FontError {
            result = .failure(error)
        }
        resolved[name] = result
        return try result.get()
    }

    private func lookUp(_ name: String) throws -> FontFile {
        guard let config else { throw FontError.fontconfigUnavailable }
        let trimmed = name.trimmingSpaces
        guard !trimmed.isEmpty else { throw FontError.notFound(name: name, closest: nil) }
        do {
            return try lookUp(trimmed: trimmed, config: config)
        } catch FontError.notFound(let n, let closest) {
            // "Helvetica Bold" for the PostScript name "Helvetica-Bold": say so.
            if let space = trimmed.lastIndex(of: " ") {
                let candidate = trimmed[..<space] + "-" + trimmed[trimmed.index(after: space)...]
                if (try? lookUp(trimmed: String(candidate), config: config)) != nil {
                    throw FontError.misspelt(name: n, suggestion: String(candidate))
                }
            }
            throw FontError.notFound(name: n, closest: closest)
        }
    }

    private func lookUp(trimmed: String, config: OpaquePointer) throws -> FontFile {
        if let file = face(postScriptName: trimmed, config: config) { return file }
        let request = FontRequest.parse(trimmed)
        do {
            return try match(request, name: trimmed, config: config)
        } catch FontError.notFound where Self.normalized(request.family) == Self.normalized(Self.systemFamily) {
            var fallback = request
            fallback.family = Self.lastResortFamily
            if let file = try? match(fallback, name: trimmed, config: config) { return file }
            throw FontError.notFound(name: trimmed, closest: nil)
        }
    }

    // MARK: fontconfig

    /// The installed TrueType/OpenType face whose PostScript name is `name`
    /// (when several files have it: an upright one, then the first by path).
    private func face(postScriptName name: String, config: OpaquePointer) -> FontFile? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        add(pattern, FC_POSTSCRIPT_NAME, name)
        guard let objects = FcObjectSetCreate() else { return nil }
        defer { FcObjectSetDestroy(objects) }
        for object in [FC_FILE, FC_INDEX, FC_FONTFORMAT, FC_SLANT] { _ = FcObjectSetAdd(objects, object) }
        guard let set = FcFontList(config, pattern, objects) else { return nil }
        defer { FcFontSetDestroy(set) }
        var found: [(file: FontFile, slanted: Int)] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i], Self.isOpenType(font), let file = fontFile(font) else { continue }
            found.append((file, (integer(font, FC_SLANT) ?? 0) > 0 ? 1 : 0))
        }
        // An upright face first: a variable family's roman and italic files
        // can share the name ("Inter").
        return found.min { ($0.slanted, $0.file.path, $0.file.index) < ($1.slanted, $1.file.path, $1.file.index) }?.file
    }

    /// fontconfig's best TrueType/OpenType face for `request`, checked as the
    /// type's comment says.
    private func match(_ request: FontRequest, name: String, config: OpaquePointer) throws -> FontFile {
        guard let pattern = FcPatternCreate() else { throw FontError.fontconfigUnavailable }
        defer { FcPatternDestroy(pattern) }
        add(pattern, FC_FAMILY, request.family)
        if let weight = request.weight { FcPatternAddInteger(pattern, FC_WEIGHT, weight.rawValue) }
        if let slanted = request.slanted {
            FcPatternAddInteger(pattern, FC_SLANT, slanted ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        }
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) == FcTrue else { throw FontError.fontconfigUnavailable }
        FcDefaultSubstitute(pattern)
        let accepted = strongFamilies(pattern)

        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else {
            throw FontError.notFound(name: name, closest: nil)
        }
        defer { FcFontSetDestroy(set) }
        var best: OpaquePointer? = nil
        for i in 0..<Int(set.pointee.nfont) {
            if let font = set.pointee.fonts[i], Self.isOpenType(font) {
                best = font
                break
            }
        }
        // No style asked: the family's upright face, where fontconfig's sort
        // put an italic one first (a variable family's italic file can come
        // before its roman one: "Inter" gave Inter-italic.var.ttf).
        if request.slanted == nil, let first = best, (integer(first, FC_SLANT) ?? 0) > 0 {
            let family = Set(strings(first, FC_FAMILY))
            for i in 0..<Int(set.pointee.nfont) {
                if let font = set.pointee.fonts[i], Self.isOpenType(font), (integer(font, FC_SLANT) ?? 0) == 0,
                   !family.isDisjoint(with: strings(font, FC_FAMILY)) {
                    best = font
                    break
                }
            }
        }
        guard let best, let file = fontFile(best) else { throw FontError.notFound(name: name, closest: nil) }
        let families = strings(best, FC_FAMILY)
        let closest = "\(families.first ?? "?") \(strings(best, FC_STYLE).first ?? "")".trimmingSpaces
        let generic = Self.genericFamilies.contains(request.family.lowercased())
        guard generic || families.contains(where: { accepted.contains(Self.normalized($0)) }) else {
            throw FontError.notFound(name: name, closest: closest)
        }
        if let weight = request.weight {
            let actual = integer(best, FC_WEIGHT) ?? Int32(FC_WEIGHT_REGULAR)
            guard FontWeight.weightClass(actual) == FontWeight.weightClass(weight.rawValue) else {
                throw FontError.styleNotFound(name: name, family: families.first ?? request.family,
                                              style: request.styleDescription, closest: closest)
            }
        }
        if let slanted = request.slanted {
            let actual = (integer(best, FC_SLANT) ?? 0) > 0
            guard actual == slanted else {
                throw FontError.styleNotFound(name: name, family: families.first ?? request.family,
                                              style: request.styleDescription, closest: closest)
            }
        }
        return file
    }

    /// The family names of a substituted pattern that are bound strongly (or
    /// "same"): the asked family and its metric-compatible aliases.
    private func strongFamilies(_ pattern: OpaquePointer) -> Set<String> {
        var names: Set<String> = []
        var i: Int32 = 0
        while true {
            var value = FcValue()
            var binding = FcValueBindingWeak
            guard FcPatternGetWithBinding(pattern, FC_FAMILY, i, &value, &binding) == FcResultMatch else { break }
            if binding != FcValueBindingWeak, value.type == FcTypeString, let s = value.u.s {
                names.insert(Self.normalized(String(cString: s)))
            }
            i += 1
        }
        return names
    }

    /// An installed TrueType/OpenType face that has `scalar`, close to the
    /// asked weight and slant: fontconfig's sort of every face by a pattern
    /// with that character in its charset (its own preferences for the
    /// script, a CJK face for CJK), the first whose charset really has it.
    /// nil when none does or fontconfig is unavailable.
    public func file(covering scalar: Unicode.Scalar, bold: Bool, italic: Bool) -> FontFile? {
        file(covering: scalar, bold: bold, italic: italic, color: false)
    }

    /// An installed color face (an emoji font: fontconfig's `color` is
    /// true) that has `scalar`, as `file(covering:...)` finds faces, with
    /// the `emoji` family asked first; nil when none has it.
    public func colorFile(covering scalar: Unicode.Scalar) -> FontFile? {
        file(covering: scalar, bold: false, italic: false, color: true)
    }

    private func file(covering scalar: Unicode.Scalar, bold: Bool, italic: Bool, color: Bool) -> FontFile? {
        lock.lock()
        defer { lock.unlock() }
        guard let config, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard let wanted = FcCharSetCreate() else { return nil }
        defer { FcCharSetDestroy(wanted) }
        FcCharSetAddChar(wanted, scalar.value)
        FcPatternAddCharSet(pattern, FC_CHARSET, wanted)
        if color {
            add(pattern, FC_FAMILY, "emoji")
            FcPatternAddBool(pattern, FC_COLOR, FcTrue)
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? Int32(FC_WEIGHT_BOLD) : Int32(FC_WEIGHT_REGULAR))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) == FcTrue else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i], Self.isOpenType(font) else { continue }
            if color {
                var isColor: FcBool = FcFalse
                guard FcPatternGetBool(font, FC_COLOR, 0, &isColor) == FcResultMatch, isColor == FcTrue else { continue }
            }
            var charset: OpaquePointer? = nil
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                  FcCharSetHasChar(charset, scalar.value) == FcTrue else { continue }
            return fontFile(font)
        }
        return nil
    }

    /// Whether looking `family` up by name finds the face at `path`
    /// (`index`) among that family's installed TrueType/OpenType faces:
    /// then a renderer reading this machine's fonts finds the very face by
    /// its family, weight and style (what SVG's `<text>` names it by).
    /// Remembered per face.
    public func lists(family: String, path: String, index: Int) -> Bool {
        guard !family.isEmpty, !family.utf8.contains(0) else { return false }
        let key = "\(family)\u{0}\(path)\u{0}\(index)"
        lock.lock()
        defer { lock.unlock() }
        if let known = familyListings[key] { return known }
        var found = false
        if let config, let pattern = FcPatternCreate() {
            defer { FcPatternDestroy(pattern) }
            add(pattern, FC_FAMILY, family)
            if let objects = FcObjectSetCreate() {
                defer { FcObjectSetDestroy(objects) }
                for object in [FC_FILE, FC_INDEX, FC_FONTFORMAT] { _ = FcObjectSetAdd(objects, object) }
                if let set = FcFontList(config, pattern, objects) {
                    defer { FcFontSetDestroy(set) }
                    let wanted = Self.realPath(path)
                    for i in 0..<Int(set.pointee.nfont) {
                        guard let font = set.pointee.fonts[i], Self.isOpenType(font), let file = fontFile(font),
                              file.index == index else { continue }
                        if file.path == path || Self.realPath(file.path) == wanted {
                            found = true
                            break
                        }
                    }
                }
            }
        }
        familyListings[key] = found
        return found
    }

    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isOpenType(_ font: OpaquePointer) -> Bool {
        var format: UnsafeMutablePointer<FcChar8>? = nil
        guard FcPatternGetString(font, FC_FONTFORMAT, 0, &format) == FcResultMatch, let format else { return false }
        let name = String(cString: format)
        return name == "TrueType" || name == "CFF"
    }

    private func fontFile(_ font: OpaquePointer) -> FontFile? {
        guard let path = strings(font, FC_FILE).first else { return nil }
        return FontFile(path: path, index: Int(integer(font, FC_INDEX) ?? 0))
    }

    private func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var out: [String] = []
        var i: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>? = nil
        while FcPatternGetString(pattern, object, i, &value) == FcResultMatch, let value {
            out.append(String(cString: value))
            i += 1
        }
        return out
    }

    private func integer(_ pattern: OpaquePointer, _ object: String) -> Int32? {
        var value: Int32 = 0
        if FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch { return value }
        // Variable fonts give a range; its value here is not needed.
        return nil
    }

    private func add(_ pattern: OpaquePointer, _ object: String, _ value: String) {
        _ = value.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
                FcPatternAddString(pattern, object, $0)
            }
        }
    }

    /// Family names compare without case and spaces ("NimbusSans" is "Nimbus Sans").
    static func normalized(_ family: String) -> String {
        String(family.lowercased().filter { $0 != " " })
    }
}
