import Testing
import CellRaster

@Suite struct ColorTests {
    @Test func hexForms() {
        #expect(Color(hex: "#F80") == Color(r: 1, g: 0x88 / 255.0, b: 0))
        #expect(Color(hex: "#8799BC") == Color(r: 0x87 / 255.0, g: 0x99 / 255.0, b: 0xBC / 255.0))
        #expect(Color(hex: "#8799bc80") == Color(r: 0x87 / 255.0, g: 0x99 / 255.0, b: 0xBC / 255.0, a: 0x80 / 255.0))
    }

    @Test(arguments: ["", "#", "#12", "#1234", "#12345", "#1234567", "#GGGGGG", "123456", "#123456789"])
    func hexRejects(_ spec: String) {
        #expect(Color(hex: spec) == nil)
    }

    @Test func namedColorsFollowUIKit() {
        #expect(Color.named("gray") == Color(white: 0.5))
        #expect(Color.named("lightgray") == Color(white: 2.0 / 3.0))
        #expect(Color.named("darkgray") == Color(white: 1.0 / 3.0))
        #expect(Color.named("clear")?.a == 0)
        #expect(Color.named("Red") == Color(r: 1, g: 0, b: 0))
        #expect(Color.named("chartreuse") == nil)
    }

    @Test func premultipliedQuantisation() {
        let p = Color(r: 1, g: 0.5, b: 0, a: 0.5).premultiplied()
        #expect(p == PremultipliedColor(r: 128, g: 64, b: 0, a: 128))
        let q = Color(r: 1, g: 1, b: 1, a: 1).premultiplied(alpha: 0.25)
        #expect(q == PremultipliedColor(r: 64, g: 64, b: 64, a: 64))
    }

    @Test func componentsClamp() {
        let c = Color(r: -1, g: 2, b: .nan, a: 1.5)
        #expect(c == Color(r: 0, g: 1, b: 0, a: 1))
    }
}
