-- An API fuzzer for celllua's `cell` module (issue 9, hostile input).
--
-- Makes random sequences of calls over the whole API (module functions, the
-- methods and fields of every type, cell.ui and table specs) with random and
-- hostile arguments: wrong types, nil, NaN, infinities, -0.0, extreme and tiny
-- numbers, huge (bounded) strings, invalid UTF-8, deep and cyclic tables,
-- userdata of the wrong type, callbacks that raise or yield, objects whose __gc
-- ran (resurrected by a finalizer), absurd canvas sizes, extreme transforms and
-- unbalanced save/restore/begin_layer/end_layer. Every call goes through pcall;
-- every error value must be a string. Canvases that are drawn on stay small
-- (at most 64x64 pt at scale <= 3) so the run stays fast.
--
--   celllua Tests/Fuzz/fuzz.lua -o /tmp/f.png -- [SEED] [CALLS] [VERBOSE]
--
-- or set the globals FUZZ_SEED, FUZZ_CALLS (and FUZZ_VERBOSE) before running it.
-- Files it writes (PNGs to read back, intact or damaged, and c:save targets)
-- go into FUZZ_TMPDIR, else $TMPDIR, else /tmp, named celllua-fuzz-SEED-TIME-*,
-- and are removed at the end, also when the run fails with an error. A crash
-- cannot clean up: runners give it a directory of its own and remove that
-- (scripts/fuzz, FuzzTests).
-- VERBOSE prints each call to stderr before making it (to find a crash's call).
-- At the end the globals FUZZ_CALLS_MADE, FUZZ_ERRORS and FUZZ_BAD (the number
-- of non-string error values) hold the figures; a non-string error raises
-- "FUZZ-FAIL: ..." at the end.

local argv = arg or {}
local SEED = math.tointeger(tonumber(FUZZ_SEED or argv[1] or 1)) or 1
local TARGET = math.tointeger(tonumber(FUZZ_CALLS or argv[2] or 10000)) or 10000
local VERBOSE = FUZZ_VERBOSE or (argv[3] ~= nil and argv[3] ~= "0" and argv[3] ~= "")
math.randomseed(SEED)

local R = math.random
local function chance(p) return R() < p end
local function pick(t) return t[R(#t)] end

local calls, errors, bad = 0, 0, 0
local firstBad
local current = "?"
local tmpdir = FUZZ_TMPDIR or os.getenv("TMPDIR") or "/tmp"
local prefix = string.format("%s/celllua-fuzz-%d-%d-", tmpdir, SEED, os.time())
local tmpfiles, tmpseen = {}, {}

------------------------------------------------------------------ values

local NAN = 0 / 0
local hostileNumbers = {
    0, -0.0, 1, -1, 0.5, NAN, -NAN, math.huge, -math.huge, 1e308, -1e308, 1e-308, -1e-308,
    5e-324, math.maxinteger, math.mininteger, 2 ^ 53, 2 ^ 63, -2 ^ 63, 2 ^ 31, -2 ^ 31, 2 ^ 32,
    1e9, -1e9, 1e15, 1e30, -1e30, 1e-30, 4096, 4097, 65536, 1e5, 3.4e38, 1.7976931348623157e308,
}

local blendModes = {"normal", "multiply", "screen", "overlay", "darken", "lighten", "color_dodge",
    "color_burn", "soft_light", "hard_light", "difference", "exclusion", "hue", "saturation", "color",
    "luminosity", "clear", "copy", "source_in", "source_out", "source_atop", "destination_over",
    "destination_in", "destination_out", "destination_atop", "xor", "plus_darker", "plus_lighter"}
local colorNames = {"black", "white", "gray", "lightgray", "darkgray", "red", "green", "blue", "cyan",
    "yellow", "magenta", "orange", "purple", "brown", "clear", "#FFF", "#123456", "#12345678", "#",
    "#GGG", "#1234567", "#12", "red ", "RED", "#FFFFFFFFFF"}
local enums = {
    rule = {"nonzero", "evenodd"}, cap = {"butt", "round", "square"}, join = {"miter", "round", "bevel"},
    align = {"left", "center", "right"}, truncate = {"tail", "head", "middle", "clip"},
    position = {"single", "top", "middle", "bottom"}, style = {"grouped", "plain"},
    cellStyle = {"gradient", "plain", "bevel"}, accessory = {"none", "disclosure", "checkmark"},
    fontName = {"Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
        "DejaVu Sans", "Nimbus Sans", "NoSuchFont", "", "Helvetica-", "-", "Helvetica-Bold-Bold"},
}

local sampleTexts = {"", "Hello", "Inbox 12", "42", "a\nb\nc", "\n\n\n", "  ", "é ü ß 日本語 🙂",
    "\u{202E}rtl\u{202C}", "\0nul\0", "tab\there", "‥…", "%s%d%n", "W", "Wrapping text with several words in it"}

-- a few big strings made once (the largest is 100 KB)
local bigStrings = {}
do
    bigStrings[1] = string.rep("W", 100 * 1024)
    bigStrings[2] = string.rep("word ", 20 * 1024)
    bigStrings[3] = string.rep("\n", 10 * 1024)
    local t = {}
    for i = 1, 4096 do t[i] = string.char(R(0, 255)) end
    bigStrings[4] = table.concat(t)
    bigStrings[5] = string.rep("🙂", 5000)
end

local function randomBytes(n)
    local t = {}
    for i = 1, n do t[i] = string.char(R(0, 255)) end
    return table.concat(t)
end

local invalidUTF8 = {"\xff", "\xc3", "\xc3\x28", "\xe2\x82", "\xf0\x9f\x98", "\xed\xa0\x80",
    "\xf4\x90\x80\x80", "\xc0\xaf", "a\x80b", "\xfe\xff", "\xef\xbf\xbf"}

local function hostileString()
    local k = R(6)
    if k == 1 then return pick(bigStrings)
    elseif k == 2 then return randomBytes(R(0, 40))
    elseif k == 3 then return pick(invalidUTF8) .. pick(sampleTexts)
    elseif k == 4 then return pick(sampleTexts)
    elseif k == 5 then return pick(blendModes) .. (chance(0.5) and "\0" or "")
    else return tostring(R(-100, 100)) end
end

-- deep and cyclic tables, made once
local deep = {}
do
    local t = deep
    for _ = 1, 300 do local n = {}; t[1] = n; t.rows = {n}; t.sections = {n}; t = n end
end
local cyclic = {}
cyclic[1] = cyclic; cyclic[2] = cyclic; cyclic[3] = cyclic; cyclic.sections = {cyclic}
cyclic.rows = cyclic; cyclic.colors = cyclic; cyclic.font = cyclic; cyclic.header = cyclic
cyclic.footer = cyclic; cyclic.corner_overlay = cyclic; cyclic.color = cyclic
local sentinel = setmetatable({}, {__tostring = function() return "sentinel" end})

-- tables whose metamethods misbehave (raising string errors, yielding, collecting)
local function trapTable()
    local k = R(5)
    if k == 1 then
        return setmetatable({}, {__index = function(_, key) error("trap index " .. tostring(key)) end})
    elseif k == 2 then
        return setmetatable({}, {__index = function() collectgarbage() return nil end})
    elseif k == 3 then
        return setmetatable({}, {__index = function() coroutine.yield() end})
    elseif k == 4 then
        return setmetatable({}, {__len = function() return math.maxinteger end,
            __index = function(_, i) return 0.5 end})
    else
        return setmetatable({}, {__index = function(_, i) return pick(hostileNumbers) end,
            __len = function() return 3 end})
    end
end

local pools = {canvas = {}, path = {}, color = {}, gradient = {}, paint = {}, image = {}, font = {},
    table = {}, screen = {}, zombie = {}}
local poolMax = 8
local function keep(kind, v)
    if v == nil then return end
    local p = pools[kind]
    if #p < poolMax then p[#p + 1] = v else p[R(#p)] = v end
end
local function some(kind)
    local p = pools[kind]
    if #p == 0 then return nil end
    return p[R(#p)]
end

local hostileValue -- forward

local function anyObject()
    local kinds = {"canvas", "path", "color", "gradient", "paint", "image", "font", "table", "zombie"}
    local v = some(pick(kinds))
    if v == nil then return io.stdout end
    return v
end

local function hostileTable()
    local k = R(9)
    if k == 1 then return deep
    elseif k == 2 then return cyclic
    elseif k == 3 then return trapTable()
    elseif k == 4 then return {}
    elseif k == 5 then return {hostileValue(1), hostileValue(1), hostileValue(1), hostileValue(1)}
    elseif k == 6 then local t = {}; for i = 1, R(0, 200) do t[i] = pick(hostileNumbers) end; return t
    elseif k == 7 then return {[1.5] = 1, [-1] = 2, [0] = 3, x = 4}
    elseif k == 8 then return setmetatable({}, {__call = function() return 1 end})
    else return {1, nil, 3} end
end

local function hostileFunction()
    local k = R(5)
    if k == 1 then return function() error("callback error") end
    elseif k == 2 then return function() coroutine.yield(1) end
    elseif k == 3 then return function(...) return ... end
    elseif k == 4 then return function() collectgarbage() end
    else return tostring end
end

function hostileValue(depth)
    local k = R(12)
    if k == 1 then return nil
    elseif k == 2 then return pick(hostileNumbers)
    elseif k == 3 then return hostileString()
    elseif k == 4 then return chance(0.5)
    elseif k == 5 and depth < 2 then return hostileTable()
    elseif k == 6 then return hostileFunction()
    elseif k == 7 then return anyObject()
    elseif k == 8 then return coroutine.create(function() end)
    elseif k == 9 then return io.stdout
    elseif k == 10 then return some("zombie") or sentinel
    elseif k == 11 then return R(-10, 80) + R()
    else return sentinel end
end

------------------------------------------------------------------ well-typed values

local function num() -- a coordinate, mostly sane
    if chance(0.06) then return pick(hostileNumbers) * (chance(0.5) and 1 or -1) end
    if chance(0.1) then return R(-20, 84) end
    return R() * 104 - 20
end
local function size()
    if chance(0.06) then return pick(hostileNumbers) end
    return R() * 70
end
local function small()
    if chance(0.06) then return pick(hostileNumbers) end
    return R() * 12
end
local function angle()
    if chance(0.06) then return pick(hostileNumbers) end
    return (R() - 0.5) * 16
end

local function colorSpec()
    local k = R(5)
    if k == 1 then return pick(colorNames)
    elseif k == 2 then return some("color") or "red"
    elseif k == 3 then return {R(), R(), R(), chance(0.5) and R() or nil}
    elseif k == 4 then return string.format("#%02X%02X%02X%02X", R(0, 255), R(0, 255), R(0, 255), R(0, 255))
    else return {pick(hostileNumbers), R(), R()} end
end
local function paintSpec()
    if chance(0.3) then return some("paint") or colorSpec() end
    return colorSpec()
end
local function fontValue() return some("font") end

local function textOpts()
    if chance(0.3) then return nil end
    local t = {}
    if chance(0.5) then t.font = fontValue() end
    if chance(0.3) then t.color = colorSpec() end
    if chance(0.4) then t.align = pick(enums.align) end
    if chance(0.4) then t.truncate = pick(enums.truncate) end
    if chance(0.4) then t.wrap = chance(0.5) end
    if chance(0.1) then t[pick({"font", "color", "align", "truncate", "wrap"})] = hostileValue(1) end
    return t
end

local function layerOpts()
    if chance(0.3) then return nil end
    local t = {}
    if chance(0.6) then t.alpha = chance(0.8) and R() or pick(hostileNumbers) end
    if chance(0.5) then t.blend = pick(blendModes) end
    if chance(0.1) then t[pick({"alpha", "blend"})] = hostileValue(1) end
    return t
end

local function extendOpts()
    if chance(0.4) then return nil end
    return {before = chance(0.5), after = chance(0.5)}
end

local function canvasOpts()
    if chance(0.4) then return nil end
    local t = {}
    if chance(0.5) then t.scale = chance(0.9) and R(1, 3) or (R() * 3) end
    if chance(0.5) then t.background = colorSpec() end
    return t
end

local function stops()
    local t = {}
    for i = 1, R(0, 6) do t[i] = {R(), colorSpec()} end
    if chance(0.15) then t[#t + 1] = {pick(hostileNumbers), colorSpec()} end
    if chance(0.1) then t[#t + 1] = hostileValue(1) end
    return t
end

local function dash()
    if chance(0.2) then return nil end
    local t = {}
    for i = 1, R(0, 6) do t[i] = chance(0.9) and R() * 8 or pick(hostileNumbers) end
    return t
end

-- a file to read: a PNG written by the fuzzer (intact or damaged), or something else
local function readablePath()
    local k = R(6)
    if k <= 3 and #tmpfiles > 0 then return pick(tmpfiles)
    elseif k == 4 then return "/nonexistent/file.png"
    elseif k == 5 then return "/etc/hostname"
    else return hostileString() end
end

local function fontName()
    if chance(0.1) then return readablePath() end
    if chance(0.1) then return hostileString() end
    return pick(enums.fontName)
end

local function fontSize()
    if chance(0.1) then return pick(hostileNumbers) end
    return R() * 40 + 1
end

local function row()
    local r = {}
    if chance(0.7) then r.text = chance(0.9) and pick(sampleTexts) or hostileString() end
    if chance(0.3) then r.detail = pick(sampleTexts) end
    if chance(0.2) then r.badge = chance(0.5) and R(0, 999) or pick(sampleTexts) end
    if chance(0.2) then r.highlighted = chance(0.5) end
    if chance(0.3) then r.accessory = pick(enums.accessory) end
    if chance(0.1) then r.height = size() end
    if chance(0.1) then r.draw = hostileFunction() end
    if chance(0.2) then r.lines = pick({0, 1, 2, 3, 1000}) end
    if chance(0.2) then r.detail_lines = pick({0, 1, 2, 1000}) end
    if chance(0.1) then r.background = colorSpec() end
    if chance(0.1) then r.align = pick({"left", "center"}) end
    if chance(0.1) then r.delete_button = chance(0.5) end
    if chance(0.1) then r.checked = chance(0.5) end
    if chance(0.1) then r.style = pick({"default", "subtitle", "value1", "value2"}) end
    if chance(0.05) then r[pick({"text", "detail", "badge", "accessory", "height", "draw", "lines", "detail_lines",
        "background", "align", "delete_button", "checked"})] = hostileValue(1) end
    return r
end

local function view()
    local v = {}
    if chance(0.5) then v.height = size() end
    if chance(0.3) then v.color = colorSpec() end
    if chance(0.2) then v.colors = {colorSpec(), colorSpec()} end
    if chance(0.4) then v.title = pick(sampleTexts) end
    if chance(0.2) then v.title_color = colorSpec() end
    if chance(0.1) then v.draw = hostileFunction() end
    return v
end

local function barButton()
    if chance(0.05) then return hostileValue(1) end
    local b = {}
    if chance(0.8) then b.title = chance(0.9) and pick(sampleTexts) or hostileString() end
    if chance(0.5) then b.style = pick({"bordered", "done", "plain"}) end
    if chance(0.2) then b.highlighted = chance(0.5) end
    return b
end

-- options for each bar function (and a screen's bars)
local barOptions = {
    status_bar = function() return {style = pick({"default", "black", "translucent"}), carrier = pick(sampleTexts),
        time = pick(sampleTexts), battery = pick({0, 0.5, 1, 2, -1, NAN}), signal = pick({0, 3, 5, 6}),
        wifi = pick({0, 2, 3, 4})} end,
    navigation_bar = function() return {title = pick(sampleTexts), prompt = chance(0.3) and pick(sampleTexts) or nil,
        back = chance(0.5) and pick(sampleTexts) or nil, left = chance(0.3) and barButton() or nil,
        right = chance(0.5) and barButton() or nil, tint = chance(0.2) and colorSpec() or nil,
        style = chance(0.2) and pick({"default", "black"}) or nil} end,
    search_bar = function() return {placeholder = pick(sampleTexts), text = chance(0.3) and pick(sampleTexts) or nil,
        scopes = chance(0.3) and {pick(sampleTexts), pick(sampleTexts)} or nil, scope = chance(0.3) and R(0, 4) or nil} end,
    toolbar = function()
        local items = {}
        for i = 1, R(0, 6) do items[i] = pick({"flexible", "fixed:10", "fixed:" .. tostring(num()), barButton()}) end
        return {items = items}
    end,
    tab_bar = function()
        local items = {}
        for i = 1, R(0, 6) do items[i] = {title = pick(sampleTexts), badge = chance(0.3) and pick(sampleTexts) or nil} end
        return {items = items, selected = R(0, 7)}
    end,
}
local barNames = {"status_bar", "navigation_bar", "search_bar", "toolbar", "tab_bar"}

local function tableSpec()
    if chance(0.05) then return hostileTable() end
    local s = {}
    if chance(0.5) then s.width = chance(0.9) and R() * 80 or pick(hostileNumbers) end
    if chance(0.5) then s.height = chance(0.9) and R() * 80 or pick(hostileNumbers) end
    if chance(0.2) then s.x = num() end
    if chance(0.2) then s.y = num() end
    if chance(0.3) then s.style = pick(enums.style) end
    if chance(0.2) then s.background = colorSpec() end
    if chance(0.2) then s.top_color = colorSpec() end
    if chance(0.2) then s.bottom_color = colorSpec() end
    if chance(0.3) then s.content_offset = num() end
    if chance(0.2) then s.header = view() end
    if chance(0.2) then s.footer = view() end
    if chance(0.3) then s.cell_style = pick(enums.cellStyle) end
    if chance(0.2) then s.corner_overlay = {radius = small(), color = colorSpec()} end
    if chance(0.1) then s.row_height = size() end
    if chance(0.1) then s.inset = small() end
    if chance(0.1) then s.section_spacing = small() end
    if chance(0.1) then s.radius = small() end
    if chance(0.1) then s.cell_colors = {colorSpec(), colorSpec()} end
    if chance(0.1) then s.badge_color = colorSpec() end
    if chance(0.1) then s.badge_highlight_color = colorSpec() end
    if chance(0.1) then s.background = "pinstripes" end
    if chance(0.2) then s.editing = pick({true, false, "multi"}) end
    if chance(0.8) then
        local sections = {}
        for i = 1, R(0, 4) do
            local sec = {rows = {}}
            if chance(0.4) then sec.title = pick(sampleTexts) end
            if chance(0.3) then sec.footer = pick(sampleTexts) end
            if chance(0.1) then sec.header_view = view() end
            if chance(0.1) then sec.footer_view = view() end
            for j = 1, R(0, 6) do sec.rows[j] = row() end
            if chance(0.05) then sec.rows = hostileValue(1) end
            sections[i] = sec
        end
        s.sections = sections
    end
    if chance(0.05) then
        s[pick({"width", "height", "style", "sections", "header", "corner_overlay", "cell_style",
            "content_offset", "row_height"})] = hostileValue(1)
    end
    return s
end

local function screenSpec()
    if chance(0.05) then return hostileTable() end
    local s = {table = chance(0.9) and tableSpec() or hostileValue(1)}
    if chance(0.3) then s.device = pick({"iphone", "iphone5", "ipad", "ipod"}) end
    for _, name in ipairs(barNames) do
        if chance(0.4) then s[name] = chance(0.95) and barOptions[name]() or hostileValue(1) end
    end
    if chance(0.1) then s.status_bar = false end
    if chance(0.3) then s.scroll = num() end
    if chance(0.2) then s.theme = pick({"ios6", "dark", "sepia"}) end
    return s
end

------------------------------------------------------------------ calls

local function record(ok, err)
    if not ok then
        errors = errors + 1
        if type(err) ~= "string" then
            bad = bad + 1
            firstBad = firstBad or (current .. " raised a " .. type(err) .. ": " .. tostring(err))
        end
    end
end

-- Calls f(...) through pcall; sometimes inside a coroutine, so that callbacks
-- and metamethods that yield meet a C boundary.
local function call(name, f, ...)
    calls = calls + 1
    current = name
    if VERBOSE then
        local shown = {}
        for i = 1, select("#", ...) do
            local ok, t = pcall(tostring, (select(i, ...)))
            shown[i] = ok and t:sub(1, 40) or type((select(i, ...)))
        end
        io.stderr:write(calls, " ", name, " ", table.concat(shown, ", "), "\n"); io.stderr:flush()
    end
    if chance(0.05) then
        local co = coroutine.create(f)
        local ok, err = coroutine.resume(co, ...)
        -- a yield out of the call itself (from a callback) is not an error
        if ok and coroutine.status(co) == "suspended" then
            ok, err = coroutine.resume(co)
        end
        record(ok, err)
        return ok, err
    end
    local r = table.pack(pcall(f, ...))
    record(r[1], r[2])
    return table.unpack(r, 1, r.n)
end

-- Each argument kind gives a well-typed value; with a small probability an
-- argument is replaced by a hostile value, dropped, or extras are appended.
local gens
local function args(kinds)
    local out, n = {}, #kinds
    for i = 1, n do
        if chance(0.04) then out[i] = hostileValue(0) else out[i] = gens[kinds[i]]() end
    end
    if chance(0.04) then n = R(0, n) end
    if chance(0.03) then
        for _ = 1, R(1, 3) do n = n + 1; out[n] = hostileValue(0) end
    end
    return out, n
end

local depth = 0
local runActions -- forward

-- a callback given to with/layer/draw: does a few random calls, maybe raises or yields
local function callback()
    local k = R(10)
    if k == 1 then return hostileFunction() end
    if k == 2 then return hostileValue(0) end
    return function(...)
        if depth < 3 then
            depth = depth + 1
            runActions(R(0, 4))
            depth = depth - 1
        end
        if chance(0.1) then error("raised in a callback") end
        if chance(0.05) then coroutine.yield() end
        return ...
    end
end

gens = {
    n = num, s = size, r = small, a = angle, b = function() return chance(0.5) end,
    color = colorSpec, paint = paintSpec,
    path = function() return some("path") or cell.path() end,
    canvas = function() return some("canvas") end,
    img = function() return chance(0.5) and some("image") or some("canvas") end,
    font = fontValue, grad = function() return some("gradient") end,
    str = function() return chance(0.85) and pick(sampleTexts) or hostileString() end,
    rule = function() return chance(0.9) and pick(enums.rule) or hostileString() end,
    optrule = function() return chance(0.5) and pick(enums.rule) or nil end,
    blend = function() return chance(0.9) and pick(blendModes) or hostileString() end,
    cap = function() return pick(enums.cap) end, join = function() return pick(enums.join) end,
    alpha = function() return chance(0.9) and R() or pick(hostileNumbers) end,
    fn = callback, textopts = textOpts, layeropts = layerOpts, extend = extendOpts,
    dash = dash, int = function() return chance(0.9) and R(-2, 130) or pick(hostileNumbers) end,
    spec = tableSpec, tbl = function() return some("table") end,
    position = function() return {position = pick(enums.position), radius = small(),
        colors = {colorSpec(), colorSpec()}, stroke = colorSpec(), line_width = small()} end,
    badgeopts = function() return {color = colorSpec(), highlighted = chance(0.5),
        highlight_color = colorSpec(), font = fontValue()} end,
    bevelopts = function() return chance(0.5) and {offset = chance(0.5) and "pixel" or small()} or nil end,
    badgetext = function() return chance(0.5) and R(0, 10000) or pick(sampleTexts) end,
    any = function() return hostileValue(0) end,
    savepath = function()
        local ext = pick({".png", ".ppm", ".pam", ".PNG", ".jpg", "", ".png\0.txt", "/", ".p\xffm", ".svg", ".pdf"})
        local path = prefix .. "out" .. ext
        if not tmpseen[path] then tmpseen[path] = true; tmpfiles[#tmpfiles + 1] = path end
        return path
    end,
}

local pathMethods = {
    {"move_to", {"n", "n"}}, {"line_to", {"n", "n"}}, {"quad_to", {"n", "n", "n", "n"}},
    {"curve_to", {"n", "n", "n", "n", "n", "n"}}, {"arc", {"n", "n", "r", "a", "a", "b"}},
    {"arc_to", {"n", "n", "n", "n", "r"}}, {"close", {}}, {"rect", {"n", "n", "s", "s"}},
    {"rounded_rect", {"n", "n", "s", "s", "r"}}, {"ellipse", {"n", "n", "s", "s"}},
    {"add_path", {"path"}},
}
local pathOnly = {
    {"copy", {}}, {"transform", {"a", "a", "a", "a", "n", "n"}}, {"bounds", {}},
    {"contains", {"n", "n", "optrule"}}, {"is_empty", {}},
}
local canvasMethods = {
    {"save", {}}, {"restore", {}}, {"with", {"fn"}}, {"translate", {"n", "n"}}, {"scale", {"a", "a"}},
    {"rotate", {"a"}}, {"concat", {"a", "a", "a", "a", "n", "n"}}, {"set_fill", {"paint"}},
    {"set_stroke", {"paint"}}, {"set_line_width", {"r"}}, {"set_line_cap", {"cap"}},
    {"set_line_join", {"join"}}, {"set_miter_limit", {"r"}}, {"set_dash", {"dash", "r"}},
    {"set_alpha", {"alpha"}}, {"set_blend", {"blend"}}, {"set_shadow", {"r", "r", "r", "color"}},
    {"set_shadow", {}}, {"set_antialias", {"b"}}, {"begin_path", {}},
    {"fill", {"optrule"}}, {"fill", {"path", "optrule"}}, {"eofill", {}}, {"eofill", {"path"}},
    {"stroke", {}}, {"stroke", {"path"}}, {"fill_stroke", {"optrule"}}, {"fill_stroke", {"path", "optrule"}},
    {"fill_rect", {"n", "n", "s", "s"}}, {"stroke_rect", {"n", "n", "s", "s"}},
    {"clear_rect", {"n", "n", "s", "s"}}, {"clip", {"optrule"}}, {"clip", {"path", "optrule"}},
    {"eoclip", {}}, {"eoclip", {"path"}}, {"clip_rect", {"n", "n", "s", "s"}},
    {"draw_linear_gradient", {"grad", "n", "n", "n", "n", "extend"}},
    {"draw_radial_gradient", {"grad", "n", "n", "r", "n", "n", "s", "extend"}},
    {"begin_layer", {"layeropts"}}, {"end_layer", {}}, {"layer", {"fn", "layeropts"}},
    {"text", {"str", "n", "n", "textopts"}}, {"text_in_rect", {"str", "n", "n", "s", "s", "textopts"}},
    {"draw_image", {"img", "n", "n"}}, {"draw_image", {"img", "n", "n", "s", "s"}},
    {"pixel", {"int", "int"}}, {"png", {}}, {"save", {"savepath"}}, {"svg", {}}, {"pdf", {}},
}
for _, m in ipairs(pathMethods) do canvasMethods[#canvasMethods + 1] = m end
for _, m in ipairs(pathMethods) do pathOnly[#pathOnly + 1] = m end

local fields = {
    canvas = {"width", "height", "scale_factor", "pixel_width", "pixel_height"},
    color = {"r", "g", "b", "a"}, gradient = {"count"}, paint = {"kind"}, image = {"width", "height"},
    font = {"size", "ascent", "descent", "leading", "line_height", "cap_height", "x_height", "name",
        "family", "style", "file"},
    table = {"content_height", "width", "height", "content_offset"},
    screen = {"width", "height", "device"},
    path = {}, zombie = {},
}
local otherMethods = {
    font = {{"measure", {"str"}}},
    table = {{"render", {"canvas"}}, {"hit_test", {"n", "n"}}, {"row_rect", {"int", "int"}}},
    screen = {{"render", {"canvas"}}, {"hit_test", {"n", "n"}}},
}

-- calls obj:name(args), with (rarely) another object as self
local function method(kind, obj, m)
    local got, f = call(kind .. "." .. m[1], function() return obj[m[1]] end)
    if not got then f = nil end
    local a, n = args(m[2])
    local self = obj
    if chance(0.03) then self = hostileValue(0) end
    if type(f) ~= "function" then
        -- not callable through the object (a zombie?): call it anyway, it must raise a string
        return call(kind .. ":" .. m[1], function(...) return obj[m[1]](...) end, self, table.unpack(a, 1, n))
    end
    return call(kind .. ":" .. m[1], f, self, table.unpack(a, 1, n))
end

local function keepResult(kind, ok, v)
    if ok and v ~= nil then keep(kind, v) end
end

local function makeCanvas()
    local w, h = R() * 64, R() * 64
    if chance(0.1) then w = pick(hostileNumbers) end
    if chance(0.1) then h = pick(hostileNumbers) end
    local opts = canvasOpts()
    local ok, c = call("cell.canvas", cell.canvas, w, h, opts)
    -- keep only canvases small enough to draw on quickly
    if ok and math.type(c.pixel_width) and c.pixel_width * c.pixel_height <= 192 * 192 then
        keep("canvas", c)
    end
end

-- an object that has been collected (its __gc ran) but is reachable again
local zombieMakers = {
    function() return cell.path():rect(0, 0, 1, 1) end,
    function() return cell.canvas(4, 4) end,
    function() return cell.rgb(1, 0, 0) end,
    function() return cell.gradient({{0, "red"}, {1, "blue"}}) end,
    function() return cell.linear(cell.gradient({{0, "red"}}), 0, 0, 1, 1) end,
    function() return cell.font("Helvetica", 12) end,
    function() return cell.ui.table({width = 20, height = 20}) end,
}
local function makeZombies()
    for _ = 1, R(1, 3) do
        local ok, obj = pcall(pick(zombieMakers))
        if ok then
            setmetatable({obj}, {__gc = function(t)
                local z = pools.zombie
                if #z < poolMax then z[#z + 1] = t[1] else z[R(#z)] = t[1] end
            end})
        end
    end
    calls = calls + 1
    collectgarbage()
    collectgarbage()
end

local function writeImageFile()
    local c = some("canvas")
    if not c then return end
    local ok, bytes = call("canvas:png", c.png, c)
    if not ok then return end
    if chance(0.5) then -- damage it: a few bytes changed, or the tail cut off
        -- (string splices: each costs one copy in C, whatever the file's size)
        for _ = 1, R(1, 8) do
            if #bytes == 0 then break end
            local i = R(#bytes)
            local k = R(3)
            if k == 2 then
                bytes = bytes:sub(1, i - 1)
            else
                bytes = bytes:sub(1, i - 1) .. string.char(k == 1 and R(0, 255) or 0xff) .. bytes:sub(i + 1)
            end
        end
    end
    local path = prefix .. (#tmpfiles % 4) .. ".png"
    local f = io.open(path, "wb")
    if f then
        f:write(bytes); f:close()
        if not tmpseen[path] then tmpseen[path] = true; tmpfiles[#tmpfiles + 1] = path end
    end
end

local actions = {
    {20, makeCanvas},
    {3, function() -- absurd canvas sizes: must be errors (or at least not crashes)
        local w = pick({1e5, 1e6, 1e9, 1e308, math.huge, -1, NAN, math.maxinteger, -0.0, 0, 5e-324, 46341})
        local h = pick({1e5, 1e6, 1e9, 1e308, math.huge, -1, NAN, math.maxinteger, -0.0, 0, 5e-324, 46341})
        local opts = chance(0.5) and {scale = pick({1e-300, 1e300, 0, -1, NAN, math.huge, 1e4, 0.001})} or nil
        if chance(0.5) and (w ~= w or w > 1e4) then h = pick({0, -0.0, 5e-324}) end
        call("cell.canvas(huge)", cell.canvas, w, h, opts)
    end},
    {8, function() local ok, p = call("cell.path", cell.path); keepResult("path", ok, p) end},
    {6, function()
        local a, n = args({"alpha", "alpha", "alpha", "alpha"})
        local ok, c = call("cell.rgb", cell.rgb, table.unpack(a, 1, n)); keepResult("color", ok, c)
    end},
    {6, function()
        local ok, c = call("cell.color", cell.color, chance(0.9) and colorSpec() or hostileValue(0))
        keepResult("color", ok, c)
    end},
    {6, function()
        local ok, g = call("cell.gradient", cell.gradient, chance(0.92) and stops() or hostileValue(0))
        keepResult("gradient", ok, g)
    end},
    {4, function()
        local a, n = args({"grad", "n", "n", "n", "n"})
        local ok, p = call("cell.linear", cell.linear, table.unpack(a, 1, n)); keepResult("paint", ok, p)
    end},
    {4, function()
        local a, n = args({"grad", "n", "n", "r", "n", "n", "s"})
        local ok, p = call("cell.radial", cell.radial, table.unpack(a, 1, n)); keepResult("paint", ok, p)
    end},
    {3, function()
        local ok, f = call("cell.font", cell.font, fontName(), fontSize()); keepResult("font", ok, f)
    end},
    {2, function()
        local ok, img = call("cell.image", cell.image, readablePath()); keepResult("image", ok, img)
    end},
    {2, writeImageFile},
    {2, function() call("cell.param", cell.param, hostileString(), hostileValue(0)) end},
    {3, function() local ok, t = call("cell.ui.table", cell.ui.table, tableSpec()); keepResult("table", ok, t) end},
    {2, function() local ok, t = call("cell.ui.screen", cell.ui.screen, screenSpec()); keepResult("screen", ok, t) end},
    {1, function() -- a screen rendered on a canvas of its device's size, and hit
        local ok, t = call("cell.ui.screen", cell.ui.screen, screenSpec())
        if ok and t then
            local c = cell.canvas(t.width, t.height, {scale = 1})
            call("screen:render", t.render, t, c)
            call("screen:hit_test", t.hit_test, t, num(), num())
        end
    end},
    {4, function()
        local name = pick(barNames)
        local a, n = args({"canvas", "n", "n", "s"})
        a[5], n = chance(0.95) and barOptions[name]() or hostileValue(1), 5
        call("cell.ui." .. name, cell.ui[name], table.unpack(a, 1, n))
    end},
    {2, function()
        local a, n = args({"canvas", "n", "n", "s"})
        a[5], n = {items = {pick(sampleTexts), pick(sampleTexts)}, selected = R(0, 3),
            style = pick({"plain", "bordered", "bar", "tab"})}, 5
        call("cell.ui.segmented", cell.ui.segmented, table.unpack(a, 1, n))
    end},
    {2, function()
        local a, n = args({"canvas", "n", "n", "s", "s"})
        a[6], n = {title = pick(sampleTexts), style = pick({"rounded", "bordered", "done", "plain", "back", "x"}),
            highlighted = chance(0.5)}, 6
        call("cell.ui.button", cell.ui.button, table.unpack(a, 1, n))
    end},
    {3, function()
        local a, n = args({"canvas", "n", "n", "s", "s", "position"})
        call("cell.ui.cell_background", cell.ui.cell_background, table.unpack(a, 1, n))
    end},
    {3, function()
        local a, n = args({"canvas", "badgetext", "n", "n", "badgeopts"})
        call("cell.ui.badge", cell.ui.badge, table.unpack(a, 1, n))
    end},
    {2, function()
        local a, n = args({"canvas", "n", "n", "s", "s", "r", "color", "bevelopts"})
        call("cell.ui.bevel", cell.ui.bevel, table.unpack(a, 1, n))
    end},
    {2, function()
        local a, n = args({"canvas", "n", "n", "s", "s", "r", "color"})
        call("cell.ui.rounded_overlay", cell.ui.rounded_overlay, table.unpack(a, 1, n))
    end},
    {80, function() -- canvas methods
        local c = some("canvas")
        if c then method("canvas", c, pick(canvasMethods)) else makeCanvas() end
    end},
    {30, function() -- path methods
        local p = some("path")
        if p then method("path", p, pick(pathOnly)) else keep("path", cell.path()) end
    end},
    {4, function()
        local f = some("font")
        if f then method("font", f, otherMethods.font[1]) end
    end},
    {4, function()
        local t = some("table")
        if t then method("table", t, pick(otherMethods.table)) end
    end},
    {8, function() -- fields, and indexing with odd keys
        local kind = pick({"canvas", "color", "gradient", "paint", "image", "font", "table", "path", "zombie"})
        local obj = some(kind)
        if not obj then return end
        local key
        local fl = fields[kind]
        if #fl > 0 and chance(0.7) then key = pick(fl) else key = hostileValue(0) end
        call("index " .. kind, function() return obj[key], tostring(obj) end)
        if chance(0.2) then call("newindex " .. kind, function() obj[key] = 1 end) end
        if chance(0.1) then call("compare " .. kind, function() return obj == anyObject(), obj .. "" end) end
    end},
    {3, function() -- a collected object's methods and fields
        local z = some("zombie")
        if not z then makeZombies() return end
        local kind = pick({"canvas", "path", "font", "table"})
        local list = kind == "canvas" and canvasMethods or kind == "path" and pathOnly or otherMethods[kind]
        method("zombie", z, pick(list))
        call("zombie field", function() return z.width, z.r, z.count, z.kind, z.size, tostring(z) end)
    end},
    {3, function() -- a method of one type called on another object
        local list = pick({canvasMethods, pathOnly, otherMethods.font, otherMethods.table})
        local m = pick(list)
        local src = some("canvas") or some("path")
        if not src then return end
        -- (A name close to one the object has is an error to read: probe with pcall.)
        local function get(o, k) local ok, v = pcall(function() return o[k] end) return ok and v or nil end
        local f = get(src, m[1]) or get(some("font") or {}, m[1]) or get(some("table") or {}, m[1])
        if type(f) ~= "function" then return end
        local a, n = args(m[2])
        call("wrong self " .. m[1], f, anyObject(), table.unpack(a, 1, n))
    end},
    {1, makeZombies},
    {1, function() -- drop objects so that __gc runs on live pools too
        local kind = pick({"canvas", "path", "color", "gradient", "paint", "image", "font", "table"})
        pools[kind] = {}
        if chance(0.2) then collectgarbage() end
    end},
    {2, function() -- long runs of unbalanced state calls
        local c = some("canvas")
        if not c then return end
        for _ = 1, R(1, 20) do
            local m = pick({"save", "restore", "begin_layer", "end_layer", "save", "begin_layer"})
            call("canvas:" .. m, c[m], c)
        end
    end},
    {2, function() -- extreme transforms, then something drawn
        local c = some("canvas")
        if not c then return end
        local e = function() return pick(hostileNumbers) * (chance(0.5) and 1 or -1) end
        local m = pick({{"scale", e(), e()}, {"translate", e(), e()}, {"rotate", e()},
            {"concat", e(), e(), e(), e(), e(), e()}, {"scale", 1e-300, 1e300}})
        call("canvas:" .. m[1], c[m[1]], c, table.unpack(m, 2))
        local d = pick(canvasMethods)
        method("canvas", c, d)
        if chance(0.5) then call("canvas:fill_rect", c.fill_rect, c, 0, 0, 64, 64) end
    end},
    {1, function() -- a huge path (bounded)
        local p = cell.path()
        local n = R(1000, 20000)
        call("path:huge", function()
            p:move_to(R() * 64, R() * 64)
            for i = 1, n do
                local k = R(4)
                if k == 1 then p:line_to(R() * 64, R() * 64)
                elseif k == 2 then p:quad_to(R() * 64, R() * 64, R() * 64, R() * 64)
                elseif k == 3 then p:curve_to(R() * 64, R() * 64, R() * 64, R() * 64, R() * 64, R() * 64)
                else p:arc(R() * 64, R() * 64, R() * 20, R() * 7, R() * 7, chance(0.5)) end
            end
        end)
        keep("path", p)
    end},
}

local totalWeight = 0
for _, a in ipairs(actions) do totalWeight = totalWeight + a[1] end
local function randomAction()
    local x = R() * totalWeight
    for _, a in ipairs(actions) do
        x = x - a[1]
        if x <= 0 then return a[2] end
    end
    return actions[#actions][2]
end

function runActions(n)
    for _ = 1, n do
        if calls >= TARGET then return end
        randomAction()()
    end
end

keep("canvas", cell.canvas(32, 32))
keep("path", cell.path():rect(1, 1, 10, 10))
keep("gradient", cell.gradient({{0, "red"}, {1, "blue"}}))
keep("font", cell.font("Helvetica", 17))

local function removeFiles()
    for _, p in ipairs(tmpfiles) do os.remove(p) end
end

local ran, failure = xpcall(function()
    while calls < TARGET do
        runActions(1)
        if calls % 5000 < 2 then collectgarbage("step", 100) end
    end
end, debug and debug.traceback or tostring)
removeFiles()
if not ran then error(failure, 0) end

FUZZ_CALLS_MADE, FUZZ_ERRORS, FUZZ_BAD = calls, errors, bad
io.stderr:write(string.format("fuzz: seed %d: %d calls, %d errors, %d non-string errors\n", SEED, calls, errors, bad))
if bad > 0 then
    error("FUZZ-FAIL: seed " .. SEED .. ": " .. firstBad, 0)
end
return cell.canvas(1, 1)
