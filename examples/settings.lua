-- settings.lua: an iOS 6 Settings screen with nothing drawn by hand but the
-- icons: row images, the kit's switch, value1 rows, a badge, disclosures, a
-- checkmark, section titles and a footer, on bevelled sections under a
-- navigation-bar header.
--   celllua examples/settings.lua
--   celllua examples/settings.lua -D style=gradient
--   celllua examples/settings.lua -D theme=dark
local style = cell.param("style", "bevel")
local theme = cell.param("theme", "ios6")

-- A Settings icon: a rounded square lit from above, a white glyph of paths.
local function icon(top, bottom, glyph)
  return function(c, x, y, w, h)
    c:set_fill(cell.linear(cell.gradient { { 0, top }, { 1, bottom } }, 0, y, 0, y + h))
    c:fill(cell.path():rounded_rect(x, y, w, h, 6))
    c:set_fill("#FFFFFF")
    c:set_stroke("#FFFFFF")
    glyph(c, x + w / 2, y + h / 2)
  end
end

local glyphs = {
  plane = function(c, cx, cy)
    c:fill(cell.path():move_to(cx - 1.5, cy - 10):line_to(cx + 1.5, cy - 10):line_to(cx + 1.5, cy - 2)
      :line_to(cx + 10, cy + 3):line_to(cx + 10, cy + 5):line_to(cx + 1.5, cy + 2):line_to(cx + 1.5, cy + 7)
      :line_to(cx + 4, cy + 9):line_to(cx + 4, cy + 10):line_to(cx - 4, cy + 10):line_to(cx - 4, cy + 9)
      :line_to(cx - 1.5, cy + 7):line_to(cx - 1.5, cy + 2):line_to(cx - 10, cy + 5):line_to(cx - 10, cy + 3)
      :line_to(cx - 1.5, cy - 2):close())
  end,
  waves = function(c, cx, cy)
    c:set_line_width(2.2)
    c:set_line_cap("round")
    for i = 1, 3 do c:stroke(cell.path():arc(cx, cy + 6, i * 4.5, -math.pi * 3 / 4, -math.pi / 4)) end
    c:fill(cell.path():ellipse(cx - 1.8, cy + 4.2, 3.6, 3.6))
  end,
  bell = function(c, cx, cy)
    c:fill(cell.path():move_to(cx - 7, cy + 5):curve_to(cx - 5, cy + 2, cx - 6, cy - 8, cx, cy - 8)
      :curve_to(cx + 6, cy - 8, cx + 5, cy + 2, cx + 7, cy + 5):close())
    c:fill(cell.path():ellipse(cx - 2, cy + 5, 4, 4))
  end,
  sun = function(c, cx, cy)
    c:fill(cell.path():ellipse(cx - 4.5, cy - 4.5, 9, 9))
    c:set_line_width(2)
    c:set_line_cap("round")
    for k = 0, 7 do
      local a = k * math.pi / 4
      c:stroke(cell.path():move_to(cx + 7 * math.cos(a), cy + 7 * math.sin(a))
        :line_to(cx + 10 * math.cos(a), cy + 10 * math.sin(a)))
    end
  end,
  flower = function(c, cx, cy)
    for k = 0, 5 do
      local a = k * math.pi / 3
      c:fill(cell.path():ellipse(cx + 5 * math.cos(a) - 3.5, cy + 5 * math.sin(a) - 3.5, 7, 7))
    end
  end,
  gear = function(c, cx, cy)
    local p = cell.path()
    for k = 0, 7 do
      local a = k * math.pi / 4
      p:rect(cx + 8 * math.cos(a) - 2, cy + 8 * math.sin(a) - 2, 4, 4)
    end
    c:fill(p)
    c:fill(cell.path():ellipse(cx - 7, cy - 7, 14, 14):ellipse(cx - 3, cy - 3, 6, 6), "evenodd")
  end,
}

local t = cell.ui.table {
  width = 320, height = 2000, cell_style = style, theme = theme,
  header = { height = 44, colors = { "#B0BCCD", "#6D84A2" }, title = "Settings" },
  sections = {
    { rows = {
      { text = "Airplane Mode", image = icon("#F7B24A", "#E2780E", glyphs.plane), accessory = "switch", on = false },
      { text = "Wi-Fi", detail = "HomeNet", style = "value1", image = icon("#5C9DF6", "#1F5FD1", glyphs.waves),
        accessory = "disclosure" },
      { text = "Notifications", image = icon("#F0665E", "#C8261D", glyphs.bell), badge = 4, accessory = "disclosure" },
    } },
    { title = "Display", rows = {
      { text = "Brightness", image = icon("#5C9DF6", "#1F5FD1", glyphs.sun), accessory = "disclosure" },
      { text = "Wallpaper", image = icon("#B36BE0", "#7B2FB5", glyphs.flower), accessory = "disclosure",
        highlighted = true },
      { text = "General", detail = "iOS 6.1", style = "value1", image = icon("#A3A8B0", "#6C727C", glyphs.gear),
        accessory = "disclosure" },
    } },
    { title = "Text Size", footer = "Apps that support Dynamic Type will adjust to this size.", rows = {
      { text = "Small" }, { text = "Medium", accessory = "checkmark" }, { text = "Large" },
    } },
  },
}
local c = cell.canvas(320, t.content_height)
t:render(c)
return c
