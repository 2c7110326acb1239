-- layers.lua: transparency layers (see Benchmarks/README.md). A backdrop of
-- 32 opaque vertical stripes, then 20 cells, each clipped to its rectangle and
-- drawn in its own layer, as the table kit draws cells: a gradient rounded
-- rectangle, three dots, a badge knocked out with the `clear` blend mode (the
-- stripes show through), the layer ended at alpha 0.8.
-- 320x480 points at scale 2.
--
-- Every number comes from a fixed LCG, not math.random, and the same scene is
-- drawn through cairo by Benchmarks/Sources/cellbench/LayersScene.swift
-- (cairo_push_group / cairo_pop_group_to_source / cairo_paint_with_alpha),
-- which draws the same numbers in the same order: change the two together.
--
-- Run alone: celllua Benchmarks/scenes/layers.lua   (writes layers.png)

local W, H = 320, 480
local c = cell.canvas(W, H, { scale = 2, background = "#D8DCE2" })

local seed = 2468
local function rnd() -- uniform in [0, 1)
  seed = (seed * 1664525 + 1013904223) & 0xFFFFFFFF
  return seed / 4294967296
end
local function range(lo, hi) return lo + (hi - lo) * rnd() end

local function color(alo, ahi)
  local r = rnd()
  local g = rnd()
  local b = rnd()
  local a = range(alo, ahi)
  return { r, g, b, a }
end

-- 1. the backdrop: opaque stripes
for i = 0, 31 do
  c:set_fill(color(1, 1))
  c:fill_rect(i * 10, 0, 10, H)
end

-- 2. twenty cells, one layer each
for i = 0, 19 do
  local x, y, w, h = 10, 8 + i * 23.5, 300, 21
  local top = color(1, 1)
  local bottom = color(1, 1)
  local dot = color(0.6, 1)
  c:save()
  c:clip_rect(x, y, w, h)
  c:begin_layer({ alpha = 0.8 })
  c:set_fill(cell.linear(cell.gradient { { 0, top }, { 1, bottom } }, 0, y, 0, y + h))
  c:fill(cell.path():rounded_rect(x, y, w, h, 8))
  c:set_fill(dot)
  for k = 0, 2 do
    c:fill(cell.path():ellipse(x + 12 + k * 22, y + 4, 13, 13))
  end
  c:set_blend("clear")
  c:fill(cell.path():rounded_rect(x + w - 60, y + 4, 44, 13, 6.5))
  c:end_layer()
  c:restore()
end

return c
