import CellGeometry
import CellKit
import CellRaster
import Testing

/// A screen's parts stacked as UIKit stacks them on each device: the
/// status bar (20 pt, over the content when translucent), the navigation
/// bar (44 pt, 74 with a prompt), the table in what is left, the toolbar
/// (44) above the tab bar (49) at the bottom; the search bar at the top of
/// the table's content, scrolling with it; and the hit test naming each.
@Suite struct ScreenTests {
    let text = FixedText()

    func spec(_ configure: (inout ScreenSpec) -> Void) -> ScreenSpec {
        var s = ScreenSpec()
        s.table = TableSpecs.grouped([3])
        configure(&s)
        return s
    }

    @Test func theBarsStackOnEveryDevice() throws {
        for device in ScreenSpec.Device.allCases {
            let s = try Screen(spec {
                $0.device = device
                $0.navigationBar = NavigationBar(title: "Title")
                $0.toolbar = Toolbar(items: [.flexibleSpace])
                $0.tabBar = TabBar(items: [TabBar.Item(title: "A"), TabBar.Item(title: "B")])
            }, text: text)
            let w = device.width, h = device.height
            #expect(s.frames.statusBar == Rect(x: 0, y: 0, width: w, height: 20))
            #expect(s.frames.navigationBar == Rect(x: 0, y: 20, width: w, height: 44))
            #expect(s.frames.tabBar == Rect(x: 0, y: h - 49, width: w, height: 49))
            #expect(s.frames.toolbar == Rect(x: 0, y: h - 49 - 44, width: w, height: 44))
            #expect(s.frames.table == Rect(x: 0, y: 64, width: w, height: h - 64 - 93))
            let t = s.table.spec
            #expect((t.x, t.y, t.width, t.height) == (0, 64, w, h - 157))
        }
        #expect(ScreenSpec.Device.iphone5.height == 568 && ScreenSpec.Device.ipad.width == 768)
        // A prompt makes the navigation bar 74 pt; no status bar, no bars: the table fills the screen.
        let prompt = try Screen(spec {
            $0.navigationBar = NavigationBar(title: "T")
            $0.navigationBar?.prompt = "Choose"
        }, text: text)
        #expect(prompt.frames.navigationBar?.height == 74 && prompt.frames.table.minY == 94)
        let bare = try Screen(spec { $0.statusBar = nil }, text: text)
        #expect(bare.frames.table == Rect(x: 0, y: 0, width: 320, height: 480))
        // A translucent status bar lies over the content.
        let over = try Screen(spec { $0.statusBar = StatusBar(style: .translucent) }, text: text)
        #expect(over.frames.table.minY == 0 && over.frames.statusBar?.height == 20)
    }

    /// The search bar is the table's header: it scrolls with the rows, and
    /// a table header of the spec's own goes below it.
    @Test func theSearchBarScrollsWithTheContent() throws {
        var header = ViewSpec()
        header.height = 30
        let s = try Screen(spec {
            $0.searchBar = SearchBar(placeholder: "Search")
            $0.table.header = header
        }, text: text)
        #expect(s.table.layout.headerFrame == Rect(x: 0, y: 0, width: 320, height: 74))
        #expect(try s.hitTest(x: 160, y: 40) == .bar("search_bar", part: "field"))
        #expect(try s.hitTest(x: 160, y: 20 + 44 + 10) == .table)
        let scrolled = try Screen(spec {
            $0.searchBar = SearchBar(placeholder: "Search")
            $0.scroll = 44
        }, text: text)
        #expect(scrolled.table.spec.contentOffset == 44)
        #expect(try scrolled.hitTest(x: 160, y: 30) == .table)
        // The first row: 20 pt of section spacing below the search bar, scrolled up by 44.
        #expect(try scrolled.hitTest(x: 160, y: 20 + 20 + 5) == .row(section: 0, row: 0))
    }

    @Test func theHitTestNamesEachPart() throws {
        var s = ScreenSpec()
        s.table = TableSpecs.grouped([2])
        s.navigationBar = NavigationBar(title: "Inbox")
        s.navigationBar?.back = "Mailboxes"
        s.navigationBar?.right = BarButton(title: "Edit")
        s.tabBar = TabBar(items: [TabBar.Item(title: "A"), TabBar.Item(title: "B")])
        let screen = try Screen(s, text: text)
        #expect(try screen.hitTest(x: 5, y: 5) == .bar("status_bar", part: nil))
        #expect(try screen.hitTest(x: 20, y: 40) == .bar("navigation_bar", part: "back"))
        #expect(try screen.hitTest(x: 300, y: 40) == .bar("navigation_bar", part: "right"))
        #expect(try screen.hitTest(x: 80, y: 470) == .bar("tab_bar", part: "tab1"))
        #expect(try screen.hitTest(x: 240, y: 470) == .bar("tab_bar", part: "tab2"))
        #expect(try screen.hitTest(x: 160, y: 64 + 20 + 50) == .row(section: 0, row: 1))
        #expect(try screen.hitTest(x: 160, y: 300) == .table)
        #expect(try screen.hitTest(x: -1, y: 5) == nil && screen.hitTest(x: 5, y: 480) == nil)
    }

    /// The canvas must be the device's size; drawn, the bars lie over the
    /// table (the navigation bar's pixels, not a row's, at its place).
    @Test func renderingNeedsTheDevicesSize() throws {
        let s = try Screen(spec { $0.navigationBar = NavigationBar(title: "T") }, text: nil)
        let wrong = try Canvas(width: 320, height: 400, scale: 1)
        #expect(throws: ScreenError.self) { try s.render(in: wrong) }
        #expect("\(ScreenError.canvasSize(device: .iphone, width: 320, height: 400))"
                == "the screen is 320x480 pt (iphone), the canvas 320x400: make the canvas the device's size")
        let c = try Canvas(width: 320, height: 480, scale: 1)
        try s.render(in: c)
        let bar = try c.pixel(x: 160, y: 62), table = try c.pixel(x: 160, y: 70)
        #expect(bar != table)
        #expect(bar.b > bar.r, "the navigation bar's blue-gray: \(bar)")
    }
}
