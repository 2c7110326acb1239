-- reference.lua: the reference scene (Benchmarks/README.md), built with the
-- table kit (cell.ui). A full-length export of a grouped table pulled down
-- 60 pt: background #C5CCD4, the 60 pt top stretcher #4A5A6A, a 44 pt header
-- with a vertical gradient #6D84A2 -> #2D4A6D, then sections of 5 rows
-- (44 pt, inset 10 pt, 20 pt apart, the first from y = 124 pt), each row a
-- gradient cell background by position (#FFFFFF -> #DDDDDD, radius 10, gray
-- 1 pt stroke), a bold 18 pt summary, a 14 pt detail and a badge whose number
-- (bold 13 pt) is knocked out of the badge's layer; each section on the iOS 5
-- bevel (1 pt offsets); the rounded-corner overlay (radius 10, black) over the
-- whole canvas.
--
-- Parameters: rows (a multiple of 5; default 20, the reference scene) and scale
-- (pixels per point; default 2). The canvas grows with the rows: 320 pt wide,
-- 60 + 44 + 240 per section + 16 pt tall (1080 pt for 20 rows, 640x2160 px at
-- scale 2).
--
-- The kit's cell styles are "gradient" (gradient cells, no bevel) or "bevel"
-- (a bevel, no gradient cells); this scene has both, so it draws each
-- section's bevel with ui.bevel first and then renders the table over it with
-- a transparent table background (the canvas' own background is the
-- #C5CCD4). The knocked-out digits show the cell's gradient beneath the
-- badge.
--
-- The same scene is drawn through cairo by
-- Benchmarks/Sources/cellbench/ReferenceScene.swift, with the same strings and
-- the same badge numbers: change the two together.
--
-- Run alone: celllua Benchmarks/scenes/reference.lua   (writes reference.png)
--            celllua Benchmarks/scenes/reference.lua -D rows=200 -D scale=1

local rows = math.tointeger(cell.param("rows", 20))
local scale = cell.param("scale", 2)
assert(rows and rows >= 5 and rows % 5 == 0, "rows must be a positive multiple of 5")

local names = { "Inbox", "Drafts", "Sent", "Archive", "Flagged", "Travel", "Receipts" }
local details = {
  "From: Matt Coneybeare", "Re: grouped table views", "The bevel, pixel by pixel",
  "Everything since 2009", "Badges count unread mail",
}

local W = 320
local nsections = rows // 5
local H = 60 + 44 + nsections * 240 + 16
local c = cell.canvas(W, H, { scale = scale, background = "#C5CCD4" })

local sections = {}
for s = 1, nsections do
  local list = {}
  for r = 1, 5 do
    local i = (s - 1) * 5 + r -- 1-based row number over the whole table
    list[r] = {
      text = names[(i - 1) % #names + 1],
      detail = details[(i - 1) % #details + 1],
      badge = (i * i * 37 + i * 11) % 999 + 1,
    }
  end
  sections[s] = { rows = list }
end

local t = cell.ui.table {
  width = W, height = H, content_offset = -60,
  background = "#00000000", -- the canvas' #C5CCD4 shows, with the bevels drawn on it below
  top_color = "#4A5A6A",
  header = { height = 44, colors = { "#6D84A2", "#2D4A6D" } },
  cell_style = "gradient",
  corner_overlay = { radius = 10, color = "black" },
  sections = sections,
}

-- Each section's bevel, beneath its cells.
for s = 1, nsections do
  local x, y, w = t:row_rect(s, 1)
  local _, y5, _, h5 = t:row_rect(s, 5)
  cell.ui.bevel(c, x, y, w, y5 + h5 - y, 10, "#FFFFFF")
end

t:render(c)
return c
