-- Caps: butt, round, square on thick lines (with the centre line drawn thin
-- over them to show where they end), and on zero-length segments (dots).
local c = cell.canvas(160, 110, {scale = 1, background = "white"})
local caps = {"butt", "round", "square"}
for i, cap in ipairs(caps) do
  local y = 20 + (i - 1) * 30
  c:set_line_cap(cap)
  c:set_line_width(14)
  c:set_stroke("#6D84A2")
  c:stroke(cell.path():move_to(20, y):line_to(100, y))
  c:stroke(cell.path():move_to(130, y):line_to(130, y)) -- a dot (or nothing for butt)
  c:set_line_width(1)
  c:set_stroke("#CC3333")
  c:stroke(cell.path():move_to(20, y):line_to(100, y))
end
c:set_line_cap("round")
c:set_line_width(6)
c:set_stroke({0, 0, 0, 0.5})
c:stroke(cell.path():move_to(20, 100):curve_to(60, 80, 100, 110, 150, 95))
return c
