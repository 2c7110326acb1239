-- paths.lua: the path-heavy benchmark scene (see Benchmarks/README.md).
--
-- 470 translucent filled shapes (polygons of 3-8 vertices, ellipses, rounded
-- rectangles, cubic-curve blobs), 4 even-odd fills (pentagrams and rings),
-- 30 fills inside a rounded-rectangle clip and 300 stroked polylines/curves
-- (width 1-4, round joins and caps). 320x480 points at scale 2.
--
-- Every number comes from a fixed LCG, not math.random, and the same scene is
-- drawn through cairo by Benchmarks/Sources/cellbench/PathsScene.swift, which
-- draws the same numbers in the same order: change the two together.
--
-- Run alone: celllua Benchmarks/scenes/paths.lua   (writes paths.png)

local W, H = 320, 480
local c = cell.canvas(W, H, { scale = 2, background = "#F2EFE8" })

local seed = 20240601
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

local pi = math.pi

local function polygon(p, cx, cy, radius)
  local n = 3 + pick(6) -- 3..8 vertices
  local a0 = range(0, 2 * pi)
  for i = 0, n - 1 do
    local a = a0 + 2 * pi * i / n
    local r = radius * range(0.5, 1)
    local x = cx + r * math.cos(a)
    local y = cy + r * math.sin(a)
    if i == 0 then p:move_to(x, y) else p:line_to(x, y) end
  end
  p:close()
end

local function ellipse(p, cx, cy)
  local w = range(8, 70)
  local h = range(8, 70)
  p:ellipse(cx - w / 2, cy - h / 2, w, h)
end

local function rounded_rect(p, cx, cy)
  local w = range(16, 110)
  local h = range(12, 80)
  local r = math.min(range(2, 16), w / 2, h / 2)
  p:rounded_rect(cx - w / 2, cy - h / 2, w, h, r)
end

-- A closed Catmull-Rom curve through 5-7 points around (cx, cy), as cubics.
local function blob(p, cx, cy, radius)
  local n = 5 + pick(3)
  local xs, ys = {}, {}
  for i = 1, n do
    local a = 2 * pi * (i - 1) / n
    local r = radius * range(0.55, 1)
    xs[i] = cx + r * math.cos(a)
    ys[i] = cy + r * math.sin(a)
  end
  p:move_to(xs[1], ys[1])
  for i = 1, n do
    local h = (i - 2) % n + 1 -- previous
    local j = i % n + 1       -- next
    local k = (i + 1) % n + 1 -- the one after
    p:curve_to(xs[i] + (xs[j] - xs[h]) / 6, ys[i] + (ys[j] - ys[h]) / 6,
               xs[j] - (xs[k] - xs[i]) / 6, ys[j] - (ys[k] - ys[i]) / 6,
               xs[j], ys[j])
  end
  p:close()
end

local function shape(p, kind, cx, cy)
  if kind == 0 then
    polygon(p, cx, cy, range(8, 48))
  elseif kind == 1 then
    ellipse(p, cx, cy)
  elseif kind == 2 then
    rounded_rect(p, cx, cy)
  else
    blob(p, cx, cy, range(10, 50))
  end
end

-- 1. translucent filled shapes all over the canvas
for _ = 1, 470 do
  local kind = pick(4)
  local cx = range(-20, W + 20)
  local cy = range(-20, H + 20)
  local p = cell.path()
  shape(p, kind, cx, cy)
  c:set_fill(color(0.25, 0.8))
  c:fill(p)
end

-- 2. even-odd fills: pentagrams (hollow centre) and rings (two circles)
for i = 1, 4 do
  local cx = range(40, W - 40)
  local cy = range(40, H - 40)
  local radius = range(30, 60)
  local p = cell.path()
  if i % 2 == 1 then
    for v = 0, 4 do
      local a = -pi / 2 + 4 * pi * v / 5
      local x = cx + radius * math.cos(a)
      local y = cy + radius * math.sin(a)
      if v == 0 then p:move_to(x, y) else p:line_to(x, y) end
    end
    p:close()
  else
    local inner = radius * 0.6
    p:ellipse(cx - radius, cy - radius, 2 * radius, 2 * radius)
    p:ellipse(cx - inner, cy - inner, 2 * inner, 2 * inner)
  end
  c:set_fill(color(0.5, 0.9))
  c:fill(p, "evenodd")
end

-- 3. a group of fills inside a rounded-rectangle clip
c:save()
c:clip(cell.path():rounded_rect(40, 150, 240, 160, 24))
for _ = 1, 30 do
  local kind = pick(2)
  local cx = range(20, 300)
  local cy = range(130, 330)
  local p = cell.path()
  if kind == 0 then polygon(p, cx, cy, range(15, 50)) else ellipse(p, cx, cy) end
  c:set_fill(color(0.4, 0.9))
  c:fill(p)
end
c:restore()

-- 4. stroked open polylines and curves
c:set_line_join("round")
c:set_line_cap("round")
for _ = 1, 300 do
  local p = cell.path()
  local x = range(0, W)
  local y = range(0, H)
  p:move_to(x, y)
  local segments = 2 + pick(5) -- 2..6
  for _ = 1, segments do
    if rnd() < 0.5 then
      x = x + range(-40, 40)
      y = y + range(-40, 40)
      p:line_to(x, y)
    else
      local c1x = x + range(-30, 30)
      local c1y = y + range(-30, 30)
      local ex = x + range(-50, 50)
      local ey = y + range(-50, 50)
      local c2x = ex + range(-30, 30)
      local c2y = ey + range(-30, 30)
      p:curve_to(c1x, c1y, c2x, c2y, ex, ey)
      x, y = ex, ey
    end
  end
  c:set_line_width(range(1, 4))
  c:set_stroke(color(0.3, 0.9))
  c:stroke(p)
end

return c
