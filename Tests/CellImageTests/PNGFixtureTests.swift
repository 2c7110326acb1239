import CellImage
import Foundation
import Testing

/// Every PNG color type and bit depth decodes to the straight RGBA8 values
/// an independent encoder (scripts/make-png-fixtures, pure Python) says the
/// file holds: gray 1/2/4/8/16, gray+alpha 8/16, RGB 8/16, RGBA 8/16, Adam7
/// interlacing, palettes of 1/2/4/8 bits with tRNS alpha, gray and RGB color
/// keys. Exact: 16-bit samples are scaled with rounding (png_set_scale_16),
/// which the sidecars compute the same way.
@Suite struct PNGFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
    }()

    @Test func everyKindIsThere() {
        #expect(Self.names.count == 19)
    }

    @Test(arguments: names)
    func decodes(_ name: String) throws {
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.directory)/\(name).png")))
        let json = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: "\(Self.directory)/\(name).json"))) as! [String: Any]
        let expected = (json["rgba"] as! [Int]).map(UInt8.init)
        let image = try PNGCodec.decodeStraight(png)
        #expect(image.width == json["width"] as! Int)
        #expect(image.height == json["height"] as! Int)
        #expect(image.rgba == expected, "\(name)")
    }
}
