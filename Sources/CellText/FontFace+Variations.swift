internal import CFreeType
internal import CHarfBuzz

/// Variable fonts: a face per setting of the axes (`wght = 700`), made
/// once and kept for the process, like faces opened from files.
///
/// An instance is a `FontFace` of its own, so everything keyed by a face
/// (shaping, outlines, glyph masks through its outlines' identities) keeps
/// instances apart: `wght = 400` and `wght = 700` share no glyph. It shares
/// FreeType's face with the face opened from the file (set to the
/// instance's design coordinates before each outline is loaded, under
/// `FreeType.lock`, which every outline load holds) and HarfBuzz's face,
/// with a HarfBuzz font of its own set to the same coordinates
/// (`hb_font_set_variations`), so advances and GPOS follow the outlines.
extension FontFace {
    /// Most instances of one face: each keeps its outlines for the process.
    public static let maxInstances = 1024

    /// The coordinates FreeType's face is set to now, by face; under `FreeType.lock`.
    nonisolated(unsafe) static var setCoordinates: [FT_Face: [FT_Fixed]] = [:]

    /// The face's name in messages: its family (else its PostScript name).
    public var displayName: String {
        !familyName.isEmpty ? familyName : !postScriptName.isEmpty ? postScriptName : path
    }

    /// True when the face has variation axes.
    public var isVariable: Bool { !axes.isEmpty }

    /// This face with `settings` applied over its own coordinates, each
    /// value clamped to its axis' range (as CSS and Core Text do). Throws
    /// `TypographyError` for a face without axes, an axis it lacks, or too
    /// many instances. Settings that change nothing give this face.
    public func instance(_ settings: [FontVariation]) throws -> FontFace {
        guard isVariable else { throw TypographyError.notVariable(font: displayName) }
        var coords = coordinates
        var given: [String: Double] = [:]
        for v in variations { given[v.tag] = v.value }
        for s in settings {
            guard let i = axes.firstIndex(where: { $0.tag == s.tag }) else {
                throw TypographyError.unknownAxis(s.tag, font: displayName, axes: axes.map(\.tag))
            }
            let v = Swift.min(Swift.max(s.value, axes[i].minimum), axes[i].maximum)
            coords[i] = FT_Fixed((v * 65536).rounded())
            given[s.tag] = Double(coords[i]) / 65536
        }
        let root = self.root ?? self
        if coords == root.coordinates { return root }
        let variations = axes.compactMap { a in given[a.tag].map { FontVariation(unchecked: a.tag, $0) } }
        return try FreeType.withLibrary { _ in
            if let made = root.instances[coords] { return made }
            guard root.instances.count < Self.maxInstances else {
                throw TypographyError.tooManyInstances(font: displayName)
            }
            guard let hbFont = hb_font_create(hb_font_get_face(root.hbFont)) else {
                throw FontError.unreadable(path: path, reason: "HarfBuzz cannot make an instance")
            }
            hb_ot_font_set_funcs(hbFont)
            hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
            Self.setVariations(hbFont, axes: axes, coordinates: coords)
            hb_font_make_immutable(hbFont)
            let face = FontFace(path: root.path, index: root.index, ftFace: root.ftFace, hbFont: hbFont, axes: axes,
                                coordinates: coords, variations: variations, root: root)
            root.instances[coords] = face
            return face
        }
    }

    /// The face's axes (fvar) and its current design coordinates; none for
    /// a face without variations.
    static func variationAxes(library: FT_Library, _ face: FT_Face) -> ([VariationAxis], [FT_Fixed]) {
        guard face.pointee.face_flags & cft_face_flag_multiple_masters != 0 else { return ([], []) }
        var mm: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &mm) == 0, let mm else { return ([], []) }
        defer { FT_Done_MM_Var(library, mm) }
        let n = Int(mm.pointee.num_axis)
        guard n > 0, let axis = mm.pointee.axis else { return ([], []) }
        var axes: [VariationAxis] = []
        for i in 0..<n {
            let a = axis[i]
            let t = UInt32(truncatingIfNeeded: a.tag)
            let tag = String(decoding: [UInt8(t >> 24), UInt8((t >> 16) & 0xFF), UInt8((t >> 8) & 0xFF), UInt8(t & 0xFF)],
                             as: UTF8.self)
            axes.append(VariationAxis(tag: tag, name: a.name.map { String(cString: $0) } ?? tag,
                                      minimum: Double(a.minimum) / 65536, defaultValue: Double(a.def) / 65536,
                                      maximum: Double(a.maximum) / 65536))
        }
        var coords = [FT_Fixed](repeating: 0, count: n)
        if FT_Get_Var_Design_Coordinates(face, FT_UInt(n), &coords) != 0 {
            coords = axes.map { FT_Fixed(($0.defaultValue * 65536).rounded()) }
        }
        return (axes, coords)
    }

    /// Sets HarfBuzz's font to `coordinates` (design units, 16.16), every axis.
    static func setVariations(_ hbFont: OpaquePointer, axes: [VariationAxis], coordinates: [FT_Fixed]) {
        let variations = zip(axes, coordinates).map { axis, c in
            hb_variation_t(tag: hb_tag_from_string(axis.tag, 4), value: Float(Double(c) / 65536))
        }
        variations.withUnsafeBufferPointer { hb_font_set_variations(hbFont, $0.baseAddress, UInt32($0.count)) }
    }
}
