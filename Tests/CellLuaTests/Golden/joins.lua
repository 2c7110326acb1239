-- Joins: miter, round, bevel on a zigzag with a right angle, a sharp angle
-- (past the miter limit of 10, so the miter becomes a bevel) and a cusp.
local c = cell.canvas(240, 150, {scale = 1, background = "white"})
c:set_line_width(10)
c:set_stroke("#2D4A6D")
local joins = {"miter", "round", "bevel"}
for i, join in ipairs(joins) do
  local x = 15 + (i - 1) * 78
  c:set_line_join(join)
  c:stroke(cell.path():move_to(x, 60):line_to(x + 20, 15):line_to(x + 40, 60):line_to(x + 60, 20))
  -- a sharp 12-degree corner and a closed triangle
  c:stroke(cell.path():move_to(x, 130):line_to(x + 60, 120):line_to(x, 110))
  c:stroke(cell.path():move_to(x + 10, 100):line_to(x + 50, 100):line_to(x + 30, 75):close())
end
-- miter limit raised: the sharp corner keeps its point
c:set_line_join("miter")
c:set_miter_limit(20)
c:set_line_width(3)
c:set_stroke("#CC3333")
c:stroke(cell.path():move_to(170, 145):line_to(235, 138):line_to(170, 131))
return c
