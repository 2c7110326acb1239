-- The cell gallery (lib/cells_gallery.lua) as a plain table, separators inset 15 pt.
return require("lib.cells_gallery") { theme = "ios6", style = "plain", separator_inset = 15 }
