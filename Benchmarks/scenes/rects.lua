-- rects.lua: 2000 translucent axis-aligned rectangle fills at fractional
-- coordinates (a fast-path candidate; see Benchmarks/README.md).
-- 320x480 points at scale 2.
--
-- Every number comes from a fixed LCG, not math.random, and the same scene is
-- drawn through cairo by Benchmarks/Sources/cellbench/RectsScene.swift, which
-- draws the same numbers in the same order: change the two together.
--
-- Run alone: celllua Benchmarks/scenes/rects.lua   (writes rects.png)

local W, H = 320, 480
local c = cell.canvas(W, H, { scale = 2, background = "#FFFFFF" })

local seed = 7151
local function rnd() -- uniform in [0, 1)
  seed = (seed * 1664525 + 1013904223) & 0xFFFFFFFF
  return seed / 4294967296
end
local function range(lo, hi) return lo + (hi - lo) * rnd() end

for _ = 1, 2000 do
  local x = range(-20, W)
  local y = range(-20, H)
  local w = range(4, 120)
  local h = range(4, 90)
  local r = rnd()
  local g = rnd()
  local b = rnd()
  local a = range(0.2, 0.8)
  c:set_fill({ r, g, b, a })
  c:fill_rect(x, y, w, h)
end

return c
