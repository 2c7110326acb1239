-- variants.lua: one drawing, several looks. `cell.param` reads a value set by
-- `-D name=value` or by the variant being rendered; the default decides its type.
--   celllua examples/variants.lua                     the defaults
--   celllua examples/variants.lua -D badge=#CC3333     one value changed
--   celllua examples/variants.lua --variant dark       writes variants-dark.png
--   celllua examples/variants.lua --all-variants       one file per variant
variants = {
  light = { background = "#C5CCD4", cell = "#FFFFFF", badge = "#8799BC" },
  dark = { background = "#1C1C1E", cell = "#2C2C2E", badge = "#0A84FF", separator = "#3A3A3C" },
  alert = { badge = "#CC3333", rows = 2 },
}

local background = cell.param("background", cell.color("#C5CCD4"))
local fill = cell.param("cell", cell.color("#FFFFFF"))
local badge = cell.param("badge", cell.color("#8799BC"))
local separator = cell.param("separator", cell.color("#C8C7CC"))
local rows = cell.param("rows", 3)

local W, ROW = 320, 44
local c = cell.canvas(W, 20 + rows * ROW + 20, { background = background })

-- a grouped section: rounded card, separators, a pill badge per row
c:set_fill(fill)
c:fill(cell.path():rounded_rect(10, 20, W - 20, rows * ROW, 10))
c:set_fill(separator)
for i = 1, rows - 1 do
  c:fill_rect(10, 20 + i * ROW - 0.5, W - 20, 0.5)
end
for i = 0, rows - 1 do
  local cy = 20 + i * ROW + ROW / 2
  local w, h = 24 + 8 * i, 20
  local x = W - 20 - w
  local pill = cell.path()
  pill:arc(x + w - h / 2, cy, h / 2, math.pi / 2, 3 * math.pi / 2, true)
  pill:arc(x + h / 2, cy, h / 2, 3 * math.pi / 2, math.pi / 2, true)
  c:set_fill(badge)
  c:fill(pill)
  -- a placeholder bar where the row's text goes
  c:set_fill({ 0.5, 0.5, 0.5, 0.35 })
  c:fill(cell.path():rounded_rect(24, cy - 5, 120 - 12 * i, 10, 5))
end
return c
