-- draw_image: a PNG (another golden, read relative to this script) at its
-- size, scaled, rotated and translucent; a canvas drawn into another, scaled
-- up with bilinear filtering and down, and at its own size off the pixel
-- grid (its drawing done again there, not its pixels resampled).
local c = cell.canvas(240, 160, { scale = 1, background = "#FFFFFF" })
local img = cell.image("caps.png")
c:draw_image(img, 0, 0, 120, 120 * img.height / img.width)
local small = cell.canvas(8, 8, { scale = 1 })
small:set_fill("#007AFF")
small:fill_rect(0, 0, 4, 4)
small:fill_rect(4, 4, 4, 4)
small:set_fill("#FF3B3080")
small:fill(cell.path():ellipse(1, 1, 6, 6))
c:draw_image(small, 130, 10, 48, 48)
c:draw_image(small, 190.5, 10.25, 8, 8)
c:with(function(c)
  c:translate(200, 110)
  c:rotate(0.4)
  c:set_alpha(0.7)
  c:draw_image(small, -20, -20, 40, 40)
end)
c:set_blend("multiply")
c:draw_image(small, 130, 100, 40, 40)
return c
