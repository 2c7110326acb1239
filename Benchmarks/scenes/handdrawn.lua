-- handdrawn.lua: the reference scene (Benchmarks/README.md) drawn by hand
-- with the engine's primitives only, no cell.ui: the way a designer ports
-- Core Graphics code. The same steps, in the same order, are what cairo draws
-- in Benchmarks/Sources/cellbench/ReferenceScene.swift, so the two sides do
-- the same work:
--   - the background, then each section's bevel as a layer under a clip
--     (the shape d taller at 80% white, the white fill, the inner shadow as
--     an even-odd band within the shape, the outer stroke with `copy`);
--   - the top stretcher and the header's vertical gradient;
--   - each cell clipped to its rect: the cell background's path clipped to,
--     a gradient drawn through the clip, the path stroked 1 pt gray; the
--     badge in a layer of its own (the pill, its digits cleared with the
--     `clear` blend mode so the cell shows through); the summary and the
--     detail;
--   - the four corners outside their quarter circles filled black.
--
-- Parameters: rows (a multiple of 5; default 20) and scale (default 2), as
-- reference.lua.
--
-- Run alone: celllua Benchmarks/scenes/handdrawn.lua   (writes handdrawn.png)

local rows = math.tointeger(cell.param("rows", 20))
local scale = cell.param("scale", 2)
assert(rows and rows >= 5 and rows % 5 == 0, "rows must be a positive multiple of 5")

local names = { "Inbox", "Drafts", "Sent", "Archive", "Flagged", "Travel", "Receipts" }
local details = {
  "From: Matt Coneybeare", "Re: grouped table views", "The bevel, pixel by pixel",
  "Everything since 2009", "Badges count unread mail",
}

local W, PULLED, HEADER, ROW, INSET, SPACING, R = 320, 60, 44, 44, 10, 20, 10
local nsections = rows // 5
local SECTION = 5 * ROW
local H = PULLED + HEADER + nsections * (SPACING + SECTION) + 16
local pi = math.pi

local c = cell.canvas(W, H, { scale = scale, background = "#C5CCD4" })
local summary_font = cell.font("Helvetica-Bold", 18)
local detail_font = cell.font("Helvetica", 14)
local badge_font = cell.font("Helvetica-Bold", 13)
local badge_color = { 0.53, 0.6, 0.738, 1 }
local gray = { 0.5, 0.5, 0.5, 1 }

local function section_top(s) -- s from 0
  return PULLED + HEADER + SPACING + s * (SPACING + SECTION)
end

local function rounded(x, y, w, h)
  return cell.path():rounded_rect(x, y, w, h, R)
end

-- 1. each section's bevel, beneath its cells
for s = 0, nsections - 1 do
  local x, y, w, h, d = INSET, section_top(s), W - 2 * INSET, SECTION, 1
  c:save()
  c:clip_rect(x - 1, y - 1, w + 2, h + 2 + d)
  c:begin_layer()
  c:set_fill({ 1, 1, 1, 0.8 })
  c:fill(rounded(x, y, w, h + d))
  local shape = rounded(x, y, w, h)
  c:set_fill("#FFFFFF")
  c:fill(shape)
  c:save()
  c:clip(shape)
  c:set_fill({ 0, 0, 0, 0.08 })
  c:eofill(rounded(x, y, w, h):add_path(rounded(x, y + d, w, h)))
  c:restore()
  c:set_blend("copy")
  c:set_stroke({ 0, 0, 0, 0.18 })
  c:set_line_width(1)
  c:stroke(shape)
  c:end_layer()
  c:restore()
end

-- 2. the top stretcher and the header
c:set_fill("#4A5A6A")
c:fill_rect(0, 0, W, PULLED)
c:save()
c:clip_rect(0, PULLED, W, HEADER)
c:draw_linear_gradient(cell.gradient { { 0, "#6D84A2" }, { 1, "#2D4A6D" } }, 0, PULLED, 0, PULLED + HEADER,
  { before = true, after = true })
c:restore()

-- 3. the cells
local cell_gradient = cell.gradient { { 0, "#FFFFFF" }, { 1, "#DDDDDD" } }

local function cell_path(position, w, h)
  local p = cell.path()
  if position == "top" then
    p:move_to(0, h):arc(R, R, R, pi, 3 * pi / 2):arc(w - R, R, R, -pi / 2, 0):line_to(w, h)
  elseif position == "bottom" then
    p:move_to(0, -1):arc(R, h - R, R, pi, pi / 2, true):arc(w - R, h - R, R, pi / 2, 0, true):line_to(w, -1)
  else -- middle
    return p:rect(0, -1, w, h + 1)
  end
  return p:close()
end

local function label(str, font, x, top)
  c:text(str, x, top, { font = font })
end

for s = 0, nsections - 1 do
  for r = 0, 4 do
    local position = r == 0 and "top" or r == 4 and "bottom" or "middle"
    local i = s * 5 + r + 1
    local x, y, w, h = INSET, section_top(s) + r * ROW, W - 2 * INSET, ROW
    c:save()
    c:clip_rect(x, y, w, h)
    c:translate(x, y)

    -- the background: clipped to its path, the gradient through the clip, the path stroked
    c:save()
    local path = cell_path(position, w, h)
    c:clip(path)
    local miny = (position == "top") and 0 or -1
    c:draw_linear_gradient(cell_gradient, 0, miny, 0, h, { before = true, after = true })
    c:set_stroke(gray)
    c:set_line_width(1)
    c:stroke(path)
    c:restore()

    -- the badge: right edge 13 pt in, centred; its digits knocked out
    local digits = tostring((i * i * 37 + i * 11) % 999 + 1)
    local dw = badge_font:measure(digits)
    local right, cy, lh = w - 13, h / 2, badge_font.line_height
    local x0, x1 = math.floor(right - 7 - dw), math.ceil(right - 7)
    local y0, y1 = math.floor(cy - lh / 2), math.ceil(cy + lh / 2)
    local bx, by, bw, bh = x0 - 7, y0 - 2, x1 - x0 + 14, y1 - y0 + 4
    local br = bh / 2
    c:save()
    c:clip_rect(bx - 1, by - 1, bw + 2, bh + 2)
    c:begin_layer()
    c:set_fill(badge_color)
    c:fill(cell.path():arc(bx + bw - br, by + br, br, pi / 2, 3 * pi / 2, true)
      :arc(bx + br, by + br, br, 3 * pi / 2, pi / 2, true):close())
    c:set_blend("clear")
    c:text(digits, bx + 7, by + 2, { font = badge_font })
    c:end_layer()
    c:restore()

    -- the summary and the detail
    local dy = (h - 60) / 2
    c:set_fill("#000000")
    label(names[(i - 1) % #names + 1], summary_font, 10, 10 + dy)
    c:set_fill(gray)
    label(details[(i - 1) % #details + 1], detail_font, 10, 32 + dy)
    c:restore()
  end
end

-- 4. the rounded-corner overlay: each corner outside its quarter circle
local corners = cell.path()
  :move_to(0, 0):arc(R, R, R, pi, 3 * pi / 2):close()
  :move_to(W, 0):arc(W - R, R, R, -pi / 2, 0):close()
  :move_to(W, H):arc(W - R, H - R, R, 0, pi / 2):close()
  :move_to(0, H):arc(R, H - R, R, pi / 2, pi):close()
c:set_fill("#000000")
c:fill(corners)

return c
