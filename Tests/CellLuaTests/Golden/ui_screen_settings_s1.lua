-- A whole screen at scale 1: status bar, navigation bar with a prompt and a
-- done button, a pinstriped grouped table with a switch, value1 rows, a
-- two-line footer and a centred button row, and a tab bar with a badge.
local function square(color)
  return function(c, x, y, w, h) c:set_fill(color) c:fill(cell.path():rounded_rect(x, y, w, h, 6)) end
end
local s = cell.ui.screen {
  navigation_bar = { title = "Settings", prompt = "Set up your phone", right = { title = "Done", style = "done" } },
  table = { background = "pinstripes", sections = {
    { rows = {
      { text = "Airplane Mode", image = square("#F7A53B"), accessory = "switch" },
      { text = "Wi-Fi", detail = "HomeNet", style = "value1", image = square("#2D8CF0"), accessory = "disclosure" },
    }, footer = "Networks you join appear here, and the phone joins them again by itself." },
    { rows = { { text = "Reset All Settings", align = "center", background = "#D03020", text_color = "#FFFFFF" } } },
  } },
  tab_bar = { items = { { title = "Favorites" }, { title = "Recents", badge = 3 }, { title = "Contacts" } }, selected = 2 },
}
local c = cell.canvas(s.width, s.height, { scale = 1 })
s:render(c)
return c
