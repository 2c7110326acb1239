-- two_tone.lua: PRPTwoToneTableView. The same
-- table three times: at rest, pulled down 80 pt past its top (the top
-- stretcher carries the header's dark color up, instead of the light table
-- background showing), and pushed up past its bottom (the bottom stretcher
-- fills the gap below the content).
--   celllua examples/two_tone.lua
local W, H = 200, 250

local function spec(offset)
  return {
    width = W, height = H, content_offset = offset,
    top_color = "#2D4A6D", bottom_color = "#8A96A3",
    header = { height = 44, colors = { "#6D84A2", "#2D4A6D" }, title = "Pull" },
    sections = {
      { rows = { { text = "One" }, { text = "Two" }, { text = "Three" } } },
      { rows = { { text = "Four" } } },
    },
  }
end

local c = cell.canvas(3 * W + 40, H + 20, { background = "#1C1C1E" })
for i, offset in ipairs({ 0, -80, 110 }) do
  local s = spec(offset)
  s.x, s.y = 10 + (i - 1) * (W + 10), 10
  cell.ui.table(s):render(c)
end
return c
