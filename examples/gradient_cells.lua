-- gradient_cells.lua: the gradient cell seed (UACellBackgroundView) ported
-- line for line to celllua's path API, drawn for the four positions of a
-- grouped section. Each cell is drawn as UIKit would: translated to its
-- frame and clipped to its bounds, which is what hides the top line of the
-- middle and bottom cells (their miny is -1).
-- The fill is the seed's CGGradient, #FFFFFF to #DDDDDD from miny to maxy,
-- drawn into the path's clip as CGContextDrawLinearGradient does.
--   celllua examples/gradient_cells.lua
local W, ROW = 320, 44
local c = cell.canvas(W, 20 + 3 * ROW + 20 + ROW + 20, { background = "#C5CCD4" })

-- The seed's drawRect: for a view of size w x h at `position`.
local gradient = cell.gradient { { 0, "#FFFFFF" }, { 1, "#DDDDDD" } } -- TABLE_CELL_BACKGROUND

local function cell_background(c, w, h, position)
  local margin = 10 -- kDefaultMargin
  local minx, midx, maxx = 0, w / 2, w
  local miny, midy, maxy = 0, h / 2, h
  miny = miny - 1
  local path = cell.path()
  if position == "top" then
    miny = miny + 1
    path:move_to(minx, maxy)
    path:arc_to(minx, miny, midx, miny, margin)
    path:arc_to(maxx, miny, maxx, maxy, margin)
    path:line_to(maxx, maxy)
    path:line_to(minx, maxy)
    path:close()
  elseif position == "bottom" then
    path:move_to(minx, miny)
    path:arc_to(minx, maxy, midx, maxy, margin)
    path:arc_to(maxx, maxy, maxx, miny, margin)
    path:line_to(maxx, miny)
    path:line_to(minx, miny)
    path:close()
  elseif position == "middle" then
    path:move_to(minx, miny)
    path:line_to(maxx, miny)
    path:line_to(maxx, maxy)
    path:line_to(minx, maxy)
    path:line_to(minx, miny)
    path:close()
  else -- single
    miny = miny + 1
    path:move_to(minx, midy)
    path:arc_to(minx, miny, midx, miny, margin)
    path:arc_to(maxx, miny, maxx, midy, margin)
    path:arc_to(maxx, maxy, midx, maxy, margin)
    path:arc_to(minx, maxy, minx, midy, margin)
    path:close()
  end
  c:set_stroke("gray")
  c:set_line_width(1)
  c:save()
  c:clip(path)
  c:draw_linear_gradient(gradient, minx, miny, minx, maxy)
  c:stroke(path)
  c:restore()
end

-- One grouped section of three rows and a single-row section, inset 10 pt.
local function draw_cell(x, y, w, h, position)
  c:with(function(c)
    c:translate(x, y)
    c:clip_rect(0, 0, w, h) -- UIKit clips drawRect: to the view's bounds
    cell_background(c, w, h, position)
  end)
end

local y = 20
for i, position in ipairs({ "top", "middle", "bottom" }) do
  draw_cell(10, y, W - 20, ROW, position)
  y = y + ROW
end
y = y + 20
draw_cell(10, y, W - 20, ROW, "single")
return c
