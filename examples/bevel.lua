-- bevel.lua: the iOS 5 grouped-section bevel, its
-- four layers in the seed's order, drawn under a few sections and a
-- header-style box. Offsets are 1 pt, as the seed's Core Graphics code
-- works in points.
--   celllua examples/bevel.lua
--   celllua examples/bevel.lua -D fill=#F7F7F7 --scale 3
local fill = cell.param("fill", "#FFFFFF")
local c = cell.canvas(320, 314, { background = "#D8DCE2" })

local bevel_steps

local function rounded(x, y, w, h, r)
  return cell.path():rounded_rect(x, y, w, h, r)
end

-- The seed's four steps for a rounded rect (x, y, w, h, radius), in a layer
-- of their own, as a UIView has its own backing store: the `copy` stroke then
-- replaces the layer's pixels, and the background shows through it when the
-- layer is composited.
local function bevel(c, x, y, w, h, radius, color)
  c:layer(function(c) bevel_steps(c, x, y, w, h, radius, color) end)
end

bevel_steps = function(c, x, y, w, h, radius, color)
  local shape = rounded(x, y, w, h, radius)
  -- 1. The bevel: white at 80%, the shape stretched 1 pt taller so it pokes
  --    out below (two half-ellipse ends and a rectangle, as the seed does).
  c:with(function(c)
    c:set_fill(cell.rgb(1, 1, 1, 0.8))
    c:fill(rounded(x, y, w, h + 1, radius))
  end)
  -- 2. The fill.
  c:set_fill(color)
  c:fill(shape)
  -- 3. The inner shadow: black at 8%, the band between the shape and the
  --    shape 1 pt lower, by even-odd, inside the shape.
  c:with(function(c)
    c:clip(shape)
    local band = rounded(x, y, w, h, radius):add_path(rounded(x, y + 1, w, h, radius))
    c:set_fill(cell.rgb(0, 0, 0, 0.08))
    c:eofill(band)
  end)
  -- 4. The outer stroke: the shape's own outline, black at 18% with `copy`,
  --    replacing what it covers so the background shows through it.
  c:with(function(c)
    c:set_blend("copy")
    c:set_stroke(cell.rgb(0, 0, 0, 0.18))
    c:set_line_width(1)
    c:stroke(shape)
  end)
end

-- A header box, then two grouped sections (one row, three rows).
bevel(c, 10, 14, 300, 70, 10, fill)
bevel(c, 10, 104, 300, 44, 10, fill)
bevel(c, 10, 168, 300, 3 * 44, 10, fill)
c:set_stroke(cell.rgb(0.8, 0.8, 0.8))
c:set_line_width(1)
for i = 1, 2 do
  local y = 168 + i * 44 - 0.5
  c:stroke(cell.path():move_to(10, y):line_to(310, y))
end
return c
