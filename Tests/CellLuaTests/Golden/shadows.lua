-- Shadows: UIKit offsets (points, y down, not transformed), blur, color,
-- on fills, strokes, text-like small shapes, rotated shapes, and layers.
local c = cell.canvas(240, 160, { scale = 2, background = "#F2F2F7" })
c:set_fill("#FFFFFF")
c:set_shadow(0, 2, 4)
c:fill(cell.path():rounded_rect(10, 10, 60, 40, 8))
c:set_shadow(4, 4, 0, "#FF000080")
c:fill(cell.path():rounded_rect(90, 10, 60, 40, 8))
c:set_shadow(-3, -3, 10, "#007AFF")
c:fill(cell.path():ellipse(170, 10, 50, 50))
-- a stroke with a shadow
c:set_shadow(0, 3, 2)
c:set_stroke("#34C759")
c:set_line_width(4)
c:stroke(cell.path():move_to(15, 80):curve_to(40, 60, 60, 110, 80, 80))
-- rotated: the offset stays down the page
c:with(function(c)
  c:translate(125, 90)
  c:rotate(0.8)
  c:scale(1.5)
  c:set_shadow(0, 6, 3)
  c:set_fill("#FF9500")
  c:fill_rect(-12, -12, 24, 24)
end)
-- a layer casts one shadow for its whole content
c:set_shadow(2, 4, 6, "#00000080")
c:layer(function(c)
  c:set_fill("#5856D6")
  c:fill(cell.path():ellipse(165, 75, 40, 40))
  c:fill(cell.path():ellipse(190, 95, 40, 40))
end)
c:set_shadow(nil)
-- a shape below the canvas casts a shadow up onto it
c:set_shadow(0, -12, 4)
c:fill_rect(20, 165, 80, 20)
return c
