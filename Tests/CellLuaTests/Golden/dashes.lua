-- Dashes: patterns, phases, odd-length patterns, dashes around a closed
-- rounded rect and a circle, round-capped dots from zero-length dashes.
local c = cell.canvas(200, 140, {scale = 2, background = "white"})
c:set_stroke("#2D4A6D")
c:set_line_width(3)
local y = 12
for _, d in ipairs({ {{10, 5}, 0}, {{10, 5}, 5}, {{10}, 0}, {{12, 3, 3, 3}, 0}, {{10, 5}, -3} }) do
  c:set_dash(d[1], d[2])
  c:stroke(cell.path():move_to(10, y):line_to(190, y))
  y = y + 12
end
c:set_dash({8, 4})
c:stroke(cell.path():rounded_rect(10, 72, 80, 55, 10))
c:set_line_cap("round")
c:set_line_width(4)
c:set_dash({0, 8})
c:set_stroke("#CC3333")
c:stroke(cell.path():ellipse(110, 72, 55, 55))
c:set_dash(nil)
c:set_line_width(1)
c:stroke(cell.path():move_to(175, 72):line_to(175, 127))
return c
