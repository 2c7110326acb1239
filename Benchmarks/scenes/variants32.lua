-- variants32.lua: 32 variants of a mid-sized scene, for timing
-- `celllua --all-variants` (one fresh Lua state per variant, all cores)
-- against rendering the variants one by one (scripts/bench).
variants = {}
for i = 1, 32 do
  variants["v" .. i] = { hue = i / 32, count = 150 + i }
end

local hue = cell.param("hue", 0.5)
local count = cell.param("count", 150)
local c = cell.canvas(320, 480, { background = "#FFFFFF" })
local seed = 12345
local function rnd()
  seed = (seed * 1664525 + 1013904223) & 0xFFFFFFFF
  return seed / 4294967296
end
for _ = 1, count do
  c:set_fill({ hue, rnd(), 1 - hue, 0.6 })
  c:fill(cell.path():rounded_rect(rnd() * 300, rnd() * 460, 10 + rnd() * 60, 10 + rnd() * 40, 6))
  c:set_stroke({ 0, 0, 0, 0.5 })
  c:stroke(cell.path():ellipse(rnd() * 300, rnd() * 460, 10 + rnd() * 30, 10 + rnd() * 30))
end
return c
