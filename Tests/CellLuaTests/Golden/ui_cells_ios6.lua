-- The cell gallery (lib/cells_gallery.lua) in the iOS 6 theme, grouped.
return require("lib.cells_gallery") { theme = "ios6" }
