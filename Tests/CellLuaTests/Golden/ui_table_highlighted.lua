-- Highlighted rows (UIKit's blue selection gradient) at every position,
-- next to plain ones, with the two accessories, highlighted and not.
local c = cell.canvas(200, 328, { scale = 2 })
cell.ui.table{
  width = 200, height = 328,
  sections = {
    { rows = { { highlighted = true, accessory = "disclosure" } } },
    { rows = { { highlighted = true }, { accessory = "checkmark" }, { highlighted = true, accessory = "checkmark" } } },
    { rows = { { accessory = "disclosure" }, { highlighted = true, accessory = "disclosure" } } },
  },
}:render(c)
return c
