-- 1 pt lines at scale 1, on and off pixel boundaries: at scale 1 a line
-- centred on an integer coordinate covers two rows at 50% (as in Core
-- Graphics), one centred on a half coordinate is crisp; width 0 is one
-- device pixel whatever the scale.
local c = cell.canvas(60, 40, {scale = 1, background = "white"})
c:set_stroke("black")
local y = 5
for _, offset in ipairs({0, 0.5, 0.25, 1 / 3}) do
  c:stroke(cell.path():move_to(5, y + offset):line_to(55, y + offset))
  c:stroke(cell.path():move_to(5 + y + offset, 25):line_to(5 + y + offset, 38))
  y = y + 5
end
c:set_line_width(0)
c:stroke(cell.path():move_to(30, 30):line_to(55, 36))
c:set_line_width(1)
c:stroke_rect(40.5, 24.5, 10, 4)
return c
