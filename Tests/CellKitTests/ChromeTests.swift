import CellGeometry
@testable import CellKit
import CellRaster
import Testing

/// Text of known widths (0.6 em a character, 1.2 em a line) that draws a
/// box: layouts checked with it depend on no installed font.
struct BoxText: KitText {
    func measure(_ text: String, font: KitFont) throws -> (width: Double, height: Double) {
        (Double(text.count) * font.size * 0.6, (font.size * 1.2).rounded())
    }
    func draw(_ text: String, in rect: Rect, font: KitFont, color: Color, alignment: KitAlignment,
              canvas: Canvas) throws {}
    func lineCount(_ text: String, width: Double, font: KitFont) throws -> Int { 1 }
    func drawWrapped(_ text: String, in rect: Rect, font: KitFont, color: Color, alignment: KitAlignment,
                     canvas: Canvas) throws {}
}

/// Heights and layouts of the screen chrome (docs/components.md, "Screen
/// chrome"): the HIG's heights, a title clear of its buttons and centred
/// when there is room, flexible spaces sharing the width, items and
/// segments tiling their bars, parts inside their bars.
@Suite struct ChromeLayoutTests {
    let text = BoxText()

    func inside(_ r: Rect, width: Double, height: Double) -> Bool {
        r.minX >= 0 && r.minY >= 0 && r.maxX <= width + 1e-9 && r.maxY <= height + 1e-9
    }

    @Test func heightsAreTheHIGs() {
        #expect(StatusBar().height == 20)
        var nav = NavigationBar(title: "Mail")
        #expect(nav.height == 44)
        nav.prompt = "Choose"
        #expect(nav.height == 74)
        var search = SearchBar()
        #expect(search.height == 44)
        search.scopes = ["All", "Mail"]
        #expect(search.height == 88)
        #expect(Toolbar().height == 44)
        #expect(TabBar().height == 49)
        #expect(SegmentedControl(style: .plain).height == 44)
        #expect(SegmentedControl(style: .bordered).height == 44)
        #expect(SegmentedControl(style: .bar).height == 30)
        #expect(BarButton.height == 30)
    }

    @Test func titleIsCentredWhenThereIsRoom() throws {
        var nav = NavigationBar(title: "General")
        nav.back = "Settings"
        nav.right = BarButton(title: "Edit")
        let l = try nav.layout(width: 320, text: text)
        let title = try #require(l.title)
        #expect(abs(title.midX - 160) < 1)
        // Buttons 30 pt tall, 7 pt below the top, 5 pt from the sides.
        let back = try #require(l.back), right = try #require(l.right)
        #expect(back.minX == 5 && back.minY == 7 && back.height == 30)
        #expect(right.maxX == 315 && right.minY == 7 && right.height == 30)
    }

    @Test(arguments: ["A", "A much longer title", String(repeating: "Title ", count: 12)])
    func titleNeverOverlapsItsButtons(title: String) throws {
        for back in [nil, "Settings", "A very long previous title"] {
            for right in [nil, BarButton(title: "Edit"), BarButton(title: "Compose a new message", style: .done)] {
                var nav = NavigationBar(title: title)
                nav.back = back
                nav.right = right
                let l = try nav.layout(width: 320, text: text)
                let t = try #require(l.title)
                if let b = l.back { #expect(t.minX >= b.maxX + NavigationBar.titleGap - 1e-9) }
                if let r = l.right { #expect(t.maxX <= r.minX - NavigationBar.titleGap + 1e-9) }
                #expect(inside(t, width: 320, height: 44))
                // Moved off centre only when it would touch a button.
                let tw = try text.measure(title, font: nav.titleFont).width
                if t.width == tw, abs(t.midX - 160) > 1e-9 {
                    let centred = Rect(x: 160 - tw / 2, y: 0, width: tw, height: 1)
                    let touches = (l.back.map { centred.minX < $0.maxX + NavigationBar.titleGap } ?? false)
                        || (l.right.map { centred.maxX > $0.minX - NavigationBar.titleGap } ?? false)
                    #expect(touches, "\(title) moved without need")
                }
            }
        }
    }

    @Test func promptBarPutsThePromptAboveAndTheButtonsBelow() throws {
        var nav = NavigationBar(title: "New")
        nav.prompt = "Enter a subject"
        nav.left = BarButton(title: "Cancel")
        let l = try nav.layout(width: 320, text: text)
        let p = try #require(l.prompt), left = try #require(l.left), t = try #require(l.title)
        #expect(p.maxY <= 30)
        #expect(abs(p.midX - 160) < 1)
        #expect(left.minY == 37)
        #expect(t.minY >= 30)
        for (_, r) in try nav.parts(width: 320, text: text) { #expect(inside(r, width: 320, height: 74)) }
    }

    @Test func flexibleSpacesShareTheWidth() throws {
        let a = BarButton(title: "Edit"), b = BarButton(title: "Done", style: .done)
        let bar = Toolbar(items: [.button(a), .flexibleSpace, .button(a), .flexibleSpace, .button(b)])
        let frames = try bar.layout(width: 320, text: text)
        let r0 = try #require(frames[0]), r2 = try #require(frames[2]), r4 = try #require(frames[4])
        #expect(r0.minX == Toolbar.margin)
        #expect(abs(r4.maxX - (320 - Toolbar.margin)) <= 0.5)
        #expect(abs((r2.minX - r0.maxX) - (r4.minX - r2.maxX)) <= 1)
        #expect(frames[1] == nil && frames[3] == nil)
        for r in [r0, r2, r4] { #expect(r.height == 30 && r.minY == 7) }
        // Without spaces items sit 10 pt apart from the left; a fixed space replaces the gap.
        let packed = try Toolbar(items: [.button(a), .button(a)]).layout(width: 320, text: text)
        #expect(try #require(packed[1]).minX - (try #require(packed[0])).maxX == Toolbar.spacing)
        let fixed = try Toolbar(items: [.button(a), .fixedSpace(30), .button(a)]).layout(width: 320, text: text)
        #expect(try #require(fixed[2]).minX - (try #require(fixed[0])).maxX == 30)
        let names = try bar.parts(width: 320, text: text).map(\.name)
        #expect(names == ["item1", "item3", "item5"])
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func tabItemsAreEquallyWideAndTileTheBar(count: Int) {
        let bar = TabBar(items: Array(repeating: TabBar.Item(title: "Tab"), count: count))
        for width in [320.0, 321, 480] {
            let frames = bar.itemFrames(width: width)
            #expect(frames.count == count)
            #expect(frames.first?.minX == 0 && frames.last?.maxX == width)
            for (a, b) in zip(frames, frames.dropFirst()) { #expect(a.maxX == b.minX) }
            let widths = frames.map(\.width)
            #expect(widths.max()! - widths.min()! <= 1)
            for (_, r) in bar.parts(width: width) { #expect(inside(r, width: width, height: 49)) }
        }
    }

    @Test(arguments: [1, 2, 3, 7])
    func segmentsCoverTheWidthWithoutGaps(count: Int) {
        for style in SegmentedControl.Style.allCases {
            let control = SegmentedControl(segments: Array(repeating: .title("S"), count: count), style: style)
            for width in [300.0, 301.5] {
                let frames = control.segmentFrames(width: width)
                #expect(frames.first?.minX == 0 && frames.last?.maxX == width)
                for (a, b) in zip(frames, frames.dropFirst()) { #expect(a.maxX == b.minX) }
                for r in frames { #expect(r.height == control.height && r.width > 0) }
            }
        }
    }

    @Test func searchBarPartsLieInsideIt() {
        var bar = SearchBar(placeholder: "Search")
        bar.scopes = ["All", "Mail", "Phone"]
        let parts = bar.parts(width: 320)
        #expect(parts.map(\.name) == ["field", "scope1", "scope2", "scope3"])
        for (_, r) in parts { #expect(inside(r, width: 320, height: 88)) }
        #expect(parts[0].rect == Rect(x: 7, y: 6, width: 306, height: 31))
        #expect(parts[1].rect.minY >= 44)
    }

    @Test func batteryFillIsProportional() {
        var bar = StatusBar()
        bar.battery = 0.5
        let (outline, half) = bar.batteryFrames(width: 320)
        bar.battery = 1
        let full = bar.batteryFrames(width: 320).fill
        #expect(abs(half.width * 2 - full.width) < 1e-9)
        #expect(outline.width == 25 && outline.height == 11 && outline.maxX <= 320 - StatusBar.rightMargin)
    }
}

/// Pixels that show the look: the navigation bar lit from above, the
/// selected tab's icon blue and the others gray, the done button bluer
/// than a bordered one, the battery filled as far as its level.
@Suite struct ChromePixelTests {
    func canvas(_ w: Double = 320, _ h: Double = 100) throws -> Canvas {
        try Canvas(width: w, height: h, scale: 2, background: .white)
    }

    func color(_ c: Canvas, _ x: Double, _ y: Double) throws -> Color {
        let p = try c.pixel(x: Int(x * 2), y: Int(y * 2))
        return Color(r: Double(p.r) / 255, g: Double(p.g) / 255, b: Double(p.b) / 255)
    }

    /// A 30 x 30 pt square icon (60 x 60 px, opaque).
    func squareIcon() -> KitImage {
        KitImage(PixelBuffer(width: 60, height: 60, filledWith: Color.black.premultiplied()), width: 30, height: 30)
    }

    @Test func navigationBarIsLighterAtTheTop() throws {
        for style in BarStyle.allCases {
            let c = try canvas()
            var nav = NavigationBar()
            nav.style = style
            try nav.draw(in: c, at: Point(0, 10), width: 320, theme: .ios6, text: nil)
            let top = try color(c, 100, 12), bottom = try color(c, 100, 52)
            #expect(top.luma > bottom.luma + 0.1, "\(style): \(top) vs \(bottom)")
            // The dark line at the bottom.
            #expect(try color(c, 100, 53.5).luma < bottom.luma)
        }
        // A tint makes a bar of its hue.
        let c = try canvas()
        var red = NavigationBar()
        red.tint = Color(r: 0.7, g: 0.1, b: 0.1)
        try red.draw(in: c, at: Point(0, 0), width: 320, theme: .ios6, text: nil)
        let mid = try color(c, 160, 22)
        #expect(mid.r > mid.g + 0.2 && mid.r > mid.b + 0.2)
    }

    @Test func selectedTabIconIsBlueAndOthersGray() throws {
        let c = try canvas()
        let icon = squareIcon()
        var bar = TabBar(items: [TabBar.Item(title: "A", image: icon), TabBar.Item(title: "B", image: icon)])
        bar.selected = 0
        try bar.draw(in: c, at: Point(0, 0), width: 320, theme: .ios6, text: nil)
        // Each icon's centre: the slot's middle, 4 + 15 pt down.
        let selected = try color(c, 80, 19), other = try color(c, 240, 19)
        #expect(selected.b > selected.r + 0.3, "\(selected)")
        #expect(abs(other.r - other.b) < 0.05 && abs(other.r - other.g) < 0.05, "\(other)")
        #expect(other.luma > 0.3 && other.luma < 0.8)
        // Outside the icon, the bar is near black.
        #expect(try color(c, 240, 46).luma < 0.2)
    }

    @Test func doneButtonIsBluerThanBordered() throws {
        let c = try canvas()
        try Button(style: .bordered).draw(in: c, frame: Rect(x: 10, y: 10, width: 60, height: 30), theme: .ios6, text: nil)
        try Button(style: .done).draw(in: c, frame: Rect(x: 100, y: 10, width: 60, height: 30), theme: .ios6, text: nil)
        let bordered = try color(c, 40, 28), done = try color(c, 130, 28)
        #expect(done.b - done.r > bordered.b - bordered.r + 0.2, "\(done) vs \(bordered)")
        // The back button's point: empty at its top-left corner, filled at its middle-left.
        try Button(style: .back).draw(in: c, frame: Rect(x: 200, y: 10, width: 70, height: 30), theme: .ios6, text: nil)
        #expect(try color(c, 202, 12).luma > 0.95)
        #expect(try color(c, 203, 25).luma < 0.7)
    }

    @Test func batteryIsFilledAsFarAsItsLevel() throws {
        for level in [0.25, 0.5, 0.9] {
            let c = try canvas(320, 20)
            var bar = StatusBar(style: .black)
            bar.battery = level
            try bar.draw(in: c, at: Point(0, 0), width: 320, theme: .ios6, text: nil)
            let (o, fill) = bar.batteryFrames(width: 320)
            // White inside the fill, black past its end, in the middle row.
            #expect(try color(c, fill.minX + 1, o.midY).luma > 0.8)
            #expect(try color(c, fill.maxX - 1, o.midY).luma > 0.8)
            #expect(try color(c, fill.maxX + 1.5, o.midY).luma < 0.2)
        }
    }

    @Test func selectedSegmentIsBlue() throws {
        let c = try canvas()
        var control = SegmentedControl(segments: [.title("A"), .title("B")], style: .plain)
        control.selected = 1
        try control.draw(in: c, at: Point(10, 10), width: 300, theme: .ios6, text: nil)
        let off = try color(c, 60, 40), on = try color(c, 220, 40)
        #expect(on.b > on.r + 0.4)
        #expect(off.luma > 0.8)
    }

    @Test func darkThemeDrawsBlackBars() throws {
        let c = try canvas()
        try NavigationBar().draw(in: c, at: Point(0, 0), width: 320, theme: .dark, text: nil)
        try SearchBar().draw(in: c, at: Point(0, 44), width: 320, theme: .dark, text: nil)
        #expect(try color(c, 160, 40).luma < 0.15)
        #expect(try color(c, 3, 80).luma < 0.3)
    }
}
