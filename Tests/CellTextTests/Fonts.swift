import CellText

/// Font files the tests rely on: installed by scripts/setup (fonts-urw-base35,
/// fonts-dejavu-core).
enum Fonts {
    static let urw = "/usr/share/fonts/opentype/urw-base35"
    static let nimbusSans = urw + "/NimbusSans-Regular.otf"
    static let nimbusSansBold = urw + "/NimbusSans-Bold.otf"
    static let dejaVu = "/usr/share/fonts/truetype/dejavu"
    static let dejaVuSans = dejaVu + "/DejaVuSans.ttf"

    static func font(_ name: String, _ size: Double) throws -> Font {
        try Font(named: name, size: size)
    }
}
