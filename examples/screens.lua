-- screens.lua: whole iOS 6 screens from cell.ui.screen, no hand-drawn chrome:
-- Settings, a Mail inbox (as it is, one row swiped, in editing mode) and a
-- Contacts card, each in the ios6 and the dark theme.
--   celllua examples/screens.lua                          Settings
--   celllua examples/screens.lua --variant mail_edit      one variant
--   celllua examples/screens.lua --all-variants --sheet   all of them on one sheet
variants = {}
for _, screen in ipairs { "settings", "mail", "mail_swipe", "mail_edit", "contact" } do
  variants[screen] = { screen = screen, theme = "ios6" }
  variants[screen .. "_dark"] = { screen = screen, theme = "dark" }
end
local which = cell.param("screen", "settings")
local theme = cell.param("theme", "ios6")
local ui = cell.ui
local status = { style = theme == "dark" and "black" or "default" }

-- A Settings icon: a rounded square in `color` with a white glyph drawn by `glyph`.
local function icon(color, glyph)
  return function(c, x, y, w, h)
    c:set_fill(color)
    c:fill(cell.path():rounded_rect(x, y, w, h, 6))
    c:set_fill("#FFFFFF")
    c:set_stroke("#FFFFFF")
    glyph(c, x + w / 2, y + h / 2)
  end
end
local dot = function(c, cx, cy) c:fill(cell.path():ellipse(cx - 6, cy - 6, 12, 12)) end
local bar = function(c, cx, cy) c:fill_rect(cx - 7, cy - 2, 14, 4) end
local ring = function(c, cx, cy) c:set_line_width(2.5) c:stroke(cell.path():ellipse(cx - 7, cy - 7, 14, 14)) end

local function settings()
  return ui.screen {
    theme = theme, status_bar = status,
    navigation_bar = { title = "Settings" },
    table = { background = "pinstripes", sections = {
      { rows = {
        { text = "Airplane Mode", image = icon("#F7A53B", bar), accessory = "switch" },
        { text = "Wi-Fi", detail = "HomeNet", style = "value1", image = icon("#2D8CF0", ring), accessory = "disclosure" },
        { text = "Bluetooth", detail = "On", style = "value1", image = icon("#2D8CF0", dot), accessory = "disclosure" },
        { text = "Carrier", detail = "Carrier", style = "value1", image = icon("#65C466", bar), accessory = "disclosure" },
      } },
      { rows = {
        { text = "Notifications", image = icon("#E4473C", dot), accessory = "disclosure" },
        { text = "General", image = icon("#8E8E93", ring), accessory = "disclosure", badge = 1 },
        { text = "Sounds", image = icon("#E4473C", ring), accessory = "disclosure" },
        { text = "Brightness & Wallpaper", image = icon("#2D8CF0", dot), accessory = "disclosure" },
      } },
    } },
  }
end

-- The inbox: sender, subject and two lines of the message; a time in blue at
-- the top right and a blue dot before unread mail, drawn by each row.
local mail = {
  { "John Appleseed", "Lunch on Friday?", "Are we still on for Friday? I booked the place by the river, the one with the terrace.", "9:41 AM", true },
  { "Kate Bell", "Quarterly numbers", "The spreadsheet is attached. Two rows still need a check before the meeting.", "9:12 AM", true },
  { "Anna Haro", "Photos from the trip", "Here are the best ones. The sunset over the bay came out really well, I think.", "Yesterday", false },
  { "Daniel Higgins", "Re: The new office", "Sounds good to me. Let's look at the floor plan together on Monday morning.", "Tuesday", false },
}
local function inbox(mode)
  local rows = {}
  for i, m in ipairs(mail) do
    rows[i] = { text = m[1], detail = m[2] .. "\n" .. m[3], detail_lines = 3, height = 88, indent = 2,
      delete_button = mode == "swipe" and i == 2, checked = mode == "edit" and i <= 2,
      draw = function(c, w, h, r, state)
        c:set_fill(state.highlighted and "#FFFFFF" or (theme == "dark" and "#7FA8E0" or "#2F6FD6"))
        if m[5] and not state.editing then c:fill(cell.path():ellipse(10, 16, 10, 10)) end
        if mode ~= "swipe" or i ~= 2 then c:text_in_rect(m[4], w - 90, 11, 80, 18, { font = cell.font("Helvetica", 14), align = "right" }) end
      end }
  end
  return ui.screen {
    theme = theme, status_bar = status,
    navigation_bar = { title = mode == "edit" and "2 Selected" or "Inbox (2)", back = mode ~= "edit" and "Mailboxes" or nil,
      right = { title = mode == "edit" and "Cancel" or "Edit", style = mode == "edit" and "done" or "bordered" } },
    search_bar = { placeholder = "Search" }, scroll = 44,
    table = { style = "plain", editing = mode == "edit" and "multi" or false, sections = { { rows = rows } } },
    toolbar = { items = mode == "edit" and { { title = "Delete", style = "done" }, "flexible", { title = "Move" } }
      or { "flexible", { title = "Updated Just Now", style = "plain" }, "flexible" } },
  }
end

local function contact()
  return ui.screen {
    theme = theme, status_bar = status,
    navigation_bar = { title = "Info", back = "All Contacts", right = { title = "Edit" } },
    table = { background = "pinstripes", sections = {
      { header_view = { height = 96, draw = function(c, w, h)
          c:set_fill("#FFFFFF")
          c:fill(cell.path():rounded_rect(10, 16, 64, 64, 5))
          c:set_fill("#9AA5B4")
          c:fill(cell.path():ellipse(28, 26, 28, 30))
          c:fill(cell.path():rounded_rect(18, 58, 48, 22, 10))
          c:set_fill(theme == "dark" and "#F2F2F5" or "#000000")
          c:text("Kate Bell", 88, 28, { font = cell.font("Helvetica-Bold", 20) })
          c:set_fill(theme == "dark" and "#A0A4AC" or "#4C566C")
          c:text("Creative Consulting", 88, 54, { font = cell.font("Helvetica", 15) })
        end },
        rows = {
          { style = "value2", text = "mobile", detail = "(555) 564-8583" },
          { style = "value2", text = "main", detail = "(415) 555-3695" },
        } },
      { rows = { { style = "value2", text = "home", detail = "kate-bell@mac.com" } } },
      { rows = { { style = "value2", text = "work", detail = "165 Davis Street\nHillsborough CA 94010\nUSA", detail_lines = 0 } } },
      { rows = { { text = "Send Message", align = "center", text_color = theme == "dark" and "#7FA8E0" or "#385487" } } },
    } },
  }
end

local screen = which == "settings" and settings() or which == "contact" and contact()
  or inbox(which == "mail_swipe" and "swipe" or which == "mail_edit" and "edit" or "normal")
local c = cell.canvas(screen.width, screen.height, { scale = 2 })
screen:render(c)
return c
