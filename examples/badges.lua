-- badges.lua: a grouped table of mailboxes with DDBadgeViewCell badges:
-- summary and detail on the left, the unread count
-- in a pill on the right with its digits knocked out, so the cell's
-- gradient shows through them. Highlighted rows turn blue with white text
-- and a white badge, as the seed's highlighted state.
--   celllua examples/badges.lua
--   celllua examples/badges.lua -D badge_color=#D23C3C -D selected=3
local badge_color = cell.param("badge_color", "#8799BC")
local selected = cell.param("selected", 2)

local mailboxes = {
  { "Inbox", "From: Matt Coneybeare", 12 },
  { "Drafts", "Re: grouped table views", 3 },
  { "Sent", "The bevel, pixel by pixel", 128 },
  { "Archive", "Everything since 2009", 1024 },
}
local rows = {}
for i, m in ipairs(mailboxes) do
  rows[i] = { text = m[1], detail = m[2], badge = m[3], highlighted = i == selected }
end

local c = cell.canvas(320, 400)
local t = cell.ui.table {
  width = 320, height = 400,
  badge_color = badge_color,
  header = { height = 44, colors = { "#6D84A2", "#2D4A6D" }, title = "Mailboxes" },
  sections = {
    { title = "Accounts", rows = rows },
    { footer = "Badges count unread messages.",
      rows = { { text = "VIP", detail = "2 people", badge = 7, accessory = "disclosure" } } },
  },
}
t:render(c)
return c
