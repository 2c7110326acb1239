import CLua
import CellGeometry
import CellRaster

/// `draw_image(img_or_canvas, x, y [, w, h])`: an Image at its pixel size in
/// points, or a Canvas at its point size, unless `w, h` are given.
extension CanvasBinding {
    static let imageMethods: [(String, HostFunction)] = [("draw_image", drawImage)]

    static let drawImage: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let pixels: PixelBuffer
            var size: (Double, Double)
            if let image = lua.testObject(2, type: ImageBinding.typeName, as: ImageBox.self) {
                pixels = image.buffer
                size = (Double(pixels.width), Double(pixels.height))
            } else if let source = lua.testObject(2, type: CanvasBinding.typeName, as: Canvas.self) {
                pixels = source.buffer
                size = (source.width, source.height)
            } else {
                throw lua.typeError(2, expected: "Image or Canvas")
            }
            let x = try lua.number(3), y = try lua.number(4)
            if !lua.isNoneOrNil(5) || !lua.isNoneOrNil(6) {
                size = (try lua.nonNegative(5, "width"), try lua.nonNegative(6, "height"))
            }
            canvas.drawImage(pixels, in: Rect(x: x, y: y, width: size.0, height: size.1))
        }
    }
}
