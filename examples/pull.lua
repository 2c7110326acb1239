-- pull.lua: the two-tone table in motion. For 1 s the table is pulled down
-- 120 pt and released (its top stretcher carries the dark header color up
-- into the gap, then the content springs back); for the next 2 s it
-- scrolls through a long table, past its end (the bottom stretcher fills
-- the gap) and bounces back.
--   celllua examples/pull.lua -o pull.gif -o pull.mp4
--   celllua examples/pull.lua --scale 1 -o pull.webp
-- draw(i, t) depends on t alone, so frames are drawn on every core at once.
local W, H = 320, 480
local FPS = 30

local rows = {}
for i = 1, 24 do
  rows[i] = { text = "Message " .. i, detail = i % 3 == 0 and "unread" or nil,
              badge = i % 5 == 0 and tostring(i) or nil, accessory = "disclosure" }
end

local function table_spec()
  return {
    top_color = "#2D4A6D", bottom_color = "#8A96A3",
    header = { height = 44, colors = { "#6D84A2", "#2D4A6D" }, title = "Inbox" },
    sections = {
      { title = "Today", rows = { table.unpack(rows, 1, 8) } },
      { title = "Earlier", rows = { table.unpack(rows, 9, 24) } },
    },
  }
end

-- The content's height once, to know where the scroll ends.
local probe = cell.ui.table(table_spec())
local view = H - 20 - 44 -- below the status and navigation bars
local last = probe.content_height - view

-- A spring released from `from` at u = 0: critically damped, at rest by u = 1.
local function spring(from, u)
  return from * (1 + 7 * u) * math.exp(-7 * u)
end

local function smooth(u) return u * u * (3 - 2 * u) end

local function offset(t)
  if t < 0.35 then return -120 * smooth(t / 0.35) end          -- pulled down
  if t < 1 then return spring(-120, (t - 0.35) / 0.65) end     -- released
  local u = (t - 1) / 1.4
  if u < 1 then return (last + 60) * smooth(u) end             -- scrolled past the end
  return last + spring(60, (t - 2.4) / 0.6)                    -- and back
end

animation = {
  frames = 3 * FPS, fps = FPS,
  draw = function(i, t)
    local c = cell.canvas(W, H)
    cell.ui.screen {
      navigation_bar = { title = "Mail", back = "Mailboxes", right = { title = "Edit" } },
      table = table_spec(), scroll = offset(t),
    }:render(c)
    return c
  end,
}
