-- cells.lua: every cell style, accessory and editing control of the table
-- kit, in one grouped table; a variant per built-in theme.
--   celllua examples/cells.lua                       the iOS 6 look
--   celllua examples/cells.lua --variant dark        writes cells-dark.png
--   celllua examples/cells.lua --all-variants --sheet
--   celllua examples/cells.lua -D style=plain          the plain table style
variants = {
  ios6 = { theme = "ios6" },
  dark = { theme = "dark", bar_top = "#4A4E57", bar_bottom = "#22252A" },
}
local theme = cell.param("theme", "ios6", {choices = {"ios6", "dark"}, label = "Theme"})
local bar_top = cell.param("bar_top", cell.color("#B0BCCD"), {label = "Bar top"})
local bar_bottom = cell.param("bar_bottom", cell.color("#6D84A2"), {label = "Bar bottom"})

-- Icons for the image slot: a rounded square in a color with a white glyph
-- drawn from paths, as the Settings icons of the era.
local function icon(top, bottom, glyph)
  return function(c, x, y, w, h)
    c:set_fill(cell.linear(cell.gradient { { 0, top }, { 1, bottom } }, 0, y, 0, y + h))
    c:fill(cell.path():rounded_rect(x, y, w, h, 6))
    c:set_fill("#FFFFFF")
    glyph(c, x + w / 2, y + h / 2)
  end
end
local function plane(c, cx, cy)
  c:fill(cell.path():move_to(cx - 1.5, cy - 10):line_to(cx + 1.5, cy - 10):line_to(cx + 1.5, cy - 2)
    :line_to(cx + 10, cy + 3):line_to(cx + 10, cy + 5):line_to(cx + 1.5, cy + 2):line_to(cx + 1.5, cy + 7)
    :line_to(cx + 4, cy + 9):line_to(cx + 4, cy + 10):line_to(cx - 4, cy + 10):line_to(cx - 4, cy + 9)
    :line_to(cx - 1.5, cy + 7):line_to(cx - 1.5, cy + 2):line_to(cx - 10, cy + 5):line_to(cx - 10, cy + 3)
    :line_to(cx - 1.5, cy - 2):close())
end
local function waves(c, cx, cy)
  c:set_line_width(2.2)
  c:set_line_cap("round")
  c:set_stroke("#FFFFFF")
  for i = 1, 3 do
    c:stroke(cell.path():arc(cx, cy + 6, i * 4.5, -math.pi * 3 / 4, -math.pi / 4))
  end
  c:fill(cell.path():ellipse(cx - 1.8, cy + 4.2, 3.6, 3.6))
end
local function bell(c, cx, cy)
  c:fill(cell.path():move_to(cx - 7, cy + 5):curve_to(cx - 5, cy + 2, cx - 6, cy - 8, cx, cy - 8)
    :curve_to(cx + 6, cy - 8, cx + 5, cy + 2, cx + 7, cy + 5):close())
  c:fill(cell.path():ellipse(cx - 2, cy + 5, 4, 4))
end

local t = cell.ui.table {
  width = 320, height = 2000, theme = theme, style = cell.param("style", "grouped", {choices = {"grouped", "plain"}, label = "Table style"}),
  header = { height = 44, colors = { bar_top, bar_bottom }, title = "Cells" },
  sections = {
    { title = "Styles", rows = {
      { text = "Default" },
      { text = "Subtitle", detail = "A second line, in gray" },
      { text = "Value 1", detail = "Detail", style = "value1" },
      { text = "Value 2", detail = "Detail after a label", style = "value2" },
      { text = "A long label that cannot fit", detail = "and a long value", style = "value1" },
    } },
    { title = "Images", rows = {
      { text = "Airplane Mode", image = icon("#F7B24A", "#E2780E", plane), accessory = "switch", on = false },
      { text = "Wi-Fi", detail = "HomeNet", style = "value1", image = icon("#5C9DF6", "#1F5FD1", waves), accessory = "disclosure" },
      { text = "Notifications", image = icon("#F0665E", "#C8261D", bell), badge = 4, accessory = "disclosure" },
    } },
    { title = "Accessories", rows = {
      { text = "Disclosure", accessory = "disclosure" },
      { text = "Detail disclosure", accessory = "detail_disclosure" },
      { text = "Detail", accessory = "detail" },
      { text = "Checkmark", accessory = "checkmark" },
      { text = "Switch", accessory = "switch", on = true },
      { text = "Highlighted", accessory = "disclosure", badge = 12, highlighted = true },
    } },
    { title = "Editing", footer = "Rows indent past the editing control; the grip reorders.", rows = {
      { text = "Delete", editing = "delete", reorder = true },
      { text = "Insert", editing = "insert", reorder = true },
      { text = "Indented twice", indent = 2, detail = "indent = 2", style = "value1" },
    } },
  },
}
-- The canvas is as tall as the table's content.
local c = cell.canvas(320, t.content_height)
t:render(c)
return c
