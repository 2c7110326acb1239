-- blend.lua: separable and non-separable blend modes (see
-- Benchmarks/README.md). A backdrop of 12 opaque horizontal bands, then 300
-- ellipses and rounded rectangles (alpha 0.5-1), each with one of 15 modes:
-- multiply screen overlay soft_light hard_light darken lighten color_dodge
-- color_burn difference exclusion hue saturation color luminosity.
-- 320x480 points at scale 2.
--
-- Every number comes from a fixed LCG, not math.random, and the same scene is
-- drawn through cairo by Benchmarks/Sources/cellbench/BlendScene.swift, which
-- draws the same numbers in the same order: change the two together.
--
-- Run alone: celllua Benchmarks/scenes/blend.lua   (writes blend.png)

local W, H = 320, 480
local c = cell.canvas(W, H, { scale = 2, background = "#FFFFFF" })

local seed = 1357911
local function rnd() -- uniform in [0, 1)
  seed = (seed * 1664525 + 1013904223) & 0xFFFFFFFF
  return seed / 4294967296
end
local function range(lo, hi) return lo + (hi - lo) * rnd() end
local function pick(n) return math.floor(rnd() * n) end -- 0 .. n-1

local function color(alo, ahi)
  local r = rnd()
  local g = rnd()
  local b = rnd()
  local a = range(alo, ahi)
  return { r, g, b, a }
end

-- 1. the backdrop: opaque bands
for i = 0, 11 do
  c:set_fill(color(1, 1))
  c:fill_rect(0, i * H / 12, W, H / 12)
end

-- 2. shapes, each in a blend mode of its own
local modes = { "multiply", "screen", "overlay", "soft_light", "hard_light", "darken", "lighten",
  "color_dodge", "color_burn", "difference", "exclusion", "hue", "saturation", "color", "luminosity" }
for _ = 1, 300 do
  local mode = modes[pick(#modes) + 1]
  local kind = pick(2)
  local cx = range(-20, W + 20)
  local cy = range(-20, H + 20)
  local w = range(20, 120)
  local h = range(20, 100)
  local col = color(0.5, 1)
  c:set_blend(mode)
  c:set_fill(col)
  if kind == 0 then
    c:fill(cell.path():ellipse(cx - w / 2, cy - h / 2, w, h))
  else
    local r = math.min(range(2, 16), w / 2, h / 2)
    c:fill(cell.path():rounded_rect(cx - w / 2, cy - h / 2, w, h, r))
  end
end

return c
