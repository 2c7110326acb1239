-- Text through the graphics state. One fill per call: under alpha, glyphs
-- that overlap within one call (O with a combining long solidus) do not
-- darken where they cross, while two calls (O, then /) and two overlapping
-- Os do. A rotated and scaled transform; a clip cutting letters; the color
-- option versus the fill paint.
local c = cell.canvas(300, 200, {scale = 2, background = "white"})
local big = cell.font("Helvetica-Bold", 56)
c:set_fill("#2D4A6D")
c:set_alpha(0.5)
c:text("O\u{338}", 8, 0, {font = big})
c:text("O", 70, 0, {font = big})
c:text("\u{338}", 70 + big:measure("O"), 0, {font = big})
c:text("O", 150, 0, {font = big})
c:text("O", 175, 0, {font = big})
c:set_alpha(1)
c:with(function(c)
  c:translate(14, 190)
  c:rotate(-math.pi / 10)
  c:scale(1.3, 0.8)
  c:text("Rotated, scaled", 0, -20, {font = cell.font("Helvetica", 16), color = "#AA3300"})
end)
c:with(function(c)
  c:clip(cell.path():ellipse(195, 85, 100, 60))
  c:set_fill("#6D84A2")
  c:fill_rect(180, 70, 120, 80)
  c:text("Clipped", 185, 93, {font = cell.font("Helvetica-Bold", 34), color = "white"})
end)
c:fill_rect(195, 165, 100, 26)
c:text_in_rect("on dark", 195, 168, 100, 22, {font = cell.font("Helvetica", 15), color = "white", align = "center"})
return c
