-- The bevel cell style: each grouped section drawn as the iOS 5 bevel (white
-- fill, 1 pt bevel below, inner shadow, translucent copy stroke through
-- which the background shows), rows separated by light lines, one
-- highlighted row in a section of three, at scale 2.
local c = cell.canvas(200, 344, { scale = 2 })
cell.ui.table{
  width = 200, height = 344, cell_style = "bevel",
  sections = {
    { rows = { {} } },
    { rows = { {}, { highlighted = true }, {} } },
    { rows = { {}, {} } },
  },
}:render(c)
return c
