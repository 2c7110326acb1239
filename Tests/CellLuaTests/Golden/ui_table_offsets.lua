-- Four two-tone tables side by side (74 x 240 frames at x = 0, 82, 164,
-- 246), top stretcher #4A5A6A, bottom stretcher #8E2A2A:
-- 1. two rows, pulled down 60 pt: the top stretcher fills the 60 pt above
--    the content and, the content being short, the bottom one the rest;
-- 2. pulled down 5000 pt: the frame shows only the top stretcher;
-- 3. five rows (260 pt of content), scrolled 100 pt: the content ends 80 pt
--    above the frame's bottom, and the bottom stretcher fills those 80 pt;
-- 4. scrolled 5000 pt past the end: only the bottom stretcher.
local c = cell.canvas(320, 240, { scale = 2, background = "white" })
local function two_tone(x, offset, rows)
  local list = {}
  for i = 1, rows do list[i] = {} end
  cell.ui.table{
    x = x, width = 74, height = 240, content_offset = offset,
    top_color = "#4A5A6A", bottom_color = "#8E2A2A",
    sections = { { rows = list } },
  }:render(c)
end
two_tone(0, -60, 2)
two_tone(82, -5000, 2)
two_tone(164, 100, 5)
two_tone(246, 5000, 2)
return c
