-- A Mail inbox at scale 2 on an iPhone 5: black status bar, a back button, the
-- search bar half scrolled away, a plain table in multiple-selection editing
-- (checked rows tinted), three-line details, and a toolbar.
local rows = {}
for i, who in ipairs { "John Appleseed", "Kate Bell", "Anna Haro", "Daniel Higgins", "David Taylor" } do
  rows[i] = { text = who, detail = "Subject " .. i .. "\nThe message goes on for a while, long enough to wrap onto a second line.",
    detail_lines = 3, checked = i % 2 == 1 }
end
local s = cell.ui.screen {
  device = "iphone5", status_bar = { style = "black", battery = 0.4, signal = 3, wifi = 2 },
  navigation_bar = { title = "3 Selected", back = "Mailboxes", right = { title = "Cancel", style = "done" } },
  search_bar = { placeholder = "Search" }, scroll = 22,
  table = { style = "plain", editing = "multi", sections = { { rows = rows } } },
  toolbar = { items = { { title = "Delete", style = "done" }, "flexible", { title = "Move" } } },
}
local c = cell.canvas(s.width, s.height, { scale = 2 })
s:render(c)
return c
