import CellGeometry
import CellImage
import CellLua
import CellRaster
import CellVector
import Foundation
import Testing

/// SVG output, checked by librsvg against celllua's own pixels.
@Suite struct SVGWriterTests {
    /// Scenes whose SVG differs from the pixels by more than the bar for a
    /// stated reason (the renderer's or the format's, not the writer's),
    /// with the bounds they do meet.
    static let exceptions: [String: (psnr: Double, off: Double, why: String)] = [
        "gradients": (27, 0.01, """
            a two-circle radial gradient that does not extend past its end circle: SVG gradients always \
            pad, so where a circle beyond the end passes through a point, renderers take its color; the \
            band outside is clipped away, but inside the cone's end face it shows
            """),
        "images": (29, 0.035, """
            a canvas drawn scaled up 6x is drawn again as vectors, sharp, where the pixels sample its \
            pixels bilinearly
            """),
        "shadows": (28, 0.02, "librsvg filters only what lies on the page: a shape below it casts no shadow up onto it"),
    ]

    @Test(arguments: Fidelity.scenes)
    func sceneMatchesItsPixels(_ path: String) throws {
        let canvas = try Fidelity.renderScript(path)
        let svg = try SVGWriter.svg(of: canvas)
        let name = String(path.split(separator: "/").last!.dropLast(4))
        let bound = Self.exceptions[name]
        try Fidelity.check(name, canvas, document: svg, ext: "svg", minimumPSNR: bound?.psnr ?? 30,
                           maximumOff: bound?.off ?? 0.02, rasterize: Fidelity.rasterizeSVG)
        // Well-formed XML, by an independent parser.
        let (_, xmlErrors) = try Fidelity.run("xmllint", ["--noout", "-"], input: svg)
        #expect(xmlErrors.isEmpty, "\(name).svg: \(xmlErrors)")
    }

    @Test func sameDrawingSameBytes() throws {
        let a = try SVGWriter.svg(of: try Fidelity.renderScript("examples/badge_cell.lua"))
        let b = try SVGWriter.svg(of: try Fidelity.renderScript("examples/badge_cell.lua"))
        #expect(a == b)
    }

    @Test func shapesStayShapes() throws {
        // 1000 small rectangles: a path each, no pixels.
        let canvas = try Fidelity.render(Fidelity.thousandRectangles)
        let svg = try SVGWriter.svg(of: canvas)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(!text.contains("<image"))
        #expect(svg.count < 1000 * 80, "\(svg.count) bytes for 1000 rectangles")
    }

    @Test func knockedOutBadgeDigitsStayVector() throws {
        let canvas = try Fidelity.render(Fidelity.badge)
        let text = String(decoding: try SVGWriter.svg(of: canvas), as: UTF8.self)
        #expect(text.contains("<mask"), "the digits are cut out of the pill by a mask")
        #expect(!text.contains("<image"), "nothing falls back to pixels")
        try Fidelity.check("badge-knockout", canvas, document: Array(text.utf8), ext: "svg",
                           rasterize: Fidelity.rasterizeSVG)
    }

    @Test func knockoutStrokesMaskLikeFills() throws {
        let canvas = try Fidelity.render("""
            local c = cell.canvas(120, 60, {background = "white"})
            c:layer(function(c)
              c:set_fill("#007AFF") c:fill_rect(5, 5, 110, 50)
              c:set_blend("clear") c:set_line_width(6) c:stroke(cell.path():move_to(10, 30):line_to(110, 30))
              c:set_blend("destination_out") c:set_stroke({0, 0, 0, 0.5})
              c:stroke(cell.path():move_to(60, 8):line_to(60, 52))
            end)
            return c
            """)
        let svg = try SVGWriter.svg(of: canvas)
        #expect(String(decoding: svg, as: UTF8.self).components(separatedBy: "<mask").count == 3)
        try Fidelity.check("knockout-strokes", canvas, document: svg, ext: "svg", rasterize: Fidelity.rasterizeSVG)
    }

    @Test func blendModesAreCSSBlendModes() throws {
        for mode in BlendMode.allCases where mode.w3cName != nil && mode != .normal {
            let canvas = try Fidelity.render(Fidelity.blendScene(mode))
            let svg = try SVGWriter.svg(of: canvas)
            #expect(String(decoding: svg, as: UTF8.self).contains("mix-blend-mode:\(mode.w3cName!)"))
            try Fidelity.check("blend-\(mode.rawValue)", canvas, document: svg, ext: "svg",
                               rasterize: Fidelity.rasterizeSVG)
        }
    }

    @Test func porterDuffModesFallBackToPixelsOfTheirLayerOnly() throws {
        let canvas = try Fidelity.render("""
            local c = cell.canvas(80, 40, {background = "white"})
            c:set_fill("#007AFF")
            c:fill_rect(4, 4, 30, 30)
            c:layer(function(c)
              c:set_fill("#FF3B30")
              c:fill_rect(40, 4, 30, 30)
              c:set_blend("xor")
              c:fill(cell.path():ellipse(50, 10, 26, 26))
            end)
            return c
            """)
        let text = String(decoding: try SVGWriter.svg(of: canvas), as: UTF8.self)
        #expect(text.components(separatedBy: "<image").count == 2, "one image: the layer with xor")
        #expect(text.contains("<path d=\"M4 4L34 4"), "the blue square outside the layer stays a path (in points)")
        try Fidelity.check("xor-layer", canvas, document: Array(text.utf8), ext: "svg", rasterize: Fidelity.rasterizeSVG)
    }

    @Test func luaGetsTheDocument() throws {
        let runtime = LuaRuntime()
        _ = try runtime.run(code: """
            local c = cell.canvas(20, 10)
            c:fill_rect(0, 0, 5, 5)
            svg = c:svg()
            assert(svg:sub(1, 5) == "<?xml", svg:sub(1, 40))
            assert(svg:find('width="20" height="10"', 1, true))
            """)
    }
}
