-- Text: Helvetica (Nimbus Sans) in its four styles and several sizes, DejaVu
-- Sans, the three alignments around a guide, baselines marked in red, and
-- text beyond ASCII (accents, combining marks, a character only the fallback
-- face has, CJK from a CJK face fontconfig finds by coverage).
local c = cell.canvas(320, 230, {scale = 2, background = "white"})
local y = 6
for _, name in ipairs({"Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "DejaVu Sans"}) do
  local f = cell.font(name, 15)
  c:set_fill("#FF000060")
  c:fill_rect(6, y + f.ascent - 0.25, 308, 0.5)          -- the baseline
  c:set_fill("black")
  c:text(name .. " AVATAR Wavy 0123", 8, y, {font = f})
  y = y + f.line_height
end
local x = 8
for _, size in ipairs({9, 11, 13, 17, 24}) do
  local f = cell.font("Helvetica", size)
  c:text("Ag" .. size, x, y, {font = f})
  x = x + f:measure("Ag" .. size) + 8
end
y = y + 30
c:set_stroke("#3366CC") c:set_line_width(0.5)
c:stroke(cell.path():move_to(160, y):line_to(160, y + 60))
local f = cell.font("Helvetica", 13)
c:text("left from the guide", 160, y, {font = f, align = "left"})
c:text("centred on it", 160, y + 18, {font = f, align = "center", color = "#2D4A6D"})
c:text("right up to it", 160, y + 36, {font = f, align = "right", color = "gray"})
y = y + 62
c:text("Café cafe\u{301} naïve x\u{323}\u{301} \u{2713} \u{2192} 日本", 8, y, {font = cell.font("Helvetica", 16)})
return c
