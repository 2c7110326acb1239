internal import CTextLibraries

/// FreeType, fontconfig and HarfBuzz are opened with the first font, not
/// at start (CTextLibraries): a run that draws no text does not load them.
/// Everything in CellText that reaches them first goes through `open`.
enum TextLibraries {
    /// Opens the three libraries if they are not open yet (thread-safe).
    /// Throws `FontError.librariesUnavailable` naming the one that is missing.
    static func open() throws {
        // Every font lookup asks: once open, no buffer is made for a reason.
        if textlibraries_open(nil, 0) != 0 { return }
        // The failure is kept, so asking again gives its reason.
        var message = [CChar](repeating: 0, count: 256)
        _ = textlibraries_open(&message, message.count)
        throw FontError.librariesUnavailable(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                                    as: UTF8.self))
    }
}
