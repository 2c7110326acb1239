-- Arcs with CGPathAddArc's meaning: increasing angle by default (clockwise
-- on the y-down screen), `clockwise = true` decreasing; across 0 and 2π;
-- sweeps of 2π and more are full circles; the badge's two-arc pill.
local c = cell.canvas(240, 130, {scale = 2, background = "white"})
c:set_line_width(3)
local pi = math.pi
local cases = {
  {0, pi / 2, false}, {0, pi / 2, true}, {-pi / 4, pi / 4, false}, {7 * pi / 4, pi / 4, false},
  {pi / 4, -pi / 4, true}, {0, 2 * pi, false}, {0, 5 * pi, false}, {pi / 2, 3 * pi / 2, true},
}
for i, a in ipairs(cases) do
  local x = 30 + ((i - 1) % 4) * 58
  local y = 30 + math.floor((i - 1) / 4) * 55
  c:set_stroke("#2D4A6D")
  c:stroke(cell.path():arc(x, y, 20, a[1], a[2], a[3]))
  -- a dot at the start angle
  c:set_fill("#CC3333")
  c:fill(cell.path():ellipse(x + 20 * math.cos(a[1]) - 3, y + 20 * math.sin(a[1]) - 3, 6, 6))
end
-- a line into an arc: the arc joins the current point
c:set_stroke({0, 0.5, 0.2})
c:stroke(cell.path():move_to(5, 125):arc(60, 118, 8, pi, 0, false))
-- the badge pill from two arcs (badge-view-cell)
local x, y, w, h = 120, 110, 50, 18
local pill = cell.path()
pill:arc(x + w - h / 2, y + h / 2, h / 2, pi / 2, 3 * pi / 2, true)
pill:arc(x + h / 2, y + h / 2, h / 2, 3 * pi / 2, pi / 2, true)
c:set_fill(cell.rgb(0.53, 0.6, 0.738))
c:fill(pill)
return c
