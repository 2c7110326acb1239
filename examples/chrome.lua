-- chrome.lua: the iOS 6 bars and controls around a table, stacked by hand
-- with the heights each cell.ui function returns: status bar, navigation
-- bar with a back button, search bar with scopes, segmented control,
-- rounded-rect buttons, a tinted and a black navigation bar, a toolbar and
-- a tab bar with badges. Icons are small canvases drawn with paths, used as
-- template images (only their alpha counts).
--   celllua examples/chrome.lua
--   celllua examples/chrome.lua -D theme=dark
local theme = cell.param("theme", "ios6")
local ui = cell.ui

-- A template icon: `draw(c)` in black on a transparent s x s canvas at scale 2.
local function icon(s, draw)
  local c = cell.canvas(s, s, { scale = 2 })
  c:set_fill("#000000")
  c:set_stroke("#000000")
  draw(c)
  return c
end

local star = icon(30, function(c)
  local p = cell.path()
  for k = 0, 9 do
    local r = (k % 2 == 0) and 13.5 or 5.5
    local a = -math.pi / 2 + k * math.pi / 5
    if k == 0 then p:move_to(15 + r * math.cos(a), 16 + r * math.sin(a))
    else p:line_to(15 + r * math.cos(a), 16 + r * math.sin(a)) end
  end
  c:fill(p:close())
end)
local clock = icon(30, function(c)
  c:eofill(cell.path():ellipse(2, 2, 26, 26):ellipse(5.5, 5.5, 19, 19))
  c:fill_rect(13.8, 7.5, 2.4, 8.5)
  c:fill_rect(13.8, 13.6, 7.5, 2.4)
end)
local person = icon(30, function(c)
  c:fill(cell.path():ellipse(9, 1, 12, 14))
  c:fill(cell.path():move_to(2, 29):curve_to(2, 18, 8, 15.5, 15, 15.5):curve_to(22, 15.5, 28, 18, 28, 29):close())
end)
local keypad = icon(30, function(c)
  for row = 0, 3 do
    for col = 0, 2 do
      if row < 3 or col == 1 then c:fill(cell.path():ellipse(3 + col * 9, 1 + row * 7.2, 6, 6)) end
    end
  end
end)
local voicemail = icon(30, function(c)
  c:set_line_width(3.5)
  c:stroke(cell.path():ellipse(1.5, 9, 11, 11):ellipse(17.5, 9, 11, 11))
  c:fill_rect(7, 18.25, 16, 3.5)
end)
local refresh = icon(24, function(c)
  c:set_line_width(3)
  c:stroke(cell.path():arc(12, 13, 8, -math.pi * 0.35, math.pi * 1.35))
  c:fill(cell.path():move_to(13, 0.5):line_to(21, 5.5):line_to(13, 10.5):close())
end)
local compose = icon(24, function(c)
  c:set_line_width(2)
  c:stroke(cell.path():move_to(12, 4):line_to(3, 4):line_to(3, 21):line_to(20, 21):line_to(20, 12))
  c:fill(cell.path():move_to(20, 1):line_to(23, 4):line_to(12, 15):line_to(8, 16):line_to(9, 12):close())
end)

local W, H = 320, 480
local c = cell.canvas(W, H, { scale = 2, background = ui.themes[theme].background })
local y = 0
y = y + ui.status_bar(c, 0, y, W, { theme = theme, style = theme == "dark" and "black" or "default" })
y = y + ui.navigation_bar(c, 0, y, W, {
  theme = theme, title = "Inbox", back = "Mailboxes", right = { title = "Edit" },
})
y = y + ui.search_bar(c, 0, y, W, {
  theme = theme, placeholder = "Search Inbox", scopes = { "From", "To", "Subject", "All" }, scope = 4,
})
y = y + 10
y = y + ui.segmented(c, 9, y, W - 18, { theme = theme, items = { "Standard", "Satellite", "Hybrid" } }) + 9
ui.button(c, 9, y, 146, 37, { theme = theme, title = "Reply" })
y = y + ui.button(c, 165, y, 146, 37, { theme = theme, title = "Forward", highlighted = true }) + 10
y = y + ui.navigation_bar(c, 0, y, W, {
  theme = theme, tint = "#3A6E2A", title = "Tinted Bar", left = { title = "Cancel" },
  right = { title = "Save", style = "done" },
})
local top = y
y = y + ui.navigation_bar(c, 0, y, W, { theme = theme, style = "black", right = { image = compose, style = "plain" } })
ui.segmented(c, 60, top + 7, 200, { theme = theme, style = "bar", tint = "#2A2A2A", items = { "List", "Day", "Month" }, selected = 2 })

y = H - 49 - 44
ui.toolbar(c, 0, y, W, {
  theme = theme,
  items = { { image = refresh, style = "plain" }, "flexible", { title = "Move" }, "fixed:8",
            { title = "Delete", style = "done" }, "flexible", { image = compose, style = "plain" } },
})
ui.tab_bar(c, 0, H - 49, W, {
  theme = theme, selected = 2,
  items = {
    { title = "Favorites", image = star }, { title = "Recents", image = clock, badge = 2 },
    { title = "Contacts", image = person }, { title = "Keypad", image = keypad },
    { title = "Voicemail", image = voicemail, badge = 12 },
  },
})
return c
