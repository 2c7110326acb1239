-- shapes.lua: a sampler of the drawing engine: fills and fill rules, joins,
-- caps, dashes, arcs, arc_to, clips and transforms.
--   celllua examples/shapes.lua
local c = cell.canvas(320, 360, { background = "white" })
local ink, accent, soft = "#2D4A6D", "#CC3333", "#6D84A2"

-- stars: nonzero and even-odd
local function star(cx, cy, r)
  local p = cell.path()
  for i = 0, 4 do
    local a = -math.pi / 2 + i * 4 * math.pi / 5
    p:line_to(cx + r * math.cos(a), cy + r * math.sin(a))
  end
  return p:close()
end
c:set_fill(soft)
c:fill(star(40, 45, 32))
c:fill(star(115, 45, 32), "evenodd")

-- an ellipse, a rounded rect, a cubic blob with a translucent overlap
c:set_fill({ 0.8, 0.2, 0.2, 0.6 })
c:fill(cell.path():ellipse(160, 15, 70, 50))
c:set_fill({ 0.2, 0.4, 0.8, 0.6 })
c:fill(cell.path():rounded_rect(200, 30, 100, 50, 14))

-- joins
c:set_line_width(9)
c:set_stroke(ink)
for i, join in ipairs({ "miter", "round", "bevel" }) do
  c:set_line_join(join)
  local x = 20 + (i - 1) * 100
  c:stroke(cell.path():move_to(x, 140):line_to(x + 30, 100):line_to(x + 60, 140))
end

-- caps, with the path's centre line over them
for i, cap in ipairs({ "butt", "round", "square" }) do
  local y = 165 + (i - 1) * 18
  c:set_line_cap(cap)
  c:set_line_width(10)
  c:set_stroke(soft)
  c:stroke(cell.path():move_to(30, y):line_to(140, y))
  c:set_line_width(1)
  c:set_stroke(accent)
  c:stroke(cell.path():move_to(30, y):line_to(140, y))
end
c:set_line_cap("butt")

-- dashes around a circle and a rounded rect
c:set_line_width(3)
c:set_stroke(ink)
c:set_dash({ 9, 4 })
c:stroke(cell.path():ellipse(170, 160, 60, 60))
c:set_dash({ 2, 3 }, 1)
c:stroke(cell.path():rounded_rect(245, 160, 60, 60, 12))
c:set_dash(nil)

-- arcs: CG's clockwise flag, and arc_to rounded corners
c:set_line_width(4)
c:set_stroke(accent)
c:stroke(cell.path():arc(50, 265, 25, 0, math.pi * 1.5, false))
c:set_stroke(soft)
c:stroke(cell.path():arc(50, 265, 15, 0, math.pi * 1.5, true))
c:set_stroke(ink)
c:set_line_width(3)
c:stroke(cell.path():move_to(100, 295):arc_to(100, 240, 160, 240, 20):arc_to(160, 295, 100, 295, 10):close())

-- clips: text-free "window" of stripes inside a circle, rotated
c:with(function(c)
  c:translate(240, 270)
  c:rotate(math.pi / 8)
  c:clip(cell.path():ellipse(-45, -45, 90, 90))
  for i = -8, 8 do
    c:set_fill(i % 2 == 0 and accent or "white")
    c:fill_rect(i * 8, -60, 8, 120)
  end
end)

-- a hairline grid at the bottom: 1 pt on half coordinates is crisp
c:set_line_width(1)
c:set_stroke("gray")
for x = 10.5, 310.5, 20 do
  c:stroke(cell.path():move_to(x, 320):line_to(x, 350))
end
return c
