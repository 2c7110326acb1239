import CellText
import Foundation

/// Font files the tests rely on: installed by scripts/setup (fonts-urw-base35,
/// fonts-dejavu-core).
enum Fonts {
    static let urw = "/usr/share/fonts/opentype/urw-base35"
    static let nimbusSans = urw + "/NimbusSans-Regular.otf"
    static let nimbusSansBold = urw + "/NimbusSans-Bold.otf"
    static let dejaVu = "/usr/share/fonts/truetype/dejavu"
    static let dejaVuSans = dejaVu + "/DejaVuSans.ttf"

    /// A catalog that sees only the fonts above (fontconfig's own rules,
    /// /etc/fonts/conf.d, still apply): which face a name resolves to does
    /// not change when other fonts are installed on the machine, as it
    /// would through `FontCatalog.system`.
    static let fixtureCatalog: FontCatalog = {
        try! FontCatalog(configuration: """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <dir>\(urw)</dir>
              <dir>\(dejaVu)</dir>
              <include ignore_missing="yes">/etc/fonts/conf.d</include>
              <cachedir>\(NSTemporaryDirectory())celllua-fontconfig-fixture-cache</cachedir>
            </fontconfig>
            """)
    }()

    static func font(_ name: String, _ size: Double) throws -> Font {
        try Font(named: name, size: size)
    }
}
