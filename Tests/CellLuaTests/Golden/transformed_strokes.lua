-- Strokes under transforms: the pen is in user space, so a non-uniform
-- scale gives a line thicker one way than the other (as in Core Graphics);
-- rotation and a skew.
local c = cell.canvas(200, 120, {scale = 2, background = "white"})
c:set_stroke("#2D4A6D")
c:set_line_width(2)
c:with(function(c)
  c:translate(50, 60)
  c:scale(4, 1)
  c:stroke(cell.path():ellipse(-10, -40, 20, 80))
end)
c:with(function(c)
  c:translate(140, 60)
  c:rotate(math.pi / 6)
  c:concat(1, 0, 0.5, 1, 0, 0)
  c:set_line_join("round")
  c:set_line_width(5)
  c:stroke_rect(-30, -20, 60, 40)
end)
-- the current path is transformed as it is built: a segment added after
-- scale(2) lands twice as far
c:set_stroke("#CC3333")
c:set_line_width(1)
c:move_to(10, 110)
c:line_to(40, 110)
c:scale(2, 1)
c:line_to(40, 100)
c:stroke()
return c
