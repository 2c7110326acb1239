import CellGeometry
import CellRaster

/// A whole screen described as data: what `ui.screen(spec)` reads. The
/// iOS 6 stack of views from top to bottom: the status bar, the navigation
/// bar, the table (its search bar, if any, as the table's header view, so
/// it scrolls with the rows as in Mail and Contacts), the toolbar, the tab
/// bar. Every part but the table is optional.
public struct ScreenSpec {
    /// The devices of the era, in points, portrait.
    public enum Device: String, CaseIterable, Sendable {
        /// iPhone 3.5" (320 x 480), the default; iPhone 5 (320 x 568); iPad (768 x 1024).
        case iphone, iphone5, ipad

        public var width: Double { self == .ipad ? 768 : 320 }
        public var height: Double {
            switch self {
            case .iphone: return 480
            case .iphone5: return 568
            case .ipad: return 1024
            }
        }
    }

    public var device = Device.iphone
    /// Default: a default-style status bar; nil: none (a full-screen app).
    /// A `translucent` one lies over the content, as UIKit lays it out.
    public var statusBar: StatusBar? = StatusBar()
    public var navigationBar: NavigationBar?
    public var searchBar: SearchBar?
    /// The table between the bars; its frame and content offset are the
    /// screen's to set (`Screen` places it).
    public var table = TableSpec()
    /// How far the content is scrolled (UIScrollView's contentOffset.y):
    /// negative when pulled down, the stretchers showing. nil: the table's
    /// own `contentOffset`.
    public var scroll: Double?
    public var toolbar: Toolbar?
    public var tabBar: TabBar?
    /// The chrome's colors and fonts (the table keeps its own theme).
    public var theme = Theme.ios6

    public init() {}
}
