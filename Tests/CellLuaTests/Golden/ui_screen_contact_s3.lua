-- A Contacts card at scale 3 in the dark theme: a header view of its own
-- height, value2 rows (the address over three lines), a row swiped to show
-- its Delete button, and a table-wide editing section's controls.
local s = cell.ui.screen {
  theme = "dark",
  navigation_bar = { title = "Info", back = "All Contacts", right = { title = "Edit" } },
  table = { sections = {
    { header_view = { height = 60, draw = function(c, w, h)
        c:set_fill("#9AA5B4") c:fill(cell.path():rounded_rect(10, 10, 44, 44, 5)) end },
      rows = {
        { style = "value2", text = "mobile", detail = "(555) 564-8583" },
        { style = "value2", text = "work", detail = "165 Davis Street\nHillsborough CA 94010\nUSA", detail_lines = 0 },
        { style = "value2", text = "notes", detail = "Met at the conference", delete_button = true },
      } },
    { rows = { { text = "Send Message", align = "center" }, { text = "Share Contact", align = "center", highlighted = true } } },
  } },
}
local c = cell.canvas(s.width, s.height, { scale = 3 })
s:render(c)
return c
