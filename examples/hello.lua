-- hello.lua: the smallest celllua script.
-- Run:  celllua examples/hello.lua        (writes hello.png, 640x400 pixels)
local c = cell.canvas(320, 200, { background = "#C5CCD4" })

-- a header band, like a navigation bar
c:set_fill("#6D84A2")
c:fill_rect(0, 0, 320, 44)

-- three "cells", white with a 1 pt gray rule between them
c:set_fill("white")
c:fill_rect(10, 64, 300, 120)
c:set_fill("gray")
c:fill_rect(10, 104, 300, 1)
c:fill_rect(10, 144, 300, 1)

-- a badge-coloured square and a half-transparent overlay
c:set_fill(cell.rgb(0.53, 0.6, 0.738))
c:fill_rect(270, 74, 30, 20)
c:set_fill({ 0, 0, 0, 0.25 })
c:fill_rect(10.5, 150.5, 100.25, 27)

-- punch a hole back to transparent
c:clear_rect(300, 0, 20, 20)

return c
