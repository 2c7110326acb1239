-- text.lua: about 1,900 glyphs of UI text (a title, then 28 rows of a bold
-- label, a line of words and a number), set with cell.font and c:text:
-- HarfBuzz shaping, kerning, glyph outlines filled by the rasterizer.
-- 320x480 points at scale 2.
--
-- Every number comes from a fixed LCG, not math.random, and the same scene is
-- drawn through cairo by Benchmarks/Sources/cellbench/TextScene.swift (the
-- same words, shaped the same way, glyphs drawn by cairo's FreeType backend):
-- change the two together.
--
-- Run alone: celllua Benchmarks/scenes/text.lua   (writes text.png)

local W, H = 320, 480
local c = cell.canvas(W, H, { scale = 2, background = "#FFFFFF" })

local seed = 90210
local function rnd() -- uniform in [0, 1)
  seed = (seed * 1664525 + 1013904223) & 0xFFFFFFFF
  return seed / 4294967296
end
local function pick(n) return math.floor(rnd() * n) end

local words = {
  "grouped", "table", "view", "cell", "badge", "detail", "summary", "gradient", "bevel", "layer",
  "shadow", "pixel", "Helvetica", "kerning", "AVATAR", "Wavy", "Tokyo", "inbox", "drafts", "archive",
  "unread", "message", "from", "about", "the", "of", "with", "and", "row", "section",
}
local big = cell.font("Helvetica-Bold", 24)
local title = cell.font("Helvetica-Bold", 13)
local body = cell.font("Helvetica", 12)

c:set_fill("#2D4A6D")
c:text("Text: shaped, kerned, filled", 10, 6, { font = big })
local y = 40
for i = 1, 28 do
  c:set_fill("#000000")
  c:text("Item " .. i, 10, y, { font = title })
  local parts = {}
  for k = 1, 4 + pick(5) do parts[k] = words[pick(#words) + 1] end
  c:set_fill("#555555")
  c:text(table.concat(parts, " "), 70, y + 0.5, { font = body })
  c:set_fill("#8799BC")
  c:text(tostring(pick(1000)), 290, y, { font = title })
  y = y + 15.5
end
return c
