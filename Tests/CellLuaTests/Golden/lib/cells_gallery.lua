-- Every cell style, image slot, accessory and editing control of the table
-- kit in one table (the scene of the ui_cells_* goldens). `opts`: theme,
-- style, scale, only (a list of section numbers to keep).
local function icon(top, bottom)
  return function(c, x, y, w, h)
    c:set_fill(cell.linear(cell.gradient { { 0, top }, { 1, bottom } }, 0, y, 0, y + h))
    c:fill(cell.path():rounded_rect(x, y, w, h, 6))
    c:set_fill("#FFFFFF")
    c:fill(cell.path():ellipse(x + w / 2 - 5, y + h / 2 - 5, 10, 10))
  end
end

return function(opts)
  local sections = {
    { title = "Styles", rows = {
      { text = "Default" },
      { text = "Subtitle", detail = "A second line, in gray" },
      { text = "Value 1", detail = "Detail", style = "value1" },
      { text = "Value 2", detail = "Detail after a label", style = "value2" },
      { text = "A long label that cannot fit", detail = "and a long value", style = "value1" },
      { text = "Colors and fonts", detail = "per row", style = "value1", text_color = "#8B1A1A",
        detail_color = "#1A6B1A", font = "Helvetica 15", detail_font = "Helvetica-Bold 13" },
    } },
    { title = "Images", rows = {
      { text = "Drawn icon", image = icon("#F7B24A", "#E2780E"), accessory = "switch", on = false },
      { text = "Value", detail = "HomeNet", style = "value1", image = icon("#5C9DF6", "#1F5FD1"), accessory = "disclosure" },
      { text = "Badge", image = icon("#F0665E", "#C8261D"), badge = 4, accessory = "disclosure" },
      { text = "Content", draw = function(c, w, h, content)
          c:set_stroke("#FF00FF")
          c:stroke_rect(content.x + 0.5, content.y + 0.5, content.width - 1, content.height - 1)
        end, accessory = "detail" },
    } },
    { title = "Accessories", rows = {
      { text = "Disclosure", accessory = "disclosure" },
      { text = "Detail disclosure", accessory = "detail_disclosure" },
      { text = "Detail", accessory = "detail" },
      { text = "Checkmark", accessory = "checkmark" },
      { text = "Switch", accessory = "switch", on = true },
      { text = "Highlighted", accessory = "disclosure", badge = 12, highlighted = true },
      { text = "Highlighted value", detail = "9", style = "value1", accessory = "checkmark", highlighted = true },
    } },
    { title = "Editing", footer = "Rows indent past the editing control.", rows = {
      { text = "Delete", editing = "delete", reorder = true },
      { text = "Insert", editing = "insert", reorder = true, accessory = "disclosure" },
      { text = "Indented twice", indent = 2, detail = "indent = 2", style = "value1" },
      { text = "Tall row", height = 60, detail = "60 pt", badge = 7 },
    } },
  }
  if opts.only then
    local kept = {}
    for _, i in ipairs(opts.only) do kept[#kept + 1] = sections[i] end
    sections = kept
  end
  local t = cell.ui.table {
    width = 320, height = 4000, theme = opts.theme, style = opts.style, separator_inset = opts.separator_inset,
    sections = sections,
  }
  local c = cell.canvas(320, t.content_height, { scale = opts.scale or 1 })
  t:render(c)
  return c
end
