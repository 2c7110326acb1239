-- The accessories and editing controls (lib/cells_gallery.lua) at scale 2.
return require("lib.cells_gallery") { theme = "ios6", scale = 2, only = { 3, 4 } }
