-- frames.lua: renders a script N times in one celllua process and prints the
-- mean CPU time per frame (os.clock) to stderr: a quick in-process timing
-- for profiling one scene without building cellbench.
--
--   celllua Benchmarks/frames.lua -o /tmp/last.png -- 50 Benchmarks/scenes/reference.lua
--   perf record --call-graph dwarf -F 1000 celllua Benchmarks/frames.lua -o /tmp/x.png -- 80 Benchmarks/scenes/reference.lua
--
-- The script is loaded once and run N times; the last frame's canvas is the
-- result. Default: 100 frames of examples/badges.lua.
local n = tonumber((...)) or 100
local path = arg[2] or "examples/badges.lua"
local chunk = assert(loadfile(path))
local t0 = os.clock()
local c
for _ = 1, n do c = chunk() end
io.stderr:write(string.format("%s: %.2f ms/frame (CPU, mean of %d)\n", path, (os.clock() - t0) * 1e3 / n, n))
return c
