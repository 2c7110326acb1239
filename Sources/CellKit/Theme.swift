import CellGeometry
import CellRaster

/// Every color and font a table draws with. `ios6` is the look of the
/// grouped and plain tables of iOS 5 and 6 (the seeds' colors, UIKit's
/// system fonts); `dark` is a dark grouped table in the same geometry. A
/// theme given as a partial table overrides keys on top of `ios6`.
public struct Theme: Sendable, Equatable {
    /// Behind a grouped table (#C5CCD4, UIKit's groupTableViewBackgroundColor
    /// without its stripes).
    public var background: Color
    /// Behind a plain table, and plain cells' fill.
    public var plainBackground: Color
    /// The gradient cell background, top to bottom (#FFFFFF to #DDDDDD).
    public var cellColors: Pair
    /// Label text (black).
    public var text: Color
    /// A subtitle cell's detail (grayColor).
    public var detail: Color
    /// A value1 cell's detail and a value2 cell's small label
    /// (#385487, UIKit's "table cell value blue").
    public var value: Color
    /// Grouped section titles and footers (#4C566C), and their 1 pt shadow
    /// below (white: the engraved look).
    public var sectionTitle: Color
    public var sectionFooter: Color
    public var sectionShadow: Color
    /// Plain section header bars (#90A0AC to #B8C1C8) and their text.
    public var plainHeaderColors: Pair
    public var plainHeaderText: Color
    /// The plain header text's shadow, 1 pt below (35% black).
    public var plainHeaderShadow: Color
    /// Lines between plain rows (#E0E0E0) and inside bevelled sections (80% white).
    public var separator: Color
    /// Grouped cells' outline: the gradient cell's gray stroke (50% white),
    /// and the plain cell style's (67% white).
    public var border: Color
    public var plainBorder: Color
    /// The lines between rows of a bevelled section (80% white).
    public var bevelSeparator: Color
    /// The selection gradient (#058CF5 to #015EE6) and the text over it.
    public var highlightColors: Pair
    public var highlightText: Color
    /// The badge (#8799BC) and the badge of a highlighted row (white).
    public var badge: Color
    public var badgeHighlight: Color
    /// The disclosure chevron and the reorder grip (50% white).
    public var accessory: Color
    /// The checkmark and the detail button (#324F85).
    public var tint: Color
    /// The switch's track when on (UISwitch's blue, #0B76E8 at its middle).
    public var switchOn: Color
    /// The switch's track when off: UIKit's white, shaded to 87% of it at
    /// the top.
    public var switchOff = Color.white
    /// The lighter stripes of the grouped table's pinstriped background
    /// (#CBD2D8 over the background's #C5CCD4).
    public var pinstripe = Color(hex: "#CBD2D8")!
    /// The editing controls' discs, top to bottom: delete's red (#F26D64 to
    /// #C1160C, also the swipe-to-delete button's) and insert's green
    /// (#7ED36B to #2C9A1F).
    public var deleteColors = Pair(Color(hex: "#F26D64")!, Color(hex: "#C1160C")!)
    public var insertColors = Pair(Color(hex: "#7ED36B")!, Color(hex: "#2C9A1F")!)
    /// Multiple selection: the checked circle's fill (iOS 6 Mail's red,
    /// #E0301E) and a checked row's tint (#E6EDF8, pale blue).
    public var checkMark = Color(hex: "#E0301E")!
    public var checkedBackground = Color(hex: "#E6EDF8")!
    /// Fonts: the label (bold 17 pt), a subtitle cell's two lines (bold
    /// 18 / 14 pt, the badge seed's), value cells' detail (17 pt), value2's
    /// small label (bold 12 pt) and detail (bold 15 pt), section titles
    /// (bold 17 pt), footers (15 pt), the badge (bold 13 pt).
    public var font: KitFont
    public var subtitleFont: KitFont
    public var subtitleDetailFont: KitFont
    public var valueFont: KitFont
    public var value2LabelFont: KitFont
    public var value2DetailFont: KitFont
    public var sectionTitleFont: KitFont
    public var sectionFooterFont: KitFont
    public var badgeFont: KitFont
    /// The bars and controls around a table (status, navigation, search,
    /// tab bar, toolbar, segmented control, buttons): `ChromeTheme`.
    public var chrome: ChromeTheme = .ios6

    public struct Pair: Sendable, Equatable {
        public var top: Color, bottom: Color
        public init(_ top: Color, _ bottom: Color) {
            self.top = top
            self.bottom = bottom
        }
    }

    /// iOS 5/6: the table every seed was drawn against.
    public static let ios6 = Theme(
        background: Color(hex: "#C5CCD4")!, plainBackground: .white,
        cellColors: Pair(.white, Color(hex: "#DDDDDD")!),
        text: .black, detail: Color(white: 0.5), value: Color(hex: "#385487")!,
        sectionTitle: Color(hex: "#4C566C")!, sectionFooter: Color(hex: "#4C566C")!, sectionShadow: .white,
        plainHeaderColors: Pair(Color(hex: "#90A0AC")!, Color(hex: "#B8C1C8")!), plainHeaderText: .white,
        plainHeaderShadow: Color(white: 0, alpha: 0.35),
        separator: Color(hex: "#E0E0E0")!, border: Color(white: 0.5), plainBorder: Color(white: 0.67),
        bevelSeparator: Color(white: 0.8),
        highlightColors: Pair(Color(hex: "#058CF5")!, Color(hex: "#015EE6")!), highlightText: .white,
        badge: Color(r: 0.53, g: 0.6, b: 0.738), badgeHighlight: .white,
        accessory: Color(white: 0.5), tint: Color(hex: "#324F85")!, switchOn: Color(hex: "#0B76E8")!,
        font: .boldSystem(17), subtitleFont: .boldSystem(18), subtitleDetailFont: .system(14),
        valueFont: .system(17), value2LabelFont: .boldSystem(12), value2DetailFont: .boldSystem(15),
        sectionTitleFont: .boldSystem(17), sectionFooterFont: .system(15), badgeFont: .boldSystem(13))

    /// A dark grouped table in the same geometry: near-black behind, dark
    /// gray cells with a faint gradient, light text, titles with a dark
    /// shadow above instead of the light engraving, a brighter tint.
    public static let dark: Theme = {
        var t = ios6
        t.background = Color(hex: "#111214")!
        t.plainBackground = Color(hex: "#1C1D20")!
        t.cellColors = Pair(Color(hex: "#303236")!, Color(hex: "#26282B")!)
        t.text = Color(hex: "#F2F2F5")!
        t.detail = Color(hex: "#8E9096")!
        t.value = Color(hex: "#7FA8E0")!
        t.sectionTitle = Color(hex: "#A0A4AC")!
        t.sectionFooter = Color(hex: "#80848C")!
        t.sectionShadow = Color(white: 0, alpha: 0.9)
        t.plainHeaderColors = Pair(Color(hex: "#3A3D42")!, Color(hex: "#2C2E32")!)
        t.plainHeaderText = Color(hex: "#E6E6EA")!
        t.plainHeaderShadow = Color(white: 0, alpha: 0.6)
        t.separator = Color(hex: "#3A3C40")!
        t.border = Color(hex: "#0A0A0C")!
        t.plainBorder = Color(hex: "#0A0A0C")!
        t.bevelSeparator = Color(hex: "#3A3C40")!
        t.highlightColors = Pair(Color(hex: "#2D6FD6")!, Color(hex: "#1B4FA8")!)
        t.highlightText = .white
        t.badge = Color(hex: "#5C6B88")!
        t.badgeHighlight = .white
        t.accessory = Color(hex: "#8E9096")!
        t.tint = Color(hex: "#4C9BFF")!
        t.switchOn = Color(hex: "#2F86F0")!
        t.switchOff = Color(hex: "#4A4C52")!
        t.pinstripe = Color(hex: "#16171A")!
        t.checkedBackground = Color(hex: "#25344A")!
        t.chrome = .dark
        return t
    }()

    /// The built-in themes by name.
    public static let builtIn: [(name: String, theme: Theme)] = [("ios6", ios6), ("dark", dark)]
}
