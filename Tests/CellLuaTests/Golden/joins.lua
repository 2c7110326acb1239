-- Joins: miter, round, bevel on a zigzag, on a sharp corner (about 10.5
-- degrees: its miter would be 10.9 widths long, past the default limit of
-- 10, so even "miter" draws a bevel there) and on a closed triangle.
local c = cell.canvas(240, 150, {scale = 1, background = "white"})
c:set_line_width(10)
c:set_stroke("#2D4A6D")
local joins = {"miter", "round", "bevel"}
for i, join in ipairs(joins) do
  local x = 15 + (i - 1) * 78
  c:set_line_join(join)
  c:stroke(cell.path():move_to(x, 60):line_to(x + 20, 15):line_to(x + 40, 60):line_to(x + 60, 20))
  -- the sharp corner and a closed triangle
  c:stroke(cell.path():move_to(x, 130):line_to(x + 60, 124.5):line_to(x, 119))
  c:stroke(cell.path():move_to(x + 10, 100):line_to(x + 50, 100):line_to(x + 30, 75):close())
end
-- the same corner with the miter limit raised to 20 keeps its point
c:set_line_join("miter")
c:set_miter_limit(20)
c:set_line_width(3)
c:set_stroke("#CC3333")
c:stroke(cell.path():move_to(170, 147):line_to(230, 141.5):line_to(170, 136))
return c
