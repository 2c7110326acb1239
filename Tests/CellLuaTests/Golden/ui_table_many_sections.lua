-- Forty sections of 1 to 3 short rows at scale 1, with tighter metrics
-- (24 pt rows, 6 pt spacing, 6 pt radius, 4 pt insets), scrolled 800 pt
-- down a 2,142 pt table: its 160 x 600 frame shows sections from the middle,
-- the first and last ones it shows cut by the frame's edges.
local c = cell.canvas(160, 600, { scale = 1 })
local sections = {}
for s = 1, 40 do
  local rows = {}
  for i = 1, (s - 1) % 3 + 1 do rows[i] = {} end
  sections[s] = { rows = rows }
end
local t = cell.ui.table{ width = 160, height = 600, row_height = 24, section_spacing = 6, radius = 6, inset = 4,
                         content_offset = 800, sections = sections }
assert(t.content_height == 2142, t.content_height)
t:render(c)
return c
