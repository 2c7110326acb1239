-- Custom drawing in cells and views: each row's draw function gets the
-- canvas in the cell's coordinates (width, height) inside the cell's layer,
-- so a clear blend punches through to what lies below the table's cells;
-- a header view with a flat color and its own drawing, a footer view with
-- a gradient.
local c = cell.canvas(200, 306, { scale = 2 })
local function dot(color)
  return function(c, w, h)
    c:set_fill(color)
    c:fill(cell.path():ellipse(12, h / 2 - 8, 16, 16))
    c:set_stroke("#333333")
    c:set_line_width(2)
    c:stroke(cell.path():move_to(40, h / 2):line_to(w - 12, h / 2))
  end
end
cell.ui.table{
  width = 200, height = 306,
  header = { height = 40, color = "#2D4A6D", draw = function(c, w, h)
    c:set_fill("#FFCC00")
    c:fill(cell.path():rounded_rect(10, 10, w - 20, h - 20, 6))
  end },
  footer = { height = 30, colors = { "#C5CCD4", "#6D84A2" } },
  sections = {
    { rows = { { draw = dot("#FF3B30") }, { draw = dot("#34C759") }, { draw = function(c, w, h)
      c:set_blend("clear")
      c:fill_rect(w / 2 - 10, 8, 20, h - 16)
    end } } },
    { rows = { { highlighted = true, draw = dot("#FFFFFF") } } },
  },
}:render(c)
return c
