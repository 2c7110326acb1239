-- Transparency layers: a group at 50% alpha (no overlap showing through),
-- a knockout with clear inside a layer, nested layers with blend at the end,
-- copy inside a layer, a layer begun inside an offset clip.
local c = cell.canvas(240, 120, { scale = 2, background = "#C5CCD4" })
c:set_fill("#2D4A6D")
c:fill_rect(0, 60, 240, 60)
-- 1. group alpha: two overlapping discs, 50% as one
c:layer(function(c)
  c:set_fill("#FF3B30")
  c:fill(cell.path():ellipse(10, 10, 40, 40))
  c:set_fill("#007AFF")
  c:fill(cell.path():ellipse(30, 10, 40, 40))
end, { alpha = 0.5 })
-- 2. knockout: a pill with a clear hole; the backdrop shows through the hole
c:layer(function(c)
  c:set_fill("#8799BC")
  c:fill(cell.path():rounded_rect(85, 45, 60, 30, 15))
  c:set_blend("clear")
  c:fill(cell.path():ellipse(105, 50, 20, 20))
end)
-- 3. nested: inner multiply layer inside an outer layer at 0.7
c:begin_layer { alpha = 0.7 }
c:set_fill("#FFCC00")
c:fill_rect(160, 20, 60, 60)
c:begin_layer { blend = "multiply" }
c:set_fill("#34C759")
c:fill(cell.path():ellipse(175, 45, 50, 50))
c:end_layer()
c:end_layer()
-- 4. copy inside a layer inside an offset clip
c:with(function(c)
  c:clip_rect(12.5, 80, 50, 30)
  c:layer(function(c)
    c:set_fill("#FFFFFF")
    c:fill_rect(0, 0, 240, 120)
    c:set_blend("copy")
    c:set_fill(cell.rgb(1, 0, 0, 0.3))
    c:fill_rect(20, 85, 30, 20)
  end)
end)
return c
