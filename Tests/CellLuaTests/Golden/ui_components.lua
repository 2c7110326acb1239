-- The kit's components on their own at scale 2: cell backgrounds at every
-- position (stacked as a section would, then with custom colors, radius,
-- stroke and line width, and at a fractional frame), the bevel with its
-- 1 pt and one-pixel offsets, and the rounded overlay over a pattern.
local c = cell.canvas(300, 220, { scale = 2, background = "#C5CCD4" })
local ui = cell.ui
ui.cell_background(c, 10, 10, 120, 40, { position = "single" })
ui.cell_background(c, 10, 60, 120, 40, { position = "top" })
ui.cell_background(c, 10, 100, 120, 40, { position = "middle" })
ui.cell_background(c, 10, 140, 120, 40, { position = "bottom" })
ui.cell_background(c, 150, 10, 140, 40, { colors = { "#058CF5", "#015EE6" }, radius = 16, stroke = "#003070", line_width = 2 })
ui.cell_background(c, 150.3, 60.6, 139.5, 33.3, { position = "top", radius = 6 })
ui.bevel(c, 150, 110, 60, 40, 8, "white")
ui.bevel(c, 225, 110, 60, 40, 8, "#FFEEDD", { offset = "pixel" })
c:with(function(c)
  for i = 0, 13 do
    c:set_fill(i % 2 == 0 and "#FF9500" or "#FFCC00")
    c:fill_rect(150 + i * 10, 165, 10, 45)
  end
end)
ui.rounded_overlay(c, 150, 165, 140, 45, 12, "#2D4A6D")
return c
