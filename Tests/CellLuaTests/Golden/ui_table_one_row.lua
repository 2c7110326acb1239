-- A grouped table with one row: a single cell, all four corners rounded,
-- 20 pt of section spacing above and below it (no labels: text lands later).
local c = cell.canvas(200, 84, { scale = 2 })
cell.ui.table{ width = 200, height = 84, sections = { { rows = { {} } } } }:render(c)
return c
