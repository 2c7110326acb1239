-- The rounded-corner overlay (radius 12, #222222) over a grouped table with
-- a gradient header, on a white canvas larger than the table's frame (10,
-- 10, 180 x 220): only the frame's four corners are painted, and the table
-- (its last section cut by the frame's bottom) shows through the middle.
local c = cell.canvas(200, 240, { scale = 2, background = "white" })
cell.ui.table{
  x = 10, y = 10, width = 180, height = 220,
  header = { height = 44, colors = { "#6D84A2", "#2D4A6D" } },
  corner_overlay = { radius = 12, color = "#222222" },
  sections = { { rows = { {}, {} } }, { rows = { {}, {} } } },
}:render(c)
return c
