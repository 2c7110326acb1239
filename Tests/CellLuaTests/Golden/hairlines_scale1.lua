-- 1 pt lines at scale 1 (the scene is in lib/hairlines.lua).
return require("lib.hairlines")(1)
