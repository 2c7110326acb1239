-- settings.lua: an iOS 5 Settings-style screen: bevelled grouped sections,
-- disclosure chevrons, a checkmark, detail values, section titles and a
-- footer, a custom-drawn row (a switch), under a navigation-bar header.
--   celllua examples/settings.lua
--   celllua examples/settings.lua -D style=gradient
local style = cell.param("style", "bevel")

-- A UISwitch of the era, drawn in the cell: on = blue track, white knob.
local function switch(on)
  return function(c, w, h)
    local x, y = w - 94 - 10, (h - 27) / 2
    local track = cell.path():rounded_rect(x, y, 94, 27, 13.5)
    c:set_fill(on and cell.linear(cell.gradient { { 0, "#1C6FD9" }, { 1, "#5AA2F5" } }, 0, y, 0, y + 27) or "#EEEEEE")
    c:fill(track)
    c:set_stroke("#8A8A8A")
    c:set_line_width(1)
    c:stroke(cell.path():rounded_rect(x + 0.5, y + 0.5, 93, 26, 13))
    local kx = on and x + 94 - 27 or x
    c:set_shadow(0, 1, 2)
    c:set_fill(cell.linear(cell.gradient { { 0, "#FFFFFF" }, { 1, "#D8D8D8" } }, 0, y, 0, y + 27))
    c:fill(cell.path():ellipse(kx, y, 27, 27))
  end
end

local c = cell.canvas(320, 570)
cell.ui.table {
  width = 320, height = 570, cell_style = style, background = "#D8DCE2",
  header = { height = 44, colors = { "#B0BCCD", "#6D84A2" }, title = "Settings" },
  sections = {
    { rows = {
      { text = "Airplane Mode", draw = switch(false) },
      { text = "Wi-Fi", detail = "celllua-5G", accessory = "disclosure" },
      { text = "Notifications", badge = 4, accessory = "disclosure" },
    } },
    { title = "Display", rows = {
      { text = "Brightness", accessory = "disclosure" },
      { text = "Wallpaper", accessory = "disclosure", highlighted = true },
    } },
    { title = "Text Size", footer = "Apps that support Dynamic Type will adjust to this size.", rows = {
      { text = "Small" }, { text = "Medium", accessory = "checkmark" }, { text = "Large" },
    } },
  },
}:render(c)
return c
