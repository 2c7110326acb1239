-- badge_cell.lua: DDBadgeViewCell's drawRect: ported
-- line for line to celllua: summary and detail drawn with drawInRect:'s tail
-- truncation, the badge sized with sizeWithFont:, its pill from two
-- CGPathAddArc calls, and its text drawn with kCGBlendModeClear so the
-- cell's background shows through the digits. As in UIKit, the badge view
-- has its own backing store (a layer here) over the cell's background.
--   celllua examples/badge_cell.lua
local W, ROW = 320, 60
local rows = {
  { summary = "Inbox", detail = "From: Matt Coneybeare, about the grouped tables", badge = "12" },
  { summary = "Drafts", detail = "Re: DDBadgeViewCell", badge = "3", highlighted = true },
  { summary = "A summary too long for the space left by its badge", detail = "Both lines truncate at the tail", badge = "1024" },
  { summary = "Archive", detail = "Everything since 2009", badge = "99+" },
}
local c = cell.canvas(W, 20 + #rows * ROW + 20, { background = "#C5CCD4" })

-- The seed's drawRect: for a badge view of `rect` = (0, 0, w, h).
local function draw_rect(c, w, h, row)
  local currentSummaryColor = "black"
  local currentDetailColor = "gray"
  local currentBadgeColor = row.badge_color or cell.rgb(0.53, 0.6, 0.738)
  if row.highlighted then
    currentSummaryColor = "white"
    currentDetailColor = "white"
    currentBadgeColor = row.badge_highlighted_color or "white"
  end

  -- CGSize badgeTextSize = [badgeText sizeWithFont:[UIFont boldSystemFontOfSize:13.]];
  local bold13 = cell.font("Helvetica-Bold", 13)
  local tw, th = bold13:measure(row.badge)
  -- CGRectInset(CGRectIntegral(CGRectMake(w - tw - 20, (h - th) / 2, tw, th)), -7, -2)
  local x, y = w - tw - 20, (h - th) / 2
  local x0, y0, x1, y1 = math.floor(x), math.floor(y), math.ceil(x + tw), math.ceil(y + th)
  local bx, by, bw, bh = x0 - 7, y0 - 2, x1 - x0 + 14, y1 - y0 + 4

  c:save()
  c:set_fill(currentBadgeColor)
  local path = cell.path()
  path:arc(bx + bw - bh / 2, by + bh / 2, bh / 2, math.pi / 2, math.pi * 3 / 2, true)
  path:arc(bx + bh / 2, by + bh / 2, bh / 2, math.pi * 3 / 2, math.pi / 2, true)
  c:fill(path)
  c:restore()

  c:save()
  c:set_blend("clear")
  c:text_in_rect(row.badge, bx + 7, by + 2, bw - 14, bh - 4, { font = bold13 })
  c:restore()

  c:set_fill(currentSummaryColor)
  c:text_in_rect(row.summary, 10, 10, bx - 15, 22,
    { font = cell.font("Helvetica-Bold", 18), truncate = "tail" })
  c:set_fill(currentDetailColor)
  c:text_in_rect(row.detail, 10, 32, bx - 15, 18,
    { font = cell.font("Helvetica", 14), truncate = "tail" })
end

for i, row in ipairs(rows) do
  local y = 20 + (i - 1) * ROW
  local position = #rows == 1 and "single" or (i == 1 and "top" or (i == #rows and "bottom" or "middle"))
  -- the cell's background view: the gradient cell, or the blue selection
  cell.ui.cell_background(c, 10, y, W - 20, ROW, {
    position = position,
    colors = row.highlighted and { "#058CF5", "#015EE6" } or nil,
  })
  -- the badge view, in its own layer
  c:with(function(c)
    c:translate(10, y)
    c:layer(function(c) draw_rect(c, W - 20, ROW, row) end)
  end)
end
return c
