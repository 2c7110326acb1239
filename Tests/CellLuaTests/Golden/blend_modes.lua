-- Every blend mode: a translucent source disc over a two-tone backdrop with a
-- transparent quarter, one tile per mode. Each tile is its own layer, so the
-- Porter-Duff modes that erase (copy, source_in, ...) act on the tile alone.
local modes = { "normal", "multiply", "screen", "overlay", "darken", "lighten", "color_dodge",
  "color_burn", "soft_light", "hard_light", "difference", "exclusion", "hue", "saturation",
  "color", "luminosity", "clear", "copy", "source_in", "source_out", "source_atop",
  "destination_over", "destination_in", "destination_out", "destination_atop", "xor",
  "plus_darker", "plus_lighter" }
local T = 40
local c = cell.canvas(7 * T, 4 * T, { scale = 1 })
local stops = cell.gradient { { 0, "#2060C0" }, { 1, "#F0C020" } }
for i, mode in ipairs(modes) do
  local x, y = ((i - 1) % 7) * T, ((i - 1) // 7) * T
  c:layer(function(c)
    c:clip_rect(x, y, T, T)
    -- backdrop: a gradient over three quarters, the top-right quarter empty
    c:with(function(c)
      c:clip(cell.path():rect(x, y, T / 2, T):rect(x + T / 2, y + T / 2, T / 2, T / 2))
      c:draw_linear_gradient(stops, x, y, x + T, y + T)
    end)
    c:set_blend(mode)
    c:set_fill(cell.rgb(0.9, 0.2, 0.3, 0.75))
    c:fill(cell.path():ellipse(x + 8, y + 8, T - 14, T - 14))
  end)
end
return c
