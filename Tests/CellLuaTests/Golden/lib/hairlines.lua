-- The hairline scene, shared by hairlines_scale1/2/3.lua: 1 pt lines on and
-- off pixel boundaries. At scale 1 a line centred on an integer coordinate
-- covers two rows at 50% (as in Core Graphics) and one centred on a half
-- coordinate is crisp; width 0 is one device pixel whatever the scale.
return function(scale)
  local c = cell.canvas(60, 40, {scale = scale, background = "white"})
  c:set_stroke("black")
  local y = 5
  for _, offset in ipairs({0, 0.5, 0.25, 1 / 3}) do
    c:stroke(cell.path():move_to(5, y + offset):line_to(55, y + offset))
    c:stroke(cell.path():move_to(5 + y + offset, 25):line_to(5 + y + offset, 38))
    y = y + 5
  end
  c:set_line_width(0)
  c:stroke(cell.path():move_to(30, 30):line_to(55, 36))
  c:set_line_width(1)
  c:stroke_rect(40.5, 24.5, 10, 4)
  return c
end
