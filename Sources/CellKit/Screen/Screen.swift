import CellGeometry
import CellRaster

/// A screen laid out from a `ScreenSpec`: the bars stacked as UIKit stacks
/// them on the device's portrait frame, the table filling what they leave.
/// Render it onto a canvas of the device's size; ask which part is under a
/// point.
public final class Screen {
    public let spec: ScreenSpec
    /// The table, placed between the bars and scrolled by the screen.
    public let table: Table
    /// Where each part lies on the canvas (nil: the screen has none).
    public struct Frames: Equatable, Sendable {
        public var statusBar: Rect?
        public var navigationBar: Rect?
        public var table: Rect
        public var toolbar: Rect?
        public var tabBar: Rect?
    }
    public let frames: Frames
    let text: KitText?

    /// What is under a point: a bar (`status_bar`, `navigation_bar`,
    /// `search_bar`, `toolbar`, `tab_bar`) and the named part of it under
    /// the point (`back`, `left`, `right`, `title`, `field`, `scopeN`,
    /// `itemN`, `tabN`), a row of the table (0-based), or the rest of the
    /// table (`table`).
    public enum Hit: Equatable, Sendable {
        case bar(String, part: String?)
        case row(section: Int, row: Int)
        case table
    }

    public init(_ spec: ScreenSpec, text: KitText? = CellTextKit(), viewLayers: ViewLayers = ViewLayers()) throws {
        self.spec = spec
        self.text = text
        let w = spec.device.width, h = spec.device.height
        var top = 0.0, bottom = h
        var f = Frames(table: Rect(x: 0, y: 0, width: w, height: h))
        if let bar = spec.statusBar {
            f.statusBar = Rect(x: 0, y: 0, width: w, height: bar.height)
            // A translucent status bar lies over the content.
            if bar.style != .translucent { top = bar.height }
        }
        if let bar = spec.navigationBar {
            f.navigationBar = Rect(x: 0, y: top, width: w, height: bar.height)
            top += bar.height
        }
        if let bar = spec.tabBar {
            bottom -= bar.height
            f.tabBar = Rect(x: 0, y: bottom, width: w, height: bar.height)
        }
        if let bar = spec.toolbar {
            bottom -= bar.height
            f.toolbar = Rect(x: 0, y: bottom, width: w, height: bar.height)
        }
        f.table = Rect(x: 0, y: top, width: w, height: Swift.max(0, bottom - top))
        frames = f
        var t = spec.table
        (t.x, t.y, t.width, t.height) = (f.table.x, f.table.y, f.table.width, f.table.height)
        if let scroll = spec.scroll { t.contentOffset = scroll }
        if let search = spec.searchBar { t.header = Self.header(search, above: t.header, theme: spec.theme, text: text) }
        table = try Table(t, text: text, viewLayers: viewLayers)
    }

    /// The table's header view holding the search bar, and below it the
    /// table's own header, if any: UITableView's tableHeaderView, which
    /// scrolls with the rows.
    static func header(_ search: SearchBar, above inner: ViewSpec?, theme: Theme, text: KitText?) -> ViewSpec {
        var view = ViewSpec()
        view.height = search.height + (inner?.height ?? 0)
        view.draw = { canvas, w, _ in
            try search.draw(in: canvas, at: Point(0, 0), width: w, theme: theme, text: text)
            if let inner {
                try inner.draw(in: canvas, frame: Rect(x: 0, y: search.height, width: w, height: inner.height), text: text)
            }
        }
        return view
    }

    /// The screen on `canvas`, which must be the device's size in points:
    /// the table first, then the bars over it.
    public func render(in canvas: Canvas) throws {
        let device = spec.device
        guard abs(canvas.width - device.width) < 1e-9, abs(canvas.height - device.height) < 1e-9 else {
            throw ScreenError.canvasSize(device: device, width: canvas.width, height: canvas.height)
        }
        try table.render(in: canvas)
        // The bars over it, each a named group.
        func draw(_ name: String, _ bar: ChromeBar?, _ frame: Rect?) throws {
            guard let bar, let frame else { return }
            canvas.beginGroup(name: name)
            defer { try? canvas.endGroup() }
            try bar.draw(in: canvas, at: Point(frame.x, frame.y), width: frame.width, theme: spec.theme, text: text)
        }
        try draw("toolbar", spec.toolbar, frames.toolbar)
        try draw("tab_bar", spec.tabBar, frames.tabBar)
        try draw("navigation_bar", spec.navigationBar, frames.navigationBar)
        try draw("status_bar", spec.statusBar, frames.statusBar)
    }

    /// What is under canvas point (x, y), or nil outside the screen.
    public func hitTest(x: Double, y: Double) throws -> Hit? {
        let p = Point(x, y)
        guard x >= 0, y >= 0, x < spec.device.width, y < spec.device.height else { return nil }
        func part(_ parts: [(name: String, rect: Rect)], in frame: Rect) -> String? {
            parts.first { $0.rect.offsetBy(frame.x, frame.y).contains(p) }?.name
        }
        // Topmost first: the bars lie over the table.
        if let f = frames.statusBar, f.contains(p) { return .bar("status_bar", part: nil) }
        if let f = frames.navigationBar, f.contains(p), let bar = spec.navigationBar {
            return .bar("navigation_bar", part: part(try bar.parts(width: f.width, text: text), in: f))
        }
        if let f = frames.tabBar, f.contains(p), let bar = spec.tabBar {
            return .bar("tab_bar", part: part(bar.parts(width: f.width), in: f))
        }
        if let f = frames.toolbar, f.contains(p), let bar = spec.toolbar {
            return .bar("toolbar", part: part(try bar.parts(width: f.width, text: text), in: f))
        }
        guard frames.table.contains(p) else { return nil }
        if let search = spec.searchBar {
            // The search bar scrolls with the content, at its top.
            let origin = Point(frames.table.x, frames.table.y - table.spec.contentOffset)
            let f = Rect(x: origin.x, y: origin.y, width: frames.table.width, height: search.height)
            if f.contains(p) { return .bar("search_bar", part: part(search.parts(width: f.width), in: f)) }
        }
        if let hit = table.hitTest(x: x, y: y) { return .row(section: hit.section, row: hit.row) }
        return .table
    }
}

/// Why a screen cannot be drawn.
public enum ScreenError: Error, CustomStringConvertible {
    case canvasSize(device: ScreenSpec.Device, width: Double, height: Double)

    public var description: String {
        switch self {
        case .canvasSize(let device, let w, let h):
            return "the screen is \(Self.points(device.width))x\(Self.points(device.height)) pt (\(device.rawValue)), "
                + "the canvas \(Self.points(w))x\(Self.points(h)): make the canvas the device's size"
        }
    }

    static func points(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}

extension Rect {
    func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    func offsetBy(_ dx: Double, _ dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
}
