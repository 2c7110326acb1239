import CellGeometry
import CellKit

/// Table specs for the layout tests, built as data.
enum TableSpecs {
    /// A grouped 320 x 480 table with one section per entry of `rows`,
    /// each with that many default rows.
    static func grouped(_ rows: [Int], configure: (inout TableSpec) -> Void = { _ in }) -> TableSpec {
        var spec = TableSpec()
        spec.sections = rows.map { n in
            var s = SectionSpec()
            s.rows = Array(repeating: RowSpec(), count: n)
            return s
        }
        configure(&spec)
        return spec
    }

    static func row(height: Double? = nil) -> RowSpec {
        var r = RowSpec()
        r.height = height
        return r
    }

    static func section(title: String? = nil, footer: String? = nil, rows: [RowSpec]) -> SectionSpec {
        var s = SectionSpec()
        s.title = title
        s.footer = footer
        s.rows = rows
        return s
    }
}

extension Rect {
    /// (x, y, width, height), for readable expectations.
    var tuple: [Double] { [x, y, width, height] }
}
