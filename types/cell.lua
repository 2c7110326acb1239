---@meta cell
-- LuaCATS type definitions for celllua's `cell` API, for LuaLS (lua-language-server)
-- and editors built on it: autocompletion, hover docs and type checks for scripts.
--
-- Use: add this folder to your workspace library, e.g. in .luarc.json
--   { "workspace.library": ["/path/to/celllua/types"], "runtime.version": "Lua 5.4" }
--
-- The reference is docs/reference.md, generated from this file. Tests
-- (Tests/CellLuaTests/TypeDefinitionTests) check that every function the binding
-- registers is listed here, that every parameter has a ---@param, and that the
-- option, spec, row and theme classes name exactly the keys the binding accepts.

---A color spec: "#RGB", "#RGBA", "#RRGGBB", "#RRGGBBAA"; CSS's "rgb(255, 0, 0)",
---"rgba(r, g, b, a)", "hsl(210, 50%, 40%)", "hsla(h, s%, l%, a)" (percentages and
---CSS 4's "rgb(r g b / a)" too); a name: UIKit's (black white gray lightgray darkgray
---red green blue cyan yellow magenta orange purple brown clear, with UIKit's values:
---gray is 50% white, green #00FF00, orange (1, 0.5, 0)) or any other CSS color name
---("navy", "tomato", "transparent"); a table {r, g, b [, a]} with components 0..1; or
---a Color value.
---@alias cell.ColorSpec string|number[]|cell.Color

---@alias cell.FillRule "nonzero"|"evenodd"
---@alias cell.LineCap "butt"|"round"|"square"
---@alias cell.LineJoin "miter"|"round"|"bevel"
---@alias cell.TextAlign "left"|"center"|"right"
---@alias cell.Truncate "tail"|"head"|"middle"|"clip"
---@alias cell.VerticalAlign "top"|"center"|"bottom"

---Core Graphics' blend modes. Every mode is bounded by coverage: pixels outside
---a shape are untouched.
---@alias cell.BlendMode "normal"|"multiply"|"screen"|"overlay"|"darken"|"lighten"|"color_dodge"|"color_burn"|"soft_light"|"hard_light"|"difference"|"exclusion"|"hue"|"saturation"|"color"|"luminosity"|"clear"|"copy"|"source_in"|"source_out"|"source_atop"|"destination_over"|"destination_in"|"destination_out"|"destination_atop"|"xor"|"plus_darker"|"plus_lighter"

---What fills or strokes: a color spec or a gradient paint.
---@alias cell.PaintSpec cell.ColorSpec|cell.Paint

---One stop of a gradient: a location 0..1 and a color spec.
---@alias cell.GradientStop [number, cell.ColorSpec]

---A parameter's value, as `cell.param` and `variants` take it: a number, a boolean,
---a string, or a color (a Color or an {r, g, b [, a]} table).
---@alias cell.ParamValue number|boolean|string|cell.Color|number[]

---A rectangle in points.
---@class cell.Rect
---@field x number left
---@field y number top
---@field width number
---@field height number

---The variants a script offers, read after it has run: a variant's name -> its
---parameters (name -> value). While a variant renders (`--variant NAME`,
---`--all-variants`), `cell.param` answers with its values; `-D` still wins.
---`--list-variants` prints the names. Leave it unset for a script without variants.
---To give them an order (the preview's gallery follows it, and `--sheet-order
---variants` lays the contact sheet out in it), write a list of pairs, `{ {"light", {tint = "#EEE"}}, {"dark", {...}} }`,
---or set `variant_order`.
---@type table<string, table<string, cell.ParamValue>>|[string, table<string, cell.ParamValue>][]
variants = nil

---The order of a `variants` map, for `--sheet-order variants`: every variant's
---name once (an unknown name, a repeat or a missing one is an error at this line).
---@type string[]
variant_order = nil

---@class cell
---@field version string celllua's version
---@field ui cell.ui the grouped table-view kit
cell = {}

---The options of `cell.canvas`.
---@class cell.CanvasOptions
---@field scale? number pixels per point, > 0 (default: the command line's --scale, 2); under --scales it is multiplied by each listed scale over --scale
---@field background? cell.ColorSpec the canvas' first color (default transparent)

---A new canvas of `w` x `h` points, transparent unless `background` is given.
---`scale` (pixels per point) defaults to the command line's --scale (2).
---@param w number points, > 0
---@param h number points, > 0
---@param opts? cell.CanvasOptions
---@return cell.Canvas
function cell.canvas(w, h, opts) end

---An empty path.
---@return cell.Path
function cell.path() end

---A color from components 0..1.
---@param r number
---@param g number
---@param b number
---@param a? number default 1
---@return cell.Color
function cell.rgb(r, g, b, a) end

---A color from any color spec.
---@param spec cell.ColorSpec
---@return cell.Color
function cell.color(spec) end

---A font: `name` is a PostScript-style name ("Helvetica", "Helvetica-Bold",
---"Helvetica-Oblique", "Helvetica-BoldOblique"), a family name ("DejaVu Sans"),
---or a TrueType/OpenType file path (relative to the script). Helvetica is
---Nimbus Sans (metric-compatible), else DejaVu Sans; any other name no installed
---font answers to is an error. `size` in points, 0 < size <= 4096.
---@param name string
---@param size number
---@return cell.Font
function cell.font(name, size) end

---The `-D name=value` or variant value for `name`, converted to the type of
---`default` (number, boolean, color or string); else `default`. `opts` may
---give `min`, `max` and `step` (with a number default), `choices` (a list of
---strings, with a string default), `label` and `doc`: a value outside the
---range or the choices is an error naming the parameter. The first read of a
---name declares it: `--list-params` prints the declarations, and the preview
---shows a control for each.
---@generic T
---@param name string
---@param default? T number, boolean, string or color (Color or table)
---@param opts? cell.ParamOptions
---@return T
function cell.param(name, default, opts) end

---What `cell.param` may say about a parameter.
---@class cell.ParamOptions
---@field min? number lowest value (number defaults)
---@field max? number highest value (number defaults)
---@field step? number a control's step, greater than 0 (number defaults)
---@field choices? string[] the values allowed (string defaults)
---@field label? string the control's label
---@field doc? string a longer description

---A gradient from stops `{ {location, color}, ... }` (locations 0..1, any order;
---interpolated in straight alpha, then premultiplied).
---@param stops cell.GradientStop[] at least one
---@return cell.Gradient
function cell.gradient(stops) end

---A linear gradient paint for set_fill / set_stroke, from (x0, y0) to (x1, y1) in
---the user space in force when a shape is painted; end colors extend past the ends.
---@param gradient cell.Gradient
---@param x0 number
---@param y0 number
---@param x1 number
---@param y1 number
---@return cell.Paint
function cell.linear(gradient, x0, y0, x1, y1) end

---A two-circle radial gradient paint (PDF rules) for set_fill / set_stroke.
---@param gradient cell.Gradient
---@param x0 number the start circle's centre
---@param y0 number
---@param r0 number the start circle's radius, >= 0
---@param x1 number the end circle's centre
---@param y1 number
---@param r1 number the end circle's radius, >= 0
---@return cell.Paint
function cell.radial(gradient, x0, y0, r0, x1, y1, r1) end

---The options of `cell.image`.
---@class cell.ImageOptions
---@field scale? number pixels per point, 0.01 to 100 (default: 2 for a name ending `@2x`, 3 for `@3x`, before the extension or a `~device` suffix, else 1)

---An image read from a PNG or JPEG file (told apart by content; relative to
---the script's folder). Like UIImage it has a scale: its size in points is its
---pixels over its scale (`icon@2x.png` of 58 x 58 pixels is 29 x 29 pt), and
---`draw_image` and a row's image slot use that size. JPEGs are opaque.
---@param path string
---@param opts? cell.ImageOptions
---@return cell.Image
function cell.image(path, opts) end

---@class cell.Gradient
---@field count integer number of stops

---@class cell.Paint
---@field kind "linear"|"radial"

---@class cell.Image
---@field width number points: pixels over the scale
---@field height number
---@field scale number pixels per point
---@field pixel_width integer
---@field pixel_height integer

---@class cell.Color
---@field r number red 0..1 (straight, not premultiplied)
---@field g number green 0..1
---@field b number blue 0..1
---@field a number alpha 0..1

---A face at a size. Metrics follow UIKit's Helvetica: a line is ascent +
---descent tall, and its baseline lies `ascent` below its top; the face's line
---gap (`leading`) is part of `ascent`, above the text, as UIKit drew it.
---@class cell.Font
---@field size number points
---@field ascent number from the top of a line to its baseline (ascender + line gap)
---@field descent number from the baseline to the bottom of a line (positive)
---@field leading number the face's line gap, in points (included in ascent)
---@field line_height number ascent + descent
---@field cap_height number height of capitals above the baseline
---@field x_height number height of lowercase x above the baseline
---@field name string the name as asked
---@field family string the family of the face used ("Nimbus Sans")
---@field style string the face's style ("Bold")
---@field file string the font file used
local Font = {}

---The typographic options of `Font:measure`, also taken by `Canvas:text`,
---`Canvas:text_in_rect` and `Font:path`.
---@class cell.TypographyOptions
---@field tracking? number points added after every character, as CSS's letter-spacing (n characters grow by n x tracking; optional ligatures off unless `features` sets them) (default 0)
---@field line_height? number|string from one baseline to the next: points, or "1.5x" for a multiple of the font's line_height; each line's box is that tall with the font's line centred in it, as CSS's line-height (default the font's line_height)
---@field features? table<string|integer, string|boolean|integer> OpenType features: list entries switch one on ({ "tnum", "smcp" }), keyed ones set it (kern = false, salt = 2); tags are 4 characters; features the font lacks do nothing (default: the font's defaults)
---@field variations? table<string, number> variation axes of a variable font (wght = 600); each value is clamped to the axis' range; an axis the font lacks, or a font without axes, is an error (default: the face's own)

---The options of `Font:path`.
---@class cell.FontPathOptions
---@field align? cell.TextAlign align about x (default "left")
---@field tracking? number points added after every character, as CSS's letter-spacing (n characters grow by n x tracking; optional ligatures off unless `features` sets them) (default 0)
---@field line_height? number|string from one baseline to the next: points, or "1.5x" for a multiple of the font's line_height; each line's box is that tall with the font's line centred in it, as CSS's line-height (default the font's line_height)
---@field features? table<string|integer, string|boolean|integer> OpenType features: list entries switch one on ({ "tnum", "smcp" }), keyed ones set it (kern = false, salt = 2); tags are 4 characters; features the font lacks do nothing (default: the font's defaults)
---@field variations? table<string, number> variation axes of a variable font (wght = 600); each value is clamped to the axis' range; an axis the font lacks, or a font without axes, is an error (default: the face's own)

---sizeWithFont: the width (sum of the shaped advances, kerning included) of
---the widest line and the height (line_height per line; "\n" starts a line).
---The empty string measures 0, 0. With `opts`, measured as `c:text` with the
---same options draws (tracking, features and variations change the width,
---line_height the height).
---@param str string UTF-8
---@param opts? cell.TypographyOptions
---@return number width
---@return number height
function Font:measure(str, opts) end

---The text's glyph outlines as a Path, shaped and placed as
---`c:text(text, x, y, {font = font})` draws them (with the same typographic
---options): to stroke, clip or combine. Emoji (color bitmap glyphs) have no
---outline: they are left out, their advance kept.
---@param text string
---@param x number the line box's left (top-left as `text`: the baseline is at y + ascent)
---@param y number
---@param opts? cell.FontPathOptions
---@return cell.Path
function Font:path(text, x, y, opts) end

---A path: subpaths of lines and curves. Construction methods return the path.
---@class cell.Path
local Path = {}

---@param x number
---@param y number
---@return cell.Path self
function Path:move_to(x, y) end

---@param x number
---@param y number
---@return cell.Path self
function Path:line_to(x, y) end

---@param cx number control point
---@param cy number
---@param x number end point
---@param y number
---@return cell.Path self
function Path:quad_to(cx, cy, x, y) end

---@param c1x number first control point
---@param c1y number
---@param c2x number second control point
---@param c2y number
---@param x number end point
---@param y number
---@return cell.Path self
function Path:curve_to(c1x, c1y, c2x, c2y, x, y) end

---CGPathAddArc: the point at angle t is (cx + r cos t, cy + r sin t); clockwise = true
---sweeps with decreasing angle. A sweep of 2π or more is a full circle.
---@param cx number
---@param cy number
---@param r number
---@param a0 number radians
---@param a1 number radians
---@param clockwise? boolean default false
---@return cell.Path self
function Path:arc(cx, cy, r, a0, a1, clockwise) end

---CGPathAddArcToPoint (HTML canvas arcTo).
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param r number
---@return cell.Path self
function Path:arc_to(x1, y1, x2, y2, r) end

---@return cell.Path self
function Path:close() end

---Clockwise on screen from the top-left.
---@param x number
---@param y number
---@param w number
---@param h number
---@return cell.Path self
function Path:rect(x, y, w, h) end

---Clockwise on screen from the end of the top-left corner; r is clamped to half the shorter side.
---@param x number
---@param y number
---@param w number
---@param h number
---@param r number
---@return cell.Path self
function Path:rounded_rect(x, y, w, h, r) end

---CGPathAddEllipseInRect: starts at (x + w, y + h/2), increasing angle.
---@param x number
---@param y number
---@param w number
---@param h number
---@return cell.Path self
function Path:ellipse(x, y, w, h) end

---@param q cell.Path
---@return cell.Path self
function Path:add_path(q) end

---A new path with the same subpaths.
---@return cell.Path
function Path:copy() end

---Transforms the path in place by the matrix (x', y') = (a x + c y + tx, b x + d y + ty).
---@param a number
---@param b number
---@param c number
---@param d number
---@param tx number
---@param ty number
---@return cell.Path self
function Path:transform(a, b, c, d, tx, ty) end

---The bounds of the curves (not their control points), or nil for an empty path.
---@return number? x
---@return number? y
---@return number? w
---@return number? h
function Path:bounds() end

---@param x number
---@param y number
---@param rule? cell.FillRule default "nonzero"
---@return boolean
function Path:contains(x, y, rule) end

---@return boolean
function Path:is_empty() end

---The area this path and `q` fill together, as a new Path (booleans by
---Clipper on the outlines flattened to 0.005 units, curves refit: where the
---result follows an input curve it is that curve's piece, so SVG and PDF keep
---curves). The result's contours do not overlap: it fills the same under
---either rule.
---@param q cell.Path
---@param rule? "nonzero"|"evenodd" how this path fills (default "nonzero")
---@param q_rule? "nonzero"|"evenodd" how `q` fills (default: `rule`)
---@return cell.Path
function Path:union(q, rule, q_rule) end

---The area both fill, as a new Path (as `union`).
---@param q cell.Path
---@param rule? "nonzero"|"evenodd" (default "nonzero")
---@param q_rule? "nonzero"|"evenodd" (default: `rule`)
---@return cell.Path
function Path:intersection(q, rule, q_rule) end

---The area this path fills and `q` does not, as a new Path (as `union`):
---notches, cut-outs.
---@param q cell.Path
---@param rule? "nonzero"|"evenodd" (default "nonzero")
---@param q_rule? "nonzero"|"evenodd" (default: `rule`)
---@return cell.Path
function Path:difference(q, rule, q_rule) end

---The area exactly one of them fills, as a new Path (as `union`).
---@param q cell.Path
---@param rule? "nonzero"|"evenodd" (default "nonzero")
---@param q_rule? "nonzero"|"evenodd" (default: `rule`)
---@return cell.Path
function Path:xor(q, rule, q_rule) end

---A bitmap canvas with a Core Graphics drawing state. Path construction
---methods (move_to ... add_path) build its current path.
---@class cell.Canvas
---@field width number points
---@field height number points
---@field scale_factor number pixels per point
---@field pixel_width integer
---@field pixel_height integer
local Canvas = {}

---Without an argument: push the graphics state. With a path: write the image
---(format by extension: .png .jpg .jpeg .webp .gif .ppm .pam, or the drawing as vectors: .svg .pdf) and return the path written.
---@param path? string
---@return string?
function Canvas:save(path) end

---Pops the graphics state the matching `save()` pushed (an error without one, or
---across an open begin_layer).
function Canvas:restore() end

---save, call fn(c), restore (also when fn raises). Layers and saves fn left open
---are closed with it. Returns what fn returns.
---@param fn fun(c: cell.Canvas): ...
---@return ... results what fn returned
function Canvas:with(fn) end

---@param tx number
---@param ty number
function Canvas:translate(tx, ty) end

---@param sx number
---@param sy? number default sx
function Canvas:scale(sx, sy) end

---@param angle number radians
function Canvas:rotate(angle) end

---Multiplies the transform by the matrix (x', y') = (a x + c y + tx, b x + d y + ty).
---@param a number
---@param b number
---@param c number
---@param d number
---@param tx number
---@param ty number
function Canvas:concat(a, b, c, d, tx, ty) end

---@param paint cell.PaintSpec
function Canvas:set_fill(paint) end

---@param paint cell.PaintSpec
function Canvas:set_stroke(paint) end

---The blend mode of every later draw (default "normal").
---@param mode cell.BlendMode
function Canvas:set_blend(mode) end

---A drop shadow for later draws: offset and blur in points, y down, not affected
---by the transform (UIKit); Gaussian with sigma = blur / 2; color default black at
---1/3. `set_shadow(nil)` turns it off.
---@param dx number|nil nil turns the shadow off
---@param dy? number required with dx
---@param blur? number >= 0, required with dx
---@param color? cell.ColorSpec default black at 1/3
function Canvas:set_shadow(dx, dy, blur, color) end

---@param w number user units; 0 is one device pixel
function Canvas:set_line_width(w) end

---@param cap cell.LineCap
function Canvas:set_line_cap(cap) end

---@param join cell.LineJoin
function Canvas:set_line_join(join) end

---@param limit number >= 0; the state starts at 10
function Canvas:set_miter_limit(limit) end

---@param lengths number[]? alternating on/off lengths >= 0; nil, {} or all zeros for a solid line
---@param phase? number default 0
function Canvas:set_dash(lengths, phase) end

---@param alpha number 0..1, multiplies every later draw
function Canvas:set_alpha(alpha) end

---@param on boolean
function Canvas:set_antialias(on) end

---Drops the current path.
function Canvas:begin_path() end

---Path construction on the current path, as Path's methods; each returns the canvas.
---@param x number
---@param y number
---@return cell.Canvas self
function Canvas:move_to(x, y) end

---@param x number
---@param y number
---@return cell.Canvas self
function Canvas:line_to(x, y) end

---@param cx number control point
---@param cy number
---@param x number end point
---@param y number
---@return cell.Canvas self
function Canvas:quad_to(cx, cy, x, y) end

---@param c1x number first control point
---@param c1y number
---@param c2x number second control point
---@param c2y number
---@param x number end point
---@param y number
---@return cell.Canvas self
function Canvas:curve_to(c1x, c1y, c2x, c2y, x, y) end

---As Path:arc.
---@param cx number
---@param cy number
---@param r number
---@param a0 number radians
---@param a1 number radians
---@param clockwise? boolean default false
---@return cell.Canvas self
function Canvas:arc(cx, cy, r, a0, a1, clockwise) end

---As Path:arc_to.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param r number
---@return cell.Canvas self
function Canvas:arc_to(x1, y1, x2, y2, r) end

---@return cell.Canvas self
function Canvas:close() end

---@param x number
---@param y number
---@param w number
---@param h number
---@return cell.Canvas self
function Canvas:rect(x, y, w, h) end

---@param x number
---@param y number
---@param w number
---@param h number
---@param r number corner radius, clamped to half the shorter side
---@return cell.Canvas self
function Canvas:rounded_rect(x, y, w, h, r) end

---@param x number
---@param y number
---@param w number
---@param h number
---@return cell.Canvas self
function Canvas:ellipse(x, y, w, h) end

---@param q cell.Path
---@return cell.Canvas self
function Canvas:add_path(q) end

---Fills `path`, or the current path (consumed).
---@param path? cell.Path|cell.FillRule a path, or the rule in its place
---@param rule? cell.FillRule default "nonzero"
function Canvas:fill(path, rule) end

---Fills with the even-odd rule.
---@param path? cell.Path default: the current path (consumed)
function Canvas:eofill(path) end

---Strokes `path`, or the current path (consumed), with the line style.
---@param path? cell.Path
function Canvas:stroke(path) end

---Fills, then strokes, one path.
---@param path? cell.Path|cell.FillRule a path, or the rule in its place
---@param rule? cell.FillRule default "nonzero"
function Canvas:fill_stroke(path, rule) end

---Fills a rectangle with the fill paint; the current path is left alone.
---@param x number
---@param y number
---@param w number
---@param h number
function Canvas:fill_rect(x, y, w, h) end

---Strokes a rectangle with the stroke paint and line style.
---@param x number
---@param y number
---@param w number
---@param h number
function Canvas:stroke_rect(x, y, w, h) end

---To transparent.
---@param x number
---@param y number
---@param w number
---@param h number
function Canvas:clear_rect(x, y, w, h) end

---Intersects the clip with `path`, or with the current path (consumed).
---@param path? cell.Path|cell.FillRule a path, or the rule in its place
---@param rule? cell.FillRule default "nonzero"
function Canvas:clip(path, rule) end

---Intersects the clip with the even-odd rule.
---@param path? cell.Path default: the current path (consumed)
function Canvas:eoclip(path) end

---Intersects the clip with a rectangle.
---@param x number
---@param y number
---@param w number
---@param h number
function Canvas:clip_rect(x, y, w, h) end

---The options of `Canvas:text`.
---@class cell.TextOptions
---@field font? cell.Font (default Helvetica 17)
---@field color? cell.ColorSpec (default: the fill paint)
---@field align? cell.TextAlign where x is: a line's start, middle or end (default "left")
---@field tracking? number points added after every character, as CSS's letter-spacing (n characters grow by n x tracking; optional ligatures off unless `features` sets them) (default 0)
---@field line_height? number|string from one baseline to the next: points, or "1.5x" for a multiple of the font's line_height; each line's box is that tall with the font's line centred in it, as CSS's line-height (default the font's line_height)
---@field features? table<string|integer, string|boolean|integer> OpenType features: list entries switch one on ({ "tnum", "smcp" }), keyed ones set it (kern = false, salt = 2); tags are 4 characters; features the font lacks do nothing (default: the font's defaults)
---@field variations? table<string, number> variation axes of a variable font (wght = 600); each value is clamped to the axis' range; an axis the font lacks, or a font without axes, is an error (default: the face's own)

---The options of `Canvas:text_in_rect`.
---@class cell.TextRectOptions
---@field font? cell.Font (default Helvetica 17)
---@field color? cell.ColorSpec (default: the fill paint)
---@field align? cell.TextAlign each line within the rectangle's width (default "left")
---@field truncate? cell.Truncate where a line too wide loses characters for "…"; "clip" clips instead (default "tail")
---@field wrap? boolean word-wrap lines wider than the rectangle (default false)
---@field valign? cell.VerticalAlign the lines' place in the rectangle's height: "top", "center" or "bottom" (default "top")
---@field tracking? number points added after every character, as CSS's letter-spacing (n characters grow by n x tracking; optional ligatures off unless `features` sets them) (default 0)
---@field line_height? number|string from one baseline to the next: points, or "1.5x" for a multiple of the font's line_height; each line's box is that tall with the font's line centred in it, as CSS's line-height (default the font's line_height)
---@field features? table<string|integer, string|boolean|integer> OpenType features: list entries switch one on ({ "tnum", "smcp" }), keyed ones set it (kern = false, salt = 2); tags are 4 characters; features the font lacks do nothing (default: the font's defaults)
---@field variations? table<string, number> variation axes of a variable font (wght = 600); each value is clamped to the axis' range; an axis the font lacks, or a font without axes, is an error (default: the face's own)

---Draws text with its line box's top-left at (x, y): the baseline is at
---y + font.ascent (drawAtPoint:). "\n" starts a new line. With align "center"
---or "right", x is the middle or the right end of each line. Drawn from the
---glyph outlines as one fill, with the fill paint (or `color`), blend mode,
---alpha, shadow and clip. Returns the width and height of the text drawn.
---Emoji (😀, 👨‍👩‍👧, 🇯🇵, 1️⃣, skin tones; a character with U+FE0F) come in
---their own colors from the installed color emoji font (Noto Color Emoji),
---one glyph per sequence: its bitmap scaled to the size (area-averaged when
---smaller), not tinted by the fill, in the text's shadow and alpha.
---@param str string|number UTF-8
---@param x number
---@param y number
---@param opts? cell.TextOptions
---@return number width
---@return number height
function Canvas:text(str, x, y, opts) end

---Draws text in a rectangle, lines from its top (drawInRect:), or centred in
---it or ending at its bottom (`valign`, default "top"; a single line centred in
---a pill needs no arithmetic). A line wider than `w` is truncated with "…"
---(`truncate`, default "tail"; "clip" clips to the rectangle instead);
---`wrap = true` word-wraps. Lines below the bottom are dropped (the first is
---always drawn); the last line shown then ends in "…".
---Returns the width and height of the text drawn.
---@param str string|number UTF-8
---@param x number
---@param y number
---@param w number >= 0
---@param h number >= 0
---@param opts? cell.TextRectOptions
---@return number width
---@return number height
function Canvas:text_in_rect(str, x, y, w, h, opts) end

---The options of `Canvas:draw_linear_gradient` and `Canvas:draw_radial_gradient`.
---@class cell.GradientDrawOptions
---@field before? boolean extend the start color before the start (default false)
---@field after? boolean extend the end color past the end (default false)

---Fills the clip with a linear gradient from (x0, y0) to (x1, y1); nothing is
---painted before the start or after the end unless `before` / `after` (CG's rule).
---@param gradient cell.Gradient
---@param x0 number
---@param y0 number
---@param x1 number
---@param y1 number
---@param opts? cell.GradientDrawOptions
function Canvas:draw_linear_gradient(gradient, x0, y0, x1, y1, opts) end

---Fills the clip with a two-circle radial gradient.
---@param gradient cell.Gradient
---@param x0 number the start circle's centre
---@param y0 number
---@param r0 number the start circle's radius, >= 0
---@param x1 number the end circle's centre
---@param y1 number
---@param r1 number the end circle's radius, >= 0
---@param opts? cell.GradientDrawOptions
function Canvas:draw_radial_gradient(gradient, x0, y0, r0, x1, y1, r1, opts) end

---The options of `Canvas:begin_layer` and `Canvas:layer`.
---@class cell.LayerOptions
---@field alpha? number 0..1, times the state's alpha when the layer is composited (default 1)
---@field blend? cell.BlendMode how the layer is composited (default: the state's blend mode)
---@field name? string the layer's name in vector output (an SVG group's id; default none)

---Saves the state and starts a transparency layer (the size of the clip). At
---end_layer it is composited with `alpha` (x the state's), `blend` (default the
---state's), the state's shadow and the clip in force now.
---@param opts? cell.LayerOptions
function Canvas:begin_layer(opts) end

---Ends the innermost layer and restores the state begin_layer saved.
function Canvas:end_layer() end

---begin_layer, fn(c), end_layer, also when fn raises. Layers and saves fn left
---open are closed with it. Returns what fn returns.
---@param fn fun(c: cell.Canvas): ...
---@param opts? cell.LayerOptions
---@return ... results what fn returned
function Canvas:layer(fn, opts) end

---A transparent Canvas of w x h points in this canvas' device pixels (its
---transform's scale), to draw once and place many times with draw_image, as
---CGLayer: where it lands on whole device pixels at its own size it is copied
---pixel for pixel. Its pixels count against --max-memory; it is not a result
---of the script (cell.canvas is).
---@param w number points, > 0
---@param h number points, > 0
---@return cell.Canvas
function Canvas:make_layer(w, h) end

---Draws an Image (at its pixel size in points) or a Canvas (at its point size)
---at (x, y), or scaled into w x h, with bilinear filtering (shrunk: each pixel
---the average of the image area it covers); a canvas made by make_layer,
---placed on whole device pixels at its own size, is copied as is; placed at
---its own size between pixels, its drawing is done again there, once per
---sub-pixel phase and kept (at most 4 phases a state).
---@param image cell.Image|cell.Canvas
---@param x number
---@param y number
---@param w? number >= 0 (default: the image's own width)
---@param h? number >= 0 (default: its own height)
function Canvas:draw_image(image, x, y, w, h) end

---The pixel at integer pixel coordinates: r, g, b, a in 0..255, not premultiplied.
---@param px integer
---@param py integer
---@return integer r
---@return integer g
---@return integer b
---@return integer a
function Canvas:pixel(px, py) end

---The PNG file's bytes.
---@return string
function Canvas:png() end

---A JPEG file's bytes: the pixels over white (JPEG has no alpha), baseline,
---4:2:0 chroma.
---@param quality? integer 1 to 100 (default: --quality, else 90)
---@return string
function Canvas:jpeg(quality) end

---A WebP file's bytes, alpha kept: lossy at `quality`, else lossy at
---the command line's --quality when it is given, else lossless (exact pixels).
---@param quality? integer 1 to 100 (default: --quality, else lossless)
---@return string
function Canvas:webp(quality) end

---@class cell.SVGOptions
---@field text? "outline"|"text" text as glyph outlines, or as `<text>` elements naming the font (family, size, weight), editable in design tools; outlines remain where a font cannot be named (default: --svg-text, else "outline")

---The drawing as an SVG document in points (the canvas' size as the page, no
---scaling group): paths, strokes, gradients, clips, layers and blend modes in
---SVG's own terms, named layers and a table's groups (`table`, `section-N`,
---`section-N-row-M`) as groups with that id, text as glyph outlines or as
---`<text>` (`opts.text`), images embedded (a JPEG as its own bytes); what SVG
---cannot express (Porter-Duff modes other than clear, copy, destination_in
---and destination_out) as pixels at the canvas scale.
---@param opts? cell.SVGOptions
---@return string
function Canvas:svg(opts) end

---The drawing as a one-page PDF (the canvas' size in points as the page):
---as `svg`, with shadows drawn as images of the shadow alone.
---@return string
function Canvas:pdf() end

---Marks a region of the canvas as a slice: `--slices DIR` writes it as
---DIR/<name>.png (and <name>@2x.png, @3x with --scales), cut from the
---rendered pixels. In the canvas' points from its top-left corner (the
---current transform does not apply), rounded outwards to whole pixels; what
---lies outside the canvas is cut off.
---@param name string letters, digits, '-', '_' and '.' (not first); once per canvas
---@param x number
---@param y number
---@param w number
---@param h number
function Canvas:slice(name, x, y, w, h) end

---The slices marked on this canvas, in order.
---@return cell.Slice[]
function Canvas:slices() end

---@class cell.Slice
---@field name string
---@field x number
---@field y number
---@field w number
---@field h number

---What a script sets as the global `animation` to render frames instead of
---one canvas: -o x.gif, x.webp, x.png (APNG) or x.mp4 write the animation,
---other formats a file per frame (<stem>-<i>.<ext>).
---@class cell.Animation
---@field frames integer how many frames, 1 to 100000
---@field fps? number frames per second, up to 240 (default 30)
---@field draw fun(i: integer, t: number): cell.Canvas draws frame i (from 1) at t = (i - 1) / fps seconds and returns its canvas; frames are drawn in several Lua states at once, so it should depend on i and t only
---@field sequential? boolean draw every frame in one state, in order, for a script that keeps state from frame to frame (default false)

---@type cell.Animation|nil
animation = nil

---@class cell.ui
cell.ui = {}

---@alias cell.CellPosition "single"|"top"|"middle"|"bottom"

---The options of `cell.ui.cell_background`.
---@class cell.CellBackgroundOptions
---@field position? cell.CellPosition which corners are rounded: all (single), the top, none (middle) or the bottom (default "single")
---@field colors? [cell.ColorSpec, cell.ColorSpec] the gradient's top and bottom (default #FFFFFF, #DDDDDD)
---@field radius? number corner radius, >= 0 (default 10)
---@field stroke? cell.ColorSpec the outline (default gray)
---@field line_width? number the outline's width, >= 0 (default 1)

---The gradient cell background, drawn as the seed's
---view would in the frame (x, y, w, h), clipped to it.
---@param c cell.Canvas
---@param x number
---@param y number
---@param w number
---@param h number
---@param opts? cell.CellBackgroundOptions
function cell.ui.cell_background(c, x, y, w, h, opts) end

---The options of `cell.ui.bevel`.
---@class cell.BevelOptions
---@field offset? number|"pixel" how far the bevel's light and dark copies of the shape are shifted: points >= 0, or "pixel" for one device pixel (default 1)

---The iOS 5 grouped-section bevel: four layers, in a layer of
---their own. Offsets 1 pt unless `offset` is another number of points or "pixel".
---@param c cell.Canvas
---@param x number
---@param y number
---@param w number
---@param h number
---@param radius number >= 0
---@param fill cell.ColorSpec
---@param opts? cell.BevelOptions
function cell.ui.bevel(c, x, y, w, h, radius, fill, opts) end

---The options of `cell.ui.badge`.
---@class cell.BadgeOptions
---@field color? cell.ColorSpec the pill (default rgb(0.53, 0.6, 0.738))
---@field highlighted? boolean the selected row's look: the pill in highlight_color (default false)
---@field highlight_color? cell.ColorSpec the pill when highlighted (default white)
---@field font? cell.Font the text's font (default Helvetica-Bold 13)

---The badge of a mail-style cell: a pill from two arcs, its right edge at `right`,
---centred on `center_y`, as wide as the text (bold 13 pt) plus 7 pt each side; the text
---is knocked out of the current layer with `clear`. Returns the badge's rectangle.
---Default color rgb(0.53, 0.6, 0.738); highlighted: `highlight_color` (white).
---@param c cell.Canvas
---@param text string|number
---@param right number the badge's right edge
---@param center_y number its vertical centre
---@param opts? cell.BadgeOptions
---@return number x
---@return number y
---@return number w
---@return number h
function cell.ui.badge(c, text, right, center_y, opts) end

---Paints `color` outside the rounded rectangle.
---@param c cell.Canvas
---@param x number
---@param y number
---@param w number
---@param h number
---@param radius number >= 0
---@param color cell.ColorSpec
function cell.ui.rounded_overlay(c, x, y, w, h, radius, color) end

---A bar button of a navigation bar or toolbar, 30 pt tall, as wide as its title
---(bold 12 pt) plus 12 pt each side (at least 48), or its image plus 10 (at least 40).
---@class cell.BarButton
---@field title? string
---@field style? "bordered"|"done"|"plain" bordered: the bar's deeper shade; done: blue; plain: the title or image alone, white (default "bordered")
---@field image? cell.Image|cell.Canvas a template image: its alpha filled with the title's color, fitted in 20 x 20 pt (plain: 24)
---@field highlighted? boolean the pressed look (default false)

---The options of `cell.ui.status_bar`.
---@class cell.StatusBarOptions
---@field style? "default"|"black"|"translucent" light gray with black text, opaque black, or black at 50% (default "default")
---@field carrier? string (default "Carrier")
---@field time? string centred, bold 14 pt (default "9:41 AM")
---@field battery? number the battery's level, 0..1; 0.2 or less is red (default 1)
---@field signal? integer signal bars 0..5 (default 5)
---@field wifi? integer Wi-Fi arcs 0..3; 0 draws none (default 3)
---@field theme? "ios6"|"dark"|cell.Theme the colors: the theme's chrome keys (default "ios6")

---The iOS 6 status bar: 20 pt tall, signal bars and carrier at the left, the
---Wi-Fi fan after them, the time centred, the battery at the right.
---Returns the height it drew (20), to stack bars.
---@param c cell.Canvas
---@param x number
---@param y number
---@param w number the bar's width
---@param opts? cell.StatusBarOptions
---@return number height
function cell.ui.status_bar(c, x, y, w, opts) end

---The options of `cell.ui.navigation_bar`.
---@class cell.NavigationBarOptions
---@field title? string bold 20 pt white, centred, moved or truncated to stay 6 pt clear of the buttons
---@field prompt? string a 13 pt line above the title; the bar is then 74 pt tall
---@field back? string the back button's title (the previous screen's), at the left unless `left` is given
---@field left? cell.BarButton
---@field right? cell.BarButton
---@field tint? cell.ColorSpec the bar's gradient and its buttons derived from one color (default: the theme's bar colors)
---@field style? "default"|"black" black: the near-black bar (default "default")
---@field theme? "ios6"|"dark"|cell.Theme the colors: the theme's chrome keys (default "ios6")

---The iOS 6 navigation bar: 44 pt tall (74 with a prompt), its gloss between a
---light line at the top and a dark one at the bottom; buttons 5 pt from the sides.
---Returns the height it drew (44 or 74), to stack bars.
---@param c cell.Canvas
---@param x number
---@param y number
---@param w number the bar's width
---@param opts? cell.NavigationBarOptions
---@return number height
function cell.ui.navigation_bar(c, x, y, w, opts) end

---The options of `cell.ui.search_bar`.
---@class cell.SearchBarOptions
---@field placeholder? string gray, while `text` is empty (default none)
---@field text? string black, 14 pt (default none)
---@field scopes? string[] a scope bar's titles: a `bar` segmented control in a second 44 pt band (default none)
---@field scope? integer the selected scope, from 1 (default 1)
---@field tint? cell.ColorSpec the gradient derived from one color (default: the theme's search bar colors)
---@field style? "default"|"black" (default "default")
---@field theme? "ios6"|"dark"|cell.Theme the colors: the theme's chrome keys (default "ios6")

---The iOS 6 search bar: 44 pt tall (88 with scopes), a gray-blue gradient, a
---white field 31 pt tall with round ends and a magnifier, 7 pt from the sides.
---Returns the height it drew (44 or 88), to stack bars.
---@param c cell.Canvas
---@param x number
---@param y number
---@param w number the bar's width
---@param opts? cell.SearchBarOptions
---@return number height
function cell.ui.search_bar(c, x, y, w, opts) end

---The options of `cell.ui.toolbar`.
---@class cell.ToolbarOptions
---@field items? (cell.BarButton|"flexible"|string)[] buttons left to right, 10 pt apart and 12 pt from the sides; "flexible" spaces share what is left; "fixed:N" puts N pt in place of the 10 pt gap
---@field tint? cell.ColorSpec (default: the theme's bar colors)
---@field style? "default"|"black" (default "default")
---@field theme? "ios6"|"dark"|cell.Theme the colors: the theme's chrome keys (default "ios6")

---The iOS 6 toolbar: 44 pt tall, the navigation bar's gloss under a dark line.
---Returns the height it drew (44), to stack bars.
---@param c cell.Canvas
---@param x number
---@param y number
---@param w number the bar's width
---@param opts? cell.ToolbarOptions
---@return number height
function cell.ui.toolbar(c, x, y, w, opts) end

---An item of `cell.ui.tab_bar`.
---@class cell.TabItem
---@field title? string bold 10 pt under the icon
---@field image? cell.Image|cell.Canvas a template image fitted in 30 x 30 pt: gray, or glossy blue when selected
---@field badge? string|number a red badge at the icon's top right

---The options of `cell.ui.tab_bar`.
---@class cell.TabBarOptions
---@field items? cell.TabItem[] equally wide across the bar
---@field selected? integer the selected item, from 1; 0 for none (default 1)
---@field theme? "ios6"|"dark"|cell.Theme the colors: the theme's chrome keys (default "ios6")

---The iOS 6 tab bar: 49 pt tall, a black gloss; the selected item on a lighter
---rounded rectangle with a blue icon and a white title.
---Returns the height it drew (49), to stack bars.
---@param c cell.Canvas
---@param x number
---@param y number
---@param w number the bar's width
---@param opts? cell.TabBarOptions
---@return number height
function cell.ui.tab_bar(c, x, y, w, opts) end

---The options of `cell.ui.segmented`.
---@class cell.SegmentedOptions
---@field items? (string|cell.Image|cell.Canvas)[] the segments' titles or template images, equally wide
---@field selected? integer the selected segment, from 1; 0 for none (default 1)
---@field style? "plain"|"bordered"|"bar" plain: 44 pt, white segments, the selected one blue; bordered: flatter; bar: 30 pt in a bar's tint (default "plain")
---@field tint? cell.ColorSpec the bar style's color (default: the theme's bar buttons)
---@field theme? "ios6"|"dark"|cell.Theme the colors: the theme's chrome keys (default "ios6")

---The iOS 6 segmented control (UISegmentedControl), `w` wide.
---Returns the height it drew (44, or 30 in the bar style).
---@param c cell.Canvas
---@param x number
---@param y number
---@param w number the control's width
---@param opts? cell.SegmentedOptions
---@return number height
function cell.ui.segmented(c, x, y, w, opts) end

---The options of `cell.ui.button`.
---@class cell.ButtonOptions
---@field title? string centred, tail-truncated
---@field style? "rounded"|"bordered"|"done"|"plain"|"back" rounded: UIButton's white rounded rectangle (radius 9); the others: bar buttons, back with its pointed left end (default "rounded")
---@field tint? cell.ColorSpec bar buttons: the bar's color they take their shade from; rounded: the title's color
---@field image? cell.Image|cell.Canvas a template image left of the title
---@field highlighted? boolean the pressed look (default false)
---@field font? cell.Font (default Helvetica-Bold 15, bar buttons 12)
---@field theme? "ios6"|"dark"|cell.Theme the colors: the theme's chrome keys (default "ios6")

---A button in the frame (x, y, w, h): a rounded-rect button or a bar button.
---Returns the height it drew (h).
---@param c cell.Canvas
---@param x number
---@param y number
---@param w number
---@param h number
---@param opts? cell.ButtonOptions
---@return number height
function cell.ui.button(c, x, y, w, h, opts) end

---A header or footer view of a table.
---@class cell.TableView
---@field height? number points (default 44)
---@field color? cell.ColorSpec a flat fill (default none)
---@field colors? [cell.ColorSpec, cell.ColorSpec] a vertical gradient, top to bottom (default none)
---@field title? string centred text (default none)
---@field title_color? cell.ColorSpec the title's color (default white)
---@field draw? fun(c: cell.Canvas, w: number, h: number) custom content, in the view's own coordinates, after its fill

---What a row's `draw` is told of its state.
---@class cell.RowState
---@field highlighted boolean the row is selected (draw light content on the highlight)
---@field editing boolean the row shows an editing control
---@field checked boolean checked in multiple-selection editing

---A row of a table: UITableViewCell of iOS 5/6.
---@class cell.TableRow
---@field text? string the label (default none)
---@field detail? string the second label: under the label (subtitle), right-aligned (value1) or after a small label (value2) (default none)
---@field style? "default"|"subtitle"|"value1"|"value2" UITableViewCellStyle (default: "subtitle" with a detail, else "default")
---@field image? cell.Image|fun(c: cell.Canvas, x: number, y: number, w: number, h: number) the image slot at the left, 10 pt in: an Image at its size in points (scaled down to fit the row), or a function drawing a 29 x 29 pt slot; the labels move past it (default none)
---@field badge? string|number a badge at the right, its text knocked out of the pill (default none)
---@field highlighted? boolean the selected look: the highlight gradient, white text and badge (default false)
---@field accessory? "none"|"disclosure"|"checkmark"|"detail_disclosure"|"detail"|"switch" at the right edge; the badge sits left of it (default "none")
---@field on? boolean the switch's state (default false)
---@field editing? "none"|"delete"|"insert"|"select" the red minus, the green plus or the multiple-selection circle at the left; the content moves 32 pt right (default "none"; a table's `editing` gives every row one)
---@field reorder? boolean the reorder grip at the right, in a 38 pt band (default false)
---@field indent? integer indentation level, 10 pt each (default 0)
---@field height? number points (default: the table's row_height)
---@field text_color? cell.ColorSpec the label's color (default: the theme's `text`, or `value` for value2)
---@field detail_color? cell.ColorSpec the detail's color (default: the theme's `detail`, `value` for value1, `text` for value2)
---@field font? cell.Font|string the label's font, a Font or "Name size" (default: the theme's for the style)
---@field detail_font? cell.Font|string the detail's font (default: the theme's for the style)
---@field lines? integer most lines of the label, 0 for as many as the text has; a row without a height grows to fit them (default 1: one line, truncated with "…")
---@field detail_lines? integer the same for the detail (default 1)
---@field background? cell.ColorSpec the cell's fill instead of the table's (a red destructive row, a tinted unread row); grouped cells keep their outline (default none)
---@field align? "left"|"center" "center": a button row, its label centred across the cell (default "left")
---@field delete_button? boolean the swipe-to-delete confirmation: a red "Delete" button at the right in place of the accessory and badge; a delete control turns upright (default false)
---@field checked? boolean selected in multiple-selection editing: a filled circle with a tick, the row tinted (default false)
---@field draw? fun(c: cell.Canvas, w: number, h: number, content: cell.Rect, state: cell.RowState) custom content in the cell's coordinates, after its background, labels and accessory, in the cell's layer; `content` is what the image, the accessory and the badge leave free; `state` says whether the row is highlighted, editing or checked

---Every color and font a table draws with. Colors are color specs; pairs are top
---and bottom of a vertical gradient; fonts are Fonts or "Name size" strings. A theme
---given as a table overrides the keys it gives on top of `base`.
---@class cell.Theme
---@field base? "ios6"|"dark" the built-in the other keys override (default "ios6")
---@field background? cell.ColorSpec behind a grouped table (ios6 #C5CCD4)
---@field plain_background? cell.ColorSpec behind a plain table and its cells (ios6 white)
---@field cell_colors? [cell.ColorSpec, cell.ColorSpec] the gradient cell (ios6 #FFFFFF, #DDDDDD)
---@field text? cell.ColorSpec labels (ios6 black)
---@field detail? cell.ColorSpec subtitle details (ios6 gray)
---@field value? cell.ColorSpec value1 details and value2 labels (ios6 #385487)
---@field section_title? cell.ColorSpec grouped section titles (ios6 #4C566C)
---@field section_footer? cell.ColorSpec grouped section footers (ios6 #4C566C)
---@field section_shadow? cell.ColorSpec the titles' and footers' shadow 1 pt below (ios6 white)
---@field plain_header_colors? [cell.ColorSpec, cell.ColorSpec] plain section header bars (ios6 #90A0AC, #B8C1C8)
---@field plain_header_text? cell.ColorSpec (ios6 white)
---@field plain_header_shadow? cell.ColorSpec (ios6 black at 35%)
---@field separator? cell.ColorSpec lines between plain rows (ios6 #E0E0E0)
---@field border? cell.ColorSpec the gradient cell's outline (ios6 gray)
---@field plain_border? cell.ColorSpec the plain grouped cell's outline (ios6 white 0.67)
---@field bevel_separator? cell.ColorSpec lines between rows of a bevelled section (ios6 white 0.8)
---@field highlight_colors? [cell.ColorSpec, cell.ColorSpec] the selection gradient (ios6 #058CF5, #015EE6)
---@field highlight_text? cell.ColorSpec text and accessories on it (ios6 white)
---@field badge? cell.ColorSpec (ios6 rgb 0.53, 0.6, 0.738)
---@field badge_highlight? cell.ColorSpec badges of highlighted rows (ios6 white)
---@field accessory? cell.ColorSpec the chevron and the reorder grip (ios6 gray)
---@field tint? cell.ColorSpec the checkmark and the detail button (ios6 #324F85)
---@field switch_on? cell.ColorSpec the switch's track when on (ios6 #0B76E8)
---@field switch_off? cell.ColorSpec the switch's track when off, shaded to 87% at its top (ios6 white)
---@field pinstripe? cell.ColorSpec the light stripes of the `"pinstripes"` background (ios6 #CBD2D8)
---@field delete_colors? [cell.ColorSpec, cell.ColorSpec] the delete control and the Delete button (ios6 #F26D64, #C1160C)
---@field insert_colors? [cell.ColorSpec, cell.ColorSpec] the insert control (ios6 #7ED36B, #2C9A1F)
---@field check_mark? cell.ColorSpec the multiple-selection circle when checked (ios6 #E0301E)
---@field checked_background? cell.ColorSpec a checked row's tint (ios6 #E6EDF8)
---@field font? cell.Font|string default and value1 labels (ios6 "Helvetica-Bold 17")
---@field subtitle_font? cell.Font|string (ios6 "Helvetica-Bold 18")
---@field subtitle_detail_font? cell.Font|string (ios6 "Helvetica 14")
---@field value_font? cell.Font|string value1 details (ios6 "Helvetica 17")
---@field value2_label_font? cell.Font|string (ios6 "Helvetica-Bold 12")
---@field value2_detail_font? cell.Font|string (ios6 "Helvetica-Bold 15")
---@field section_title_font? cell.Font|string (ios6 "Helvetica-Bold 17")
---@field section_footer_font? cell.Font|string (ios6 "Helvetica 15")
---@field badge_font? cell.Font|string (ios6 "Helvetica-Bold 13")
---@field status_bar_colors? [cell.ColorSpec, cell.ColorSpec] the default status bar (ios6 #E8E8E8, #B5B5B5)
---@field status_bar_text? cell.ColorSpec the default status bar's text and icons (ios6 black)
---@field status_bar_shadow? cell.ColorSpec their shadow 1 pt below (ios6 white at 50%)
---@field bar_colors? [cell.ColorSpec, cell.ColorSpec] navigation bars and toolbars (ios6 #B0BCCD, #6D83A2)
---@field bar_line? cell.ColorSpec the navigation bar's bottom line, the toolbar's top line (ios6 #2D3642)
---@field bar_text? cell.ColorSpec titles on bars and bar buttons (ios6 white)
---@field bar_text_shadow? cell.ColorSpec their shadow 1 pt above (ios6 black at 50%)
---@field bar_button_colors? [cell.ColorSpec, cell.ColorSpec] bordered and back buttons (ios6 #7F98BD, #4A6790)
---@field bar_button_border? cell.ColorSpec (ios6 #2F3D52)
---@field done_button_colors? [cell.ColorSpec, cell.ColorSpec] (ios6 #3F7BE8, #1C4FD0)
---@field tab_bar_colors? [cell.ColorSpec, cell.ColorSpec] the tab bar's gloss (ios6 #3A3A3A, #000000)
---@field tab_bar_line? cell.ColorSpec the line at its top (ios6 black at 60%)
---@field tab_icon_colors? [cell.ColorSpec, cell.ColorSpec] unselected icons (ios6 #A4A4A4, #6C6C6C)
---@field tab_text? cell.ColorSpec unselected titles (ios6 #999999)
---@field tab_selected_colors? [cell.ColorSpec, cell.ColorSpec] the selected icon's gloss (ios6 #5AC8FF, #0A74E8)
---@field tab_selected_text? cell.ColorSpec (ios6 white)
---@field tab_selected_background? cell.ColorSpec the rounded rectangle behind the selected item (ios6 white at 15%)
---@field tab_badge_colors? [cell.ColorSpec, cell.ColorSpec] (ios6 #E3000C, #B20000)
---@field tab_badge_text? cell.ColorSpec the badge's text and ring (ios6 white)
---@field search_bar_colors? [cell.ColorSpec, cell.ColorSpec] (ios6 #CDD5DD, #A9B6C3)
---@field search_bar_line? cell.ColorSpec its bottom line (ios6 #8E99A5)
---@field search_field_fill? cell.ColorSpec (ios6 white)
---@field search_field_border? cell.ColorSpec (ios6 #8B8B8B)
---@field search_field_text? cell.ColorSpec (ios6 black)
---@field search_field_placeholder? cell.ColorSpec the placeholder and the magnifier (ios6 #9A9A9A)
---@field segmented_colors? [cell.ColorSpec, cell.ColorSpec] plain and bordered segments (ios6 #FFFFFF, #DEDEDE)
---@field segmented_border? cell.ColorSpec (ios6 #8E8E8E)
---@field segmented_text? cell.ColorSpec unselected titles (ios6 #7F7F7F)
---@field segmented_selected_colors? [cell.ColorSpec, cell.ColorSpec] (ios6 #2A8BEF, #165FD2)
---@field segmented_selected_text? cell.ColorSpec (ios6 white)
---@field button_fill? cell.ColorSpec the rounded-rect button (ios6 white)
---@field button_border? cell.ColorSpec (ios6 #7C7C7C)
---@field button_text? cell.ColorSpec (ios6 #324F85)
---@field button_highlight_colors? [cell.ColorSpec, cell.ColorSpec] a highlighted rounded-rect button (ios6 #058CF5, #015EE6)

---The built-in themes, by name ("ios6", "dark"), as cell.Theme tables: colors as
---"#RRGGBB[AA]", fonts as "Name size". Copy one and change keys to make another.
---The table is made the first time a script reads it (through `cell.ui`'s
---metatable) and kept in `cell.ui` from then on, so `pairs(cell.ui)` lists
---`themes` only after that.
---@type table<string, cell.Theme>
cell.ui.themes = {}

---A section of a table.
---@class cell.TableSection
---@field title? string above the section (default none)
---@field footer? string below it (default none)
---@field header_view? cell.TableView a view of any height in place of the title, as wide as the table (default none)
---@field footer_view? cell.TableView a view in place of the footer text (default none)
---@field rows? cell.TableRow[] (default none)

---A table spec's `corner_overlay`: the table's corners rounded by painting outside them.
---@class cell.CornerOverlay
---@field radius? number >= 0 (default 10)
---@field color? cell.ColorSpec what is painted outside (default black)

---What `cell.ui.table` reads. Defaults are UIKit's metrics of the iOS 4/5 era.
---@class cell.TableSpec
---@field x? number the table's left on the canvas, points (default 0)
---@field y? number its top (default 0)
---@field width? number (default 320)
---@field height? number (default 480)
---@field style? "grouped"|"plain" (default "grouped")
---@field background? cell.ColorSpec|"pinstripes" behind everything (default: the theme's; ios6 #C5CCD4 grouped, white plain); "pinstripes": the grouped table's stock striped background (the theme's background with 3 pt stripes of `pinstripe` every 7 pt)
---@field editing? boolean|"multi" true: every row shows its editing control (delete unless it says insert) and accessories and badges are hidden, as UIKit hides them; "multi": the multiple-selection circles, rows' `checked` filled (default false)
---@field top_color? cell.ColorSpec what shows when the table is pulled down past its top (default: the background)
---@field bottom_color? cell.ColorSpec what shows when it is pushed up past its bottom (default: the background)
---@field content_offset? number the scroll position; negative when pulled down past the top (default 0)
---@field header? cell.TableView a view above the sections (default none)
---@field footer? cell.TableView a view below them (default none)
---@field sections? cell.TableSection[] (default none)
---@field cell_style? "gradient"|"plain"|"bevel" grouped cells' look (default "gradient")
---@field corner_overlay? cell.CornerOverlay rounds the table's corners by painting outside them (default none)
---@field row_height? number rows that set no height (default 44)
---@field inset? number grouped sections' left and right inset (default 10)
---@field section_spacing? number space above each grouped section and below the last (default 20)
---@field radius? number grouped cells' corner radius (default 10)
---@field cell_colors? [cell.ColorSpec, cell.ColorSpec] the gradient cell's top and bottom (default: the theme's)
---@field badge_color? cell.ColorSpec (default: the theme's badge)
---@field badge_highlight_color? cell.ColorSpec badges of highlighted rows (default: the theme's badge_highlight)
---@field theme? "ios6"|"dark"|cell.Theme every color and font the table draws with (default "ios6"); cell_colors, badge_color and badge_highlight_color override it
---@field separator? "single"|"none" lines between plain rows and bevelled rows (default "single"); grouped gradient cells keep their outline
---@field separator_inset? number where separators start from the row's left, points (default 0)

---A table view laid out from `spec` (UIKit's metrics by default: 44 pt rows, 10 pt
---insets, 20 pt between grouped sections).
---@param spec cell.TableSpec
---@return cell.Table
function cell.ui.table(spec) end

---@class cell.Table
---@field content_height number
---@field width number
---@field height number
---@field content_offset number
local Table = {}

---Draws the table, each cell in its own layer. An error in a `draw` or `image`
---function of the spec is raised from here.
---@param c cell.Canvas
function Table:render(c) end

---The row at canvas point (x, y) as section, row (1-based), or nil on gaps, titles,
---header and footer; the corner overlay does not block it.
---@param x number
---@param y number
---@return integer? section
---@return integer? row
function Table:hit_test(x, y) end

---The frame of a row on the canvas; an error when there is no such row.
---@param section integer 1-based
---@param row integer 1-based
---@return number x
---@return number y
---@return number w
---@return number h
function Table:row_rect(section, row) end

---What `cell.ui.screen` reads: the iOS 6 stack of views around a table. Every
---bar takes the options of its own function (`cell.ui.navigation_bar`, ...)
---but `theme`, which the screen gives them all.
---@class cell.ScreenSpec
---@field device? "iphone"|"iphone5"|"ipad" 320 x 480, 320 x 568 or 768 x 1024 pt, portrait (default "iphone"); the canvas must be that size
---@field status_bar? cell.StatusBarOptions|false the status bar, 20 pt; a "translucent" one lies over the content; false: none (default: a default-style bar)
---@field navigation_bar? cell.NavigationBarOptions below the status bar, 44 pt (74 with a prompt) (default none)
---@field search_bar? cell.SearchBarOptions the table's header view, scrolling with the rows as in Mail and Contacts; a header of the table's own goes below it (default none)
---@field table cell.TableSpec|cell.Table what fills the rest; the screen sets its frame and scroll (a Table keeps its functions); it takes the screen's theme unless its spec gives one; on an iPad grouped sections are inset 45 pt unless the spec says
---@field scroll? number how far the content is scrolled; negative pulls it down, the stretchers showing (default: the table's content_offset)
---@field toolbar? cell.ToolbarOptions at the bottom, above a tab bar, 44 pt (default none)
---@field tab_bar? cell.TabBarOptions at the bottom, 49 pt (default none)
---@field theme? "ios6"|"dark"|cell.Theme the chrome's colors, and the table's unless it gives its own (default "ios6")

---A whole screen (status, navigation, search, tool and tab bars around a table),
---laid out for `spec.device`.
---@param spec cell.ScreenSpec
---@return cell.Screen
function cell.ui.screen(spec) end

---@class cell.Screen
---@field width number the device's width in points
---@field height number
---@field device "iphone"|"iphone5"|"ipad"
local Screen = {}

---Draws the screen filling `c`, which must be the device's size: the table,
---then the bars over it. An error in a `draw` function of the table is raised
---from here.
---@param c cell.Canvas
function Screen:render(c) end

---What is under canvas point (x, y): a bar's name ("status_bar",
---"navigation_bar", "search_bar", "toolbar", "tab_bar") and the part of it
---("back", "left", "right", "title", "prompt", "field", "scopeN", "itemN",
---"tabN", or nil); or "row", section, row (1-based); or "table" for the rest of
---the table; nil outside the screen.
---@param x number
---@param y number
---@return string|nil part
---@return string|integer|nil detail
---@return integer|nil row
function Screen:hit_test(x, y) end

return cell
