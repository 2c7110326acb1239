-- gradients.lua: gradient paints (see Benchmarks/README.md). A full-canvas
-- linear draw as the background, 150 rounded rectangles each filled with its
-- own vertical linear gradient (2 or 3 stops, some translucent), and 6 radial
-- gradients with an off-centre focal point, each clipped to its end circle.
-- 320x480 points at scale 2.
--
-- Every number comes from a fixed LCG, not math.random, and the same scene is
-- drawn through cairo by Benchmarks/Sources/cellbench/GradientsScene.swift,
-- which draws the same numbers in the same order: change the two together.
--
-- Run alone: celllua Benchmarks/scenes/gradients.lua   (writes gradients.png)

local W, H = 320, 480
local c = cell.canvas(W, H, { scale = 2 })

local seed = 90210
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

-- 1. the background: a vertical ramp over the whole canvas
local top = color(1, 1)
local bottom = color(1, 1)
c:draw_linear_gradient(cell.gradient { { 0, top }, { 1, bottom } }, 0, 0, 0, H)

-- 2. rounded rectangles, each with its own gradient paint
for _ = 1, 150 do
  local x = range(-10, W - 40)
  local y = range(-10, H - 20)
  local w = range(30, 140)
  local h = range(16, 60)
  local r = math.min(range(3, 12), w / 2, h / 2)
  local n = 2 + pick(2) -- 2 or 3 stops
  local stops = {}
  for i = 1, n do
    local col = color(0.6, 1)
    stops[i] = { (i - 1) / (n - 1), col }
  end
  c:set_fill(cell.linear(cell.gradient(stops), x, y, x, y + h))
  c:fill(cell.path():rounded_rect(x, y, w, h, r))
end

-- 3. radial draws (CG style: they fill the clip), each clipped to its end circle
for _ = 1, 6 do
  local cx = range(50, W - 50)
  local cy = range(50, H - 50)
  local R = range(25, 60)
  local fx = cx + range(-0.5, 0.5) * R
  local fy = cy + range(-0.5, 0.5) * R
  local inner = color(1, 1)
  local outer = color(0.3, 0.8)
  c:save()
  c:clip(cell.path():ellipse(cx - R, cy - R, 2 * R, 2 * R))
  c:draw_radial_gradient(cell.gradient { { 0, inner }, { 1, outer } }, fx, fy, 0, cx, cy, R)
  c:restore()
end

return c
