import CellGeometry
import CellRaster

/// The colors of the bars and controls around a table (`Theme.chrome`):
/// status bar, navigation bar and toolbar, bar buttons, search bar, tab bar,
/// segmented control and the rounded-rect button. `ios6` is UIKit's default
/// look of iOS 6 (docs/components.md, "Screen chrome", says for each value
/// whether it is documented or estimated); `dark` pairs with
/// `Theme.dark`: black bars (UIBarStyleBlack), a dark search bar and
/// segments, the same blue selection.
///
/// Gradients are `Theme.Pair`s, top to bottom. The bars draw them with a
/// faint break at the middle (the iOS 5/6 gloss), derived from the pair.
public struct ChromeTheme: Sendable, Equatable {
    /// The default (gray) status bar's gradient, #E8E8E8 to #B5B5B5.
    public var statusBarColors: Theme.Pair
    /// The default status bar's text and icons (black), and their 1 pt shadow below (white at 50%).
    public var statusBarText: Color
    public var statusBarShadow: Color
    /// Navigation bar and toolbar: the gradient (#B0BCCD to #6D83A2), the
    /// dark line at the navigation bar's bottom and the toolbar's top (#2D3642).
    public var barColors: Theme.Pair
    public var barLine: Color
    /// Titles on bars and bar buttons (white), and their shadow 1 pt above (black at 50%).
    public var barText: Color
    public var barTextShadow: Color
    /// Bordered and back bar buttons: a deeper, bluer shade of the bar
    /// (#7F98BD to #4A6790) in a dark 1 pt border (#2F3D52).
    public var barButtonColors: Theme.Pair
    public var barButtonBorder: Color
    /// The done button's blue (#3F7BE8 to #1C4FD0).
    public var doneButtonColors: Theme.Pair
    /// The tab bar: its black gloss (#3A3A3A to #000000; the upper half
    /// lighter), the line at its top (#000000 at 60%), the unselected
    /// icons' gray gradient (#A4A4A4 to #6C6C6C) and titles (#999999), the
    /// selected icon's blue (#5AC8FF to #0A74E8), title (white) and the
    /// lighter rounded rectangle behind the selected item (white at 15%).
    public var tabBarColors: Theme.Pair
    public var tabBarLine: Color
    public var tabIconColors: Theme.Pair
    public var tabText: Color
    public var tabSelectedColors: Theme.Pair
    public var tabSelectedText: Color
    public var tabSelectedBackground: Color
    /// Badges on tab items: the red gloss (#E3000C to #B20000), their
    /// border and text (white).
    public var tabBadgeColors: Theme.Pair
    public var tabBadgeText: Color
    /// The search bar: its gradient (#CDD5DD to #A9B6C3), its bottom line
    /// (#8E99A5), the field's fill (white), border (#8B8B8B), text (black)
    /// and placeholder and magnifier (#9A9A9A).
    public var searchBarColors: Theme.Pair
    public var searchBarLine: Color
    public var searchFieldFill: Color
    public var searchFieldBorder: Color
    public var searchFieldText: Color
    public var searchFieldPlaceholder: Color
    /// Segmented control (plain and bordered styles): segments (#FFFFFF to
    /// #DEDEDE), borders and dividers (#8E8E8E), titles (#7F7F7F), the
    /// selected segment's blue (#2A8BEF to #165FD2) and title (white).
    public var segmentedColors: Theme.Pair
    public var segmentedBorder: Color
    public var segmentedText: Color
    public var segmentedSelectedColors: Theme.Pair
    public var segmentedSelectedText: Color
    /// The rounded-rect button: fill (white), border (#7C7C7C at 100%),
    /// title (#324F85, UIButton's blue); highlighted, the table's selection
    /// gradient with a white title.
    public var buttonFill: Color
    public var buttonBorder: Color
    public var buttonText: Color
    public var buttonHighlightColors: Theme.Pair

    /// iOS 6's default look.
    public static let ios6 = ChromeTheme(
        statusBarColors: Theme.Pair(Color(hex: "#E8E8E8")!, Color(hex: "#B5B5B5")!),
        statusBarText: .black, statusBarShadow: Color(white: 1, alpha: 0.5),
        barColors: Theme.Pair(Color(hex: "#B0BCCD")!, Color(hex: "#6D83A2")!),
        barLine: Color(hex: "#2D3642")!,
        barText: .white, barTextShadow: Color(white: 0, alpha: 0.5),
        barButtonColors: Theme.Pair(Color(hex: "#7F98BD")!, Color(hex: "#4A6790")!),
        barButtonBorder: Color(hex: "#2F3D52")!,
        doneButtonColors: Theme.Pair(Color(hex: "#3F7BE8")!, Color(hex: "#1C4FD0")!),
        tabBarColors: Theme.Pair(Color(hex: "#3A3A3A")!, Color(hex: "#000000")!),
        tabBarLine: Color(white: 0, alpha: 0.6),
        tabIconColors: Theme.Pair(Color(hex: "#A4A4A4")!, Color(hex: "#6C6C6C")!),
        tabText: Color(hex: "#999999")!,
        tabSelectedColors: Theme.Pair(Color(hex: "#5AC8FF")!, Color(hex: "#0A74E8")!),
        tabSelectedText: .white, tabSelectedBackground: Color(white: 1, alpha: 0.15),
        tabBadgeColors: Theme.Pair(Color(hex: "#E3000C")!, Color(hex: "#B20000")!), tabBadgeText: .white,
        searchBarColors: Theme.Pair(Color(hex: "#CDD5DD")!, Color(hex: "#A9B6C3")!),
        searchBarLine: Color(hex: "#8E99A5")!, searchFieldFill: .white,
        searchFieldBorder: Color(hex: "#8B8B8B")!, searchFieldText: .black,
        searchFieldPlaceholder: Color(hex: "#9A9A9A")!,
        segmentedColors: Theme.Pair(.white, Color(hex: "#DEDEDE")!), segmentedBorder: Color(hex: "#8E8E8E")!,
        segmentedText: Color(hex: "#7F7F7F")!,
        segmentedSelectedColors: Theme.Pair(Color(hex: "#2A8BEF")!, Color(hex: "#165FD2")!),
        segmentedSelectedText: .white,
        buttonFill: .white, buttonBorder: Color(hex: "#7C7C7C")!, buttonText: Color(hex: "#324F85")!,
        buttonHighlightColors: Theme.Pair(Color(hex: "#058CF5")!, Color(hex: "#015EE6")!))

    /// With `Theme.dark`: the black bar style, a dark search bar, dark segments.
    public static let dark: ChromeTheme = {
        var t = ios6
        t.statusBarColors = Theme.Pair(.black, .black)
        t.statusBarText = .white
        t.statusBarShadow = .clear
        t.barColors = BarLook.black.colors
        t.barLine = BarLook.black.line
        t.barButtonColors = BarLook.black.buttonColors
        t.barButtonBorder = BarLook.black.buttonBorder
        t.searchBarColors = Theme.Pair(Color(hex: "#5A5D62")!, Color(hex: "#2E3034")!)
        t.searchBarLine = .black
        t.searchFieldBorder = Color(hex: "#1A1A1C")!
        t.segmentedColors = Theme.Pair(Color(hex: "#4A4D52")!, Color(hex: "#2C2E32")!)
        t.segmentedBorder = Color(hex: "#0A0A0C")!
        t.segmentedText = Color(hex: "#C8CAD0")!
        t.buttonFill = Color(hex: "#303236")!
        t.buttonBorder = Color(hex: "#0A0A0C")!
        t.buttonText = Color(hex: "#7FB0FF")!
        return t
    }()
}
