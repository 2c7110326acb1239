-- text_in_rect: truncation tail, head, middle and clip in 120 pt boxes;
-- word wrap left, centred and right in 95 pt boxes, with lines dropped
-- below the box (the last shown ends in an ellipsis). Boxes outlined.
local c = cell.canvas(320, 250, {scale = 2, background = "#F4F4F4"})
local f = cell.font("Helvetica", 14)
local long = "Truncated: the quick brown fox jumps over the lazy dog"
local y = 8
for _, mode in ipairs({"tail", "head", "middle", "clip"}) do
  c:set_stroke("#99AACC") c:set_line_width(0.5)
  c:stroke_rect(8.25, y + 0.25, 120, 18)
  c:text_in_rect(long, 8.25, y + 0.25, 120, 18, {font = f, truncate = mode})
  c:text(mode, 136, y, {font = f, color = "gray"})
  y = y + 24
end
local para = "Word wrap breaks lines at spaces; a word like Supercalifragilistic that is too wide breaks anywhere."
local x = 8
for _, align in ipairs({"left", "center", "right"}) do
  c:set_stroke("#99AACC")
  c:stroke_rect(x, y, 95, 125)
  c:text_in_rect(para, x, y, 95, 125, {font = cell.font("Helvetica", 12), wrap = true, align = align})
  x = x + 104
end
c:text_in_rect("One line\nTwo\nThree is dropped", 250, 8, 60, 30, {font = cell.font("Helvetica-Bold", 12)})
c:stroke_rect(250, 8, 60, 30)
return c
