-- Fills: both rules on a self-intersecting star, nested subpaths, curves.
local c = cell.canvas(200, 100, {scale = 1, background = "white"})
local function star(cx, cy, r)
  local p = cell.path()
  for i = 0, 4 do
    local a = -math.pi / 2 + i * 4 * math.pi / 5
    p:line_to(cx + r * math.cos(a), cy + r * math.sin(a))
  end
  return p:close()
end
c:set_fill("#2D4A6D")
c:fill(star(30, 35, 28))
c:fill(star(95, 35, 28), "evenodd")
-- a square with a same-direction hole (nonzero keeps it filled) and an
-- opposite-direction hole (nonzero leaves it open)
local same = cell.path():rect(135, 8, 55, 55):rect(150, 23, 25, 25)
c:set_fill({0.8, 0.2, 0.2, 0.8})
c:fill(same)
local opposite = cell.path():rect(140, 70, 50, 25)
opposite:move_to(150, 75):line_to(150, 90):line_to(180, 90):line_to(180, 75):close()
c:fill(opposite)
-- curves: quad and cubic, an ellipse, a rounded rect
c:set_fill("#6D84A2")
c:fill(cell.path():move_to(5, 95):quad_to(30, 50, 55, 95):close())
c:fill(cell.path():move_to(60, 95):curve_to(60, 60, 120, 100, 120, 70):line_to(120, 95):close())
c:set_fill({0, 0.6, 0.3, 0.6})
c:fill(cell.path():ellipse(60, 62, 40, 25))
c:eofill(cell.path():rounded_rect(100, 70, 35, 25, 8):ellipse(108, 75, 18, 14))
return c
