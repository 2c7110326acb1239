-- rounded_corners.lua: a table embedded in a larger view, its corners
-- rounded by an overlay that paints the
-- surrounding color outside a rounded rectangle (even-odd), instead of
-- clipping the table. Touches pass through the overlay: hit_test finds the
-- row under a point in a corner.
--   celllua examples/rounded_corners.lua
local c = cell.canvas(320, 300, { background = "#2B2B2B" })
local t = cell.ui.table {
  x = 20, y = 20, width = 280, height = 260, style = "plain",
  corner_overlay = { radius = 12, color = "#2B2B2B" },
  sections = {
    { title = "Today", rows = { { text = "Buy shallots" }, { text = "Prep the stock", highlighted = true },
      { text = "Reduce the sauce" } } },
    { title = "Tomorrow", rows = { { text = "Plate" }, { text = "Serve" } } },
  },
}
t:render(c)
print("the top-left corner hits section, row", t:hit_test(22, 43))
return c
