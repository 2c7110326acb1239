import CellGeometry
import CellKit
import CellRaster
import Testing

/// The two-tone stretchers as PRPTwoToneTableView's layoutSubviews computes
/// them, in content coordinates:
///
///     top:    contentOffset.y > 0 ? hidden : (0, contentOffset.y, width, -contentOffset.y)
///     bottom: contentBottom = contentSize.height - contentOffset.y
///             bottomGap = frame.height - contentBottom
///             bottomGap > 0 ? (0, contentSize.height, width, bottomGap) : hidden
///
/// (The seed's text breaks off after `bottomGap = self.frame.size.height`;
/// the rest is its description: show the bottom stretcher when the content's
/// bottom is on screen, sized to fill the gap below it.)
@Suite struct StretcherTests {
    @Test func topFillsThePullDown() {
        #expect(Stretchers.top(contentOffset: -60, width: 320)?.tuple == [0, -60, 320, 60])
        #expect(Stretchers.top(contentOffset: -0.5, width: 100)?.tuple == [0, -0.5, 100, 0.5])
        #expect(Stretchers.top(contentOffset: -1e6, width: 320)?.tuple == [0, -1e6, 320, 1e6])
        // The seed shows a zero-height stretcher at 0; nothing is the same pixels.
        #expect(Stretchers.top(contentOffset: 0, width: 320) == nil)
        #expect(Stretchers.top(contentOffset: 10, width: 320) == nil)
    }

    @Test func bottomFillsTheGapBelowTheContent() {
        // Content taller than the frame, scrolled to its end and 80 past it.
        #expect(Stretchers.bottom(contentOffset: 100, contentHeight: 500, width: 320, height: 480)?.tuple
                == [0, 500, 320, 80])
        // Not yet at the end: no gap.
        #expect(Stretchers.bottom(contentOffset: 0, contentHeight: 500, width: 320, height: 480) == nil)
        #expect(Stretchers.bottom(contentOffset: 20, contentHeight: 500, width: 320, height: 480) == nil)
        // Content shorter than the frame: the gap below it, from rest.
        #expect(Stretchers.bottom(contentOffset: 0, contentHeight: 84, width: 320, height: 480)?.tuple
                == [0, 84, 320, 396])
    }

    /// Pulled down with short content, both show; together with the content
    /// they cover exactly the visible span, offset to offset + height.
    @Test(arguments: [-60.0, -0.25, -479, -2000])
    func bothEndsTileTheFrame(offset: Double) throws {
        let contentHeight = 84.0, height = 480.0
        let top = try #require(Stretchers.top(contentOffset: offset, width: 320))
        #expect(top.minY == offset)
        #expect(top.maxY == 0)
        let bottom = Stretchers.bottom(contentOffset: offset, contentHeight: contentHeight, width: 320, height: height)
        if offset + height > contentHeight {
            let b = try #require(bottom)
            #expect(b.minY == contentHeight)
            #expect(b.maxY == offset + height)
        } else {
            #expect(bottom == nil, "pulled down so far that the content's end is below the frame")
        }
    }

    /// Rendered: the top color above the content, the bottom color below it,
    /// the table's background nowhere in either gap.
    @Test func renderedGaps() throws {
        let top = Color(hex: "#4A5A6A")!, bottom = Color(hex: "#FF0000")!
        var spec = TableSpecs.grouped([1]) {
            $0.height = 300
            $0.contentOffset = -60
            $0.topColor = top
            $0.bottomColor = bottom
        }
        spec.width = 100
        let canvas = try Canvas(width: 100, height: 300, scale: 1)
        try Table(spec, text: nil).render(in: canvas)
        func pixel(_ y: Int) throws -> [UInt8] {
            let p = try canvas.pixel(x: 50, y: y)
            return [p.r, p.g, p.b, p.a]
        }
        #expect(try pixel(0) == [0x4A, 0x5A, 0x6A, 255])
        #expect(try pixel(59) == [0x4A, 0x5A, 0x6A, 255])
        #expect(try pixel(60) == [0xC5, 0xCC, 0xD4, 255], "content starts with the 20 pt section spacing")
        // Content: 20 + 44 + 20 = 84 pt, from 60 to 144 on the canvas.
        #expect(try pixel(143) == [0xC5, 0xCC, 0xD4, 255])
        #expect(try pixel(144) == [255, 0, 0, 255])
        #expect(try pixel(299) == [255, 0, 0, 255])
    }
}
