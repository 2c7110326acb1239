-- type.lua: typography and path tools. Tracking and line height, OpenType
-- features (kerning off, tabular figures, ligatures), a variable font's weight
-- axis, text as a path (outlined, clipping a gradient), path booleans (a
-- boarding pass notched with difference, a union), and emoji in their colors.
--   celllua examples/type.lua
--   celllua examples/type.lua -D weight=800 -o type.svg
local weight = cell.param("weight", 650)
local W, H = 320, 700
local c = cell.canvas(W, H, { background = "#F7F7F9" })
local ink, gray = "#1C2733", "#7A8594"
local label = cell.font("Helvetica", 10)
local inter = cell.font("Inter", 17)

local function heading(text, y)
  c:text(text, 16, y, { font = cell.font("Helvetica-Bold", 10), color = gray, tracking = 1.2 })
  c:with(function(c)
    c:set_fill("#D5DAE0")
    c:fill_rect(16, y + 15, W - 32, 0.5)
  end)
  return y + 22
end

-- 1. tracking and line height
local y = heading("TRACKING AND LINE HEIGHT", 14)
for i, t in ipairs({ -0.5, 0, 2, 6 }) do
  c:text("SETTINGS", 16, y, { font = inter, color = ink, tracking = t })
  c:text(string.format("tracking %g", t), W - 16, y + 5, { font = label, color = gray, align = "right" })
  y = y + 22
end
c:text_in_rect("Line height 1.6x keeps a wrapped footer easy to read, as a grouped table's footer should be.",
  16, y + 2, 190, 70, { font = cell.font("Helvetica", 12), color = gray, wrap = true, line_height = "1.6x" })
c:text_in_rect("Line height 12 pt: tight, for a badge or a caption.",
  214, y + 2, 90, 70, { font = cell.font("Helvetica", 12), color = gray, wrap = true, line_height = 12 })
y = y + 78

-- 2. OpenType features
y = heading("FEATURES", y)
local rows = { { "1,111.11", {} }, { "1,111.11", { "tnum" } }, { "8,888.88", { "tnum" } } }
for _, r in ipairs(rows) do
  c:text(r[1], 16, y, { font = inter, color = ink, features = r[2] })
  c:text(#r[2] > 0 and "tnum: the digits line up" or "proportional digits", W - 16, y + 5,
    { font = label, color = gray, align = "right" })
  y = y + 22
end
c:text("AVATAR Wave", 16, y, { font = inter, color = ink })
c:text("kerning on", W - 16, y + 5, { font = label, color = gray, align = "right" })
y = y + 22
c:text("AVATAR Wave", 16, y, { font = inter, color = ink, features = { kern = false } })
c:text("kern = false", W - 16, y + 5, { font = label, color = gray, align = "right" })
y = y + 22
c:text("affluent", 16, y, { font = cell.font("DejaVu Sans", 15), color = ink })
c:text("affluent", 100, y, { font = cell.font("DejaVu Sans", 15), color = ink, features = { liga = false } })
c:text("liga on / off", W - 16, y + 5, { font = label, color = gray, align = "right" })
y = y + 30

-- 3. a variable weight
y = heading("VARIABLE WEIGHT (INTER, wght)", y)
local x = 16
for _, w in ipairs({ 100, 300, 400, weight, 900 }) do
  local f = cell.font("Inter", 22)
  c:text("Ag", x, y, { font = f, color = ink, variations = { wght = w } })
  c:text(tostring(w), x, y + 28, { font = label, color = gray })
  x = x + 58
end
y = y + 50

-- 4. text as a path: outlined, and clipping a gradient
y = heading("TEXT AS A PATH", y)
local big = cell.font("Helvetica-Bold", 44)
local outline = big:path("Mail", 16, y - 4)
c:with(function(c)
  c:set_stroke("#2D6AD6")
  c:set_line_width(1.5)
  c:set_line_join("round")
  c:stroke(outline)
end)
local filled = big:path("Inbox", 150, y - 4)
c:with(function(c)
  c:clip(filled)
  c:draw_linear_gradient(cell.gradient({ { 0, "#FF9500" }, { 0.5, "#FF2D55" }, { 1, "#5856D6" } }), 150, y, 300, y + 44)
end)
y = y + 56

-- 5. path booleans: a boarding pass and a union
y = heading("BOOLEANS", y)
local ticket = cell.path():rounded_rect(16, y, 180, 70, 8)
local notches = cell.path():ellipse(16 - 9, y + 26, 18, 18):ellipse(196 - 9, y + 26, 18, 18)
local pass = ticket:difference(notches)
c:with(function(c)
  c:set_shadow(0, 1, 3, "#00000033")
  c:set_fill("white")
  c:fill(pass)
end)
c:text("SFO → NRT", 30, y + 12, { font = cell.font("Helvetica-Bold", 15), color = ink })
c:text("Gate 54 · 10:45", 30, y + 38, { font = label, color = gray, features = { "tnum" } })
local a = cell.path():ellipse(214, y + 8, 54, 54)
local b = cell.path():rounded_rect(244, y + 22, 60, 40, 6)
c:with(function(c)
  c:set_fill("#34C759")
  c:fill(a:union(b))
  c:set_fill("#FFFFFF")
  c:fill(a:intersection(b))
end)
y = y + 86

-- 6. emoji
y = heading("EMOJI", y)
c:text("Signal 📶  Battery 🔋  Mood 😀", 16, y, { font = cell.font("Helvetica", 15), color = ink })
c:text("👨‍👩‍👧 🇯🇵 1️⃣ 👍🏽", 16, y + 24, { font = cell.font("Helvetica", 22), color = ink })
return c
