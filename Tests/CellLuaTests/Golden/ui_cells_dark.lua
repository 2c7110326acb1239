-- The cell gallery (lib/cells_gallery.lua) in the dark theme, grouped.
return require("lib.cells_gallery") { theme = "dark" }
