-- 1 pt lines at scale 3 (the scene is in lib/hairlines.lua).
return require("lib.hairlines")(3)
