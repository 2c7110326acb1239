-- Gradients: CG draws with and without extension, radial two-circle cases,
-- gradient paints on fills and strokes under a transform, alpha stops.
local c = cell.canvas(240, 180, { scale = 2, background = "#FFFFFF" })
local g = cell.gradient { { 0, "#FF3B30" }, { 0.5, "#FFCC0080" }, { 1, "#007AFF" } }
local function box(x, y, opts, draw)
  c:with(function(c)
    c:clip_rect(x, y, 50, 50)
    c:set_fill("#E0E0E0")
    c:fill_rect(x, y, 50, 50)
    draw(c, x, y)
  end)
end
-- linear: none, before, after, both
box(5, 5, nil, function(c, x, y) c:draw_linear_gradient(g, x + 15, y, x + 35, y) end)
box(65, 5, nil, function(c, x, y) c:draw_linear_gradient(g, x + 15, y, x + 35, y, { before = true }) end)
box(125, 5, nil, function(c, x, y) c:draw_linear_gradient(g, x + 15, y, x + 35, y, { after = true }) end)
box(185, 5, nil, function(c, x, y) c:draw_linear_gradient(g, x + 15, y + 15, x + 35, y + 35, { before = true, after = true }) end)
-- radial: concentric, focal inside, cone (circles outside each other), extended
box(5, 65, nil, function(c, x, y) c:draw_radial_gradient(g, x + 25, y + 25, 0, x + 25, y + 25, 22) end)
box(65, 65, nil, function(c, x, y) c:draw_radial_gradient(g, x + 15, y + 18, 2, x + 25, y + 25, 22, { after = true }) end)
box(125, 65, nil, function(c, x, y) c:draw_radial_gradient(g, x + 10, y + 25, 4, x + 38, y + 25, 10) end)
box(185, 65, nil, function(c, x, y) c:draw_radial_gradient(g, x + 10, y + 25, 4, x + 38, y + 25, 10, { before = true, after = true }) end)
-- paints: a linear fill under rotation, a radial stroke, alpha
c:with(function(c)
  c:translate(30, 150)
  c:rotate(-0.3)
  c:set_fill(cell.linear(g, -20, 0, 20, 0))
  c:fill(cell.path():rounded_rect(-22, -18, 44, 36, 8))
end)
c:set_stroke(cell.radial(g, 120, 150, 0, 120, 150, 28))
c:set_line_width(6)
c:stroke(cell.path():ellipse(95, 125, 50, 50))
c:set_alpha(0.5)
c:set_fill(cell.linear(g, 160, 0, 235, 0))
c:fill_rect(160, 125, 75, 50)
return c
