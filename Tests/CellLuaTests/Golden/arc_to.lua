-- arc_to (CGPathAddArcToPoint): rounded corners of several angles and radii,
-- a radius larger than the legs allow, collinear points (a straight line),
-- zero radius (a sharp corner), coincident points; and the gradient-cell
-- seed's rounded top cell outline.
local c = cell.canvas(240, 140, {scale = 2, background = "white"})
c:set_stroke("#2D4A6D")
c:set_line_width(2)
local function corner(x, y, x1, y1, x2, y2, r)
  c:stroke(cell.path():move_to(x, y):arc_to(x1, y1, x2, y2, r):line_to(x2, y2))
end
corner(10, 60, 10, 10, 60, 10, 15)     -- right angle
corner(70, 60, 90, 10, 110, 60, 10)    -- acute
corner(120, 30, 150, 10, 190, 12, 40)  -- obtuse, large radius
corner(200, 60, 230, 10, 235, 60, 200) -- radius far larger than the legs
corner(10, 80, 40, 80, 80, 80, 10)     -- collinear: a straight line
corner(90, 120, 90, 80, 130, 80, 0)    -- zero radius: a sharp corner
corner(140, 80, 140, 80, 180, 120, 10) -- current point equals the corner
-- the gradient cell seed, position "top": miny unchanged, 10 pt radius
local minx, miny, maxx, maxy = 150.5, 95.5, 235.5, 135.5
local midx = (minx + maxx) / 2
local p = cell.path():move_to(minx, maxy)
p:arc_to(minx, miny, midx, miny, 10):arc_to(maxx, miny, maxx, maxy, 10)
p:line_to(maxx, maxy):line_to(minx, maxy):close()
c:set_fill("#DDDDDD")
c:set_stroke("gray")
c:set_line_width(1)
c:fill_stroke(p)
return c
