-- Sections of 1, 2, 3 and 4 rows: every cell position (single; top and
-- bottom; top, middle and bottom; two middles). Top and single cells round
-- their top corners, bottom and single cells their bottom ones; each row's
-- bottom stroke is the separator (middle and bottom cells draw their top
-- line 1 pt above the view, clipped away).
local c = cell.canvas(200, 400, { scale = 2 })
local sections = {}
for n = 1, 4 do
  local rows = {}
  for i = 1, n do rows[i] = {} end
  sections[n] = { rows = rows }
end
cell.ui.table{ width = 200, height = 400, row_height = 30, sections = sections }:render(c)
return c
