import CellGeometry
import CellRaster

/// A table view laid out from a `TableSpec`: render it onto a canvas, ask
/// which row a point hits, where a row is. Coordinates in and out are the
/// canvas' user space (the table's frame is at `spec.x`, `spec.y`).
public final class Table {
    public let spec: TableSpec
    public let layout: TableLayout
    /// Measures and draws the labels; nil draws none (layout still works).
    let text: KitText?
    let backgrounds: CellBackgrounds
    /// Puts every cell in a layer, also those whose drawing cannot tell
    /// (tests compare that with the default, which skips those layers).
    public var alwaysLayerCells = false
    /// Cell backgrounds and bevels drawn once per look and size, kept from
    /// one render to the next (each render may also be given other ones).
    public let viewLayers: ViewLayers

    public init(_ spec: TableSpec, text: KitText? = CellTextKit(), viewLayers: ViewLayers = ViewLayers()) throws {
        self.spec = spec
        self.viewLayers = viewLayers
        self.text = text
        backgrounds = CellBackgrounds(spec)
        var failure: Error?
        layout = TableLayout(spec, footerLines: { footer, width in
            do {
                return try text?.lineCount(footer, width: width, font: spec.theme.sectionFooterFont) ?? 1
            } catch {
                failure = error
                return 1
            }
        }, fittingHeight: { row, width in
            do {
                return try CellLayout(row, width: width, height: spec.rowHeight, theme: spec.theme, text: text).fittingHeight
            } catch {
                failure = error
                return 0
            }
        })
        if let failure { throw failure }
    }

    public var contentHeight: Double { layout.contentHeight }

    /// Content y of the frame's top edge.
    var scrollTop: Double { spec.contentOffset }

    /// A content-space rect in canvas coordinates.
    func onCanvas(_ r: Rect) -> Rect {
        Rect(x: spec.x + r.x, y: spec.y + r.y - scrollTop, width: r.width, height: r.height)
    }

    /// The frame of row `row` of section `section` (0-based) on the canvas.
    public func rowRect(section: Int, row: Int) -> Rect? {
        guard layout.sections.indices.contains(section), layout.sections[section].rows.indices.contains(row) else {
            return nil
        }
        return onCanvas(layout.sections[section].rows[row])
    }

    /// The row under canvas point (x, y), 0-based, or nil: outside the frame,
    /// on a gap, title, footer or header. The corner overlay does not stop
    /// it: like the seed's overlay, it passes touches to the table below.
    public func hitTest(x: Double, y: Double) -> (section: Int, row: Int)? {
        let fx = x - spec.x, fy = y - spec.y
        guard fx >= 0, fy >= 0, fx < spec.width, fy < spec.height else { return nil }
        return layout.row(atContentX: fx, y: fy + scrollTop)
    }

    /// The visible part of content space.
    var visibleContent: Rect { Rect(x: 0, y: scrollTop, width: spec.width, height: spec.height) }
}
