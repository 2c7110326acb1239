import CLua
import CellGeometry
import CellRaster

/// `draw_image(img_or_canvas, x, y [, w, h])`: an Image at its size in
/// points (its pixels over its scale), or a Canvas at its point size (`Canvas.draw(_:in:)`, the
/// engine's CGLayer), unless `w, h` are given.
extension CanvasBinding {
    static let imageMethods: [(String, HostFunction)] = [("draw_image", drawImage)]

    static let drawImage: HostFunction = { L in
        canvasCall(L) { lua, canvas in
            let image = lua.testObject(2, type: ImageBinding.tag, as: ImageBox.self)
            let layer = lua.testObject(2, type: CanvasBinding.tag, as: Canvas.self)
            var size: (Double, Double)
            if let image {
                size = (image.width, image.height)
            } else if let layer {
                size = (layer.width, layer.height)
            } else {
                throw lua.typeError(2, expected: "Image or Canvas")
            }
            let x = try lua.number(3), y = try lua.number(4)
            if !lua.isNoneOrNil(5) || !lua.isNoneOrNil(6) {
                size = (try lua.nonNegative(5, "width"), try lua.nonNegative(6, "height"))
            }
            let rect = Rect(x: x, y: y, width: size.0, height: size.1)
            // A canvas is drawn as a layer: copied pixel for pixel where it
            // lands on whole device pixels at its own pixel size.
            if let layer { canvas.draw(layer, in: rect) } else if let image { canvas.drawImage(image.buffer, in: rect) }
        }
    }
}
