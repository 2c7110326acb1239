-- A plain table: full-width white rows with light separators, a highlighted
-- row, accessories, a 22 pt-tall row, scrolled up 10 pt so the first row is
-- cut at the top; the white background shows below the content.
local c = cell.canvas(200, 240, { scale = 2 })
cell.ui.table{
  style = "plain", width = 200, height = 240, content_offset = 10,
  sections = {
    { rows = { {}, { highlighted = true, accessory = "disclosure" }, { accessory = "checkmark" } } },
    { rows = { { height = 22 }, {} } },
  },
}:render(c)
return c
