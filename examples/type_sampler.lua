-- type_sampler.lua: celllua's text. Fonts by PostScript-style name (Helvetica
-- is Nimbus Sans, metric-compatible; Times and Courier are Nimbus Roman and
-- Nimbus Mono PS), sizes, kerning, text_in_rect's truncation and wrapping,
-- alignment, text beyond ASCII, and text as a shape: gradient fill, shadow,
-- and the badge's knockout (clear blend in a layer).
--   celllua examples/type_sampler.lua
local W, H = 320, 570
local c = cell.canvas(W, H, { background = "white" })
local gray = "#6D7A8A"

local function heading(text, y)
  c:text(text, 12, y, { font = cell.font("Helvetica-Bold", 11), color = gray })
  c:with(function(c)
    c:set_fill("#D5DAE0")
    c:fill_rect(12, y + 15, W - 24, 0.5)
  end)
  return y + 20
end

-- 1. faces
local y = heading("FACES", 10)
for _, name in ipairs({ "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
                        "Times-Roman", "Courier", "DejaVu Sans" }) do
  local f = cell.font(name, 15)
  c:text(name, 12, y, { font = f })
  c:text(f.family .. " " .. f.style, W - 12, y + 3, { font = cell.font("Helvetica", 10), color = gray, align = "right" })
  y = y + f.line_height
end

-- 2. sizes, with the line box (top, baseline) of each
y = heading("SIZES AND METRICS", y + 6)
local x = 12
for _, size in ipairs({ 9, 12, 17, 24, 36, 48 }) do
  local f = cell.font("Helvetica", size)
  local w = f:measure("Ag")
  c:with(function(c)
    c:set_fill("#E8EEF6")
    c:fill_rect(x, y, w, f.line_height)
    c:set_fill("#E06666")
    c:fill_rect(x, y + f.ascent - 0.25, w, 0.5)
  end)
  c:text("Ag", x, y, { font = f })
  x = x + w + 10
end
y = y + cell.font("Helvetica", 48).line_height + 4

-- 3. kerning: the same pairs set by shaping (left) and letter by letter (right)
y = heading("KERNING", y)
local k = cell.font("Helvetica", 22)
c:text("AVATAR Wo", 12, y, { font = k })
local px = W / 2 + 8
for ch in ("AVATAR Wo"):gmatch(".") do
  c:text(ch, px, y, { font = k, color = gray })
  px = px + k:measure(ch)
end
y = y + k.line_height + 4

-- 4. text_in_rect: truncation and wrapping
y = heading("TRUNCATION AND WRAPPING", y)
local f14 = cell.font("Helvetica", 14)
local long = "Re: the grouped table view, pixel by pixel"
for i, mode in ipairs({ "tail", "middle", "head", "clip" }) do
  local bx, by = 12 + ((i - 1) % 2) * 152, y + math.floor((i - 1) / 2) * 24
  c:set_stroke("#B8C4D4")
  c:set_line_width(0.5)
  c:stroke_rect(bx, by, 144, 18)
  c:text_in_rect(long, bx, by, 144, 18, { font = f14, truncate = mode })
end
y = y + 52
local para = "Word wrap fills each line with as many words as fit and drops the lines below the box; the last line shown ends in an ellipsis."
for i, align in ipairs({ "left", "center", "right" }) do
  local bx = 12 + (i - 1) * 101
  c:stroke_rect(bx, y, 94, 82)
  c:text_in_rect(para, bx + 3, y + 2, 88, 78, { font = cell.font("Helvetica", 11), wrap = true, align = align })
end
y = y + 90

-- 5. beyond ASCII
y = heading("UNICODE", y)
c:text("Crème brûlée · Ελληνικά · Кириллица · ✓ ★ →", 12, y, { font = cell.font("Helvetica", 13) })
y = y + 26

-- 6. text is a shape
y = heading("TEXT AS A SHAPE", y)
local big = cell.font("Helvetica-Bold", 34)
c:with(function(c)
  c:set_fill(cell.linear(cell.gradient({ { 0, "#6D84A2" }, { 1, "#2D4A6D" } }), 0, y, 0, y + 34))
  c:set_shadow(0, 2, 3, { 0, 0, 0, 0.4 })
  c:text("Gradient", 12, y, { font = big })
end)
-- the badge seed's knockout: a pill and its digits cleared in one layer,
-- so the stripes below show through the digits
for i = 0, 11 do
  c:set_fill(i % 2 == 0 and "#F2B134" or "#ED553B")
  c:fill_rect(178 + i * 11, y - 2, 11, 42)
end
c:layer(function(c)
  local f = cell.font("Helvetica-Bold", 28)
  local digits = "1024"
  local bw, bh = f:measure(digits) + 24, 36
  c:set_fill("#2D4A6D")
  c:fill(cell.path():rounded_rect(186, y, bw, bh, bh / 2))
  c:set_blend("clear")
  -- digits' cap height is about 0.7 em: centre it in the pill
  c:text(digits, 198, y + bh / 2 + 0.35 * f.size - f.ascent, { font = f })
end)
return c
