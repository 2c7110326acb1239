-- 1 pt lines at scale 2 (the scene is in lib/hairlines.lua).
return require("lib.hairlines")(2)
