/// The live preview's page: one self-contained document (no other assets).
///
/// It asks `/state`, shows every variant's frame at the chosen scale (by
/// default the screen's pixel ratio, 1 to 3), and listens on the `/events`
/// WebSocket: each render swaps the images in place (no navigation), or
/// shows the render's error over the last good images. Hovering shows the
/// point in the canvas' points and the pixel's color, with a loupe; over a
/// `cell.ui.table` it outlines the row under the pointer (`/hit`). The
/// compare switch marks the pixels that changed since the previous render.
/// The zoom shows the images at their size in points, fitted to the window,
/// or at 1, 2, 4 or 8 device pixels per image pixel (pixelated, with a grid
/// of image pixels from 4x). The panel on the right has a control for each
/// parameter the render read (`PreviewRenderer.setValues`), its values in
/// the URL's query, the zoom in its fragment.
enum PreviewPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>celllua preview</title>
<link rel="icon" href="data:,">
<style>
  :root { color-scheme: light dark; font: 13px -apple-system, "Helvetica Neue", Helvetica, Arial, sans-serif; }
  body { margin: 0; background: #e9e9ee; color: #222; }
  @media (prefers-color-scheme: dark) { body { background: #1c1c1e; color: #ddd; } }
  header { position: sticky; top: 0; z-index: 3; display: flex; gap: 16px; align-items: center;
           padding: 8px 14px; background: rgba(250,250,252,0.92); border-bottom: 1px solid #ccc; }
  @media (prefers-color-scheme: dark) { header { background: rgba(40,40,44,0.92); border-color: #444; } }
  header b { font-size: 14px; }
  #status { color: #888; font-variant-numeric: tabular-nums; }
  #readout { margin-left: auto; font-variant-numeric: tabular-nums; min-width: 330px; text-align: right; }
  #error { display: none; position: sticky; top: 41px; z-index: 2; margin: 0; padding: 10px 14px;
           background: #b3261e; color: #fff; font: 12px ui-monospace, Menlo, monospace; white-space: pre-wrap; }
  #gallery { display: flex; flex-wrap: wrap; gap: 24px; padding: 20px; align-items: flex-start; }
  figure { margin: 0; }
  figcaption { margin-bottom: 6px; display: flex; gap: 10px; align-items: baseline; }
  figcaption .name { font-weight: 600; }
  figcaption a { color: #0a63c9; font-size: 12px; }
  .stage { position: relative; line-height: 0; box-shadow: 0 1px 4px rgba(0,0,0,0.25);
           background: repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
  .stage img { display: block; image-rendering: auto; }
  .stage canvas.diff { position: absolute; left: 0; top: 0; pointer-events: none; display: none; }
  .stage svg.rows { position: absolute; left: 0; top: 0; pointer-events: none; overflow: visible; }
  main { display: flex; align-items: flex-start; }
  #gallery { flex: 1; min-width: 0; overflow-x: auto; }
  .stage img.pixelated { image-rendering: pixelated; }
  .stage .grid { position: absolute; left: 0; top: 0; pointer-events: none; display: none; }
  #params { display: none; position: sticky; top: 41px; width: 270px; flex: none; max-height: calc(100vh - 41px);
            overflow: auto; box-sizing: border-box; padding: 14px; border-left: 1px solid #ccc;
            background: rgba(250,250,252,0.92); }
  @media (prefers-color-scheme: dark) { #params { background: rgba(40,40,44,0.92); border-color: #444; } }
  #params h2 { font-size: 12px; text-transform: uppercase; letter-spacing: 0.06em; color: #888; margin: 0 0 10px; }
  #repl { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 20px; padding: 20px; overflow-x: auto; }
  [hidden] { display: none !important; }
  #repl figure { align-self: flex-start; }
  #repl figcaption code { font: 12px ui-monospace, Menlo, monospace; white-space: pre-wrap; }
  #repl .stage { align-self: flex-start; }
  .control { margin-bottom: 12px; }
  .control label { display: flex; justify-content: space-between; gap: 8px; margin-bottom: 4px; }
  .control label .name { color: #888; font: 11px ui-monospace, Menlo, monospace; }
  .control.changed label span:first-child::after { content: " •"; color: #007aff; }
  .control .row { display: flex; gap: 6px; align-items: center; }
  .control input[type=range] { flex: 1; min-width: 0; }
  .control input[type=number] { width: 72px; }
  .control input[type=text], .control select { width: 100%; box-sizing: border-box; }
  .control .hint { color: #888; font-size: 11px; margin-top: 2px; }
  #params .buttons { display: flex; gap: 8px; margin-top: 14px; }
  #variant-text { display: none; width: 100%; box-sizing: border-box; margin-top: 8px; font: 11px ui-monospace, Menlo, monospace; }
  #loupe { position: fixed; display: none; z-index: 4; pointer-events: none; border: 1px solid #333;
           box-shadow: 0 2px 8px rgba(0,0,0,0.4); image-rendering: pixelated; }
</style>
</head>
<body>
<header>
  <b>celllua</b>
  <label>scale <select id="scale"><option>1</option><option>2</option><option>3</option></select></label>
  <label>zoom <select id="zoom">
    <option value="pt">points</option><option value="fit">fit</option><option value="1:1">1:1 pixels</option>
    <option value="2x">2x</option><option value="4x">4x</option><option value="8x">8x</option>
  </select></label>
  <label title="Mark the pixels that changed since the previous render"><input type="checkbox" id="compare"> compare</label>
  <span id="status">connecting…</span>
  <span id="readout"></span>
</header>
<pre id="error"></pre>
<main>
<div id="gallery"></div>
<div id="repl" hidden></div>
<aside id="params">
  <h2>Parameters</h2>
  <div id="controls"></div>
  <div class="buttons"><button id="copy-variant" title="The Lua entry for the script's variants table">Copy as variant</button>
    <button id="reset" title="Every parameter back to its -D value or default">Reset</button></div>
  <textarea id="variant-text" rows="3" readonly></textarea>
</aside>
</main>
<canvas id="loupe" width="132" height="132"></canvas>
<script>
"use strict";
const preview = { generation: -1, variants: [], error: null, loaded: {}, renders: 0 };
window.preview = preview;
const gallery = document.getElementById("gallery");
const errorBox = document.getElementById("error");
const statusLine = document.getElementById("status");
const readout = document.getElementById("readout");
const scaleSelect = document.getElementById("scale");
const compare = document.getElementById("compare");
const loupe = document.getElementById("loupe");
const zoomSelect = document.getElementById("zoom");
const paramsPanel = document.getElementById("params");
const controlsBox = document.getElementById("controls");
const variantText = document.getElementById("variant-text");
scaleSelect.value = String(Math.min(3, Math.max(1, Math.round(window.devicePixelRatio || 1))));
const figures = new Map();

function scale() { return Number(scaleSelect.value); }
function frameURL(v, format, g) {
  return "/frame?v=" + encodeURIComponent(v) + "&scale=" + scale() + "&format=" + format + (g !== undefined ? "&g=" + g : "");
}

function figureFor(v) {
  let f = figures.get(v);
  if (f) return f;
  const fig = document.createElement("figure");
  fig.dataset.variant = v;
  const cap = document.createElement("figcaption");
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = v === "" ? "" : v;
  cap.appendChild(name);
  const links = {};
  for (const format of ["png", "svg", "pdf"]) {
    const a = document.createElement("a");
    a.textContent = format.toUpperCase();
    a.download = "";
    cap.appendChild(a);
    links[format] = a;
  }
  const stage = document.createElement("div");
  stage.className = "stage";
  const img = document.createElement("img");
  img.alt = v || "render";
  const diff = document.createElement("canvas");
  diff.className = "diff";
  const rows = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  rows.setAttribute("class", "rows");
  rows.setAttribute("preserveAspectRatio", "none");
  const grid = document.createElement("div");
  grid.className = "grid";
  stage.append(img, diff, grid, rows);
  fig.append(cap, stage);
  gallery.appendChild(fig);
  const pixels = document.createElement("canvas");
  f = { fig, img, diff, grid, rows, links, pixels, previous: null, current: null, generation: -1 };
  figures.set(v, f);
  img.addEventListener("load", () => imageLoaded(v, f));
  stage.addEventListener("mousemove", (e) => hover(v, f, e));
  stage.addEventListener("mouseleave", () => { readout.textContent = ""; loupe.style.display = "none"; f.rows.innerHTML = ""; });
  return f;
}

function imageLoaded(v, f) {
  const w = f.img.naturalWidth, h = f.img.naturalHeight;
  place(f);
  f.pixels.width = w;
  f.pixels.height = h;
  const ctx = f.pixels.getContext("2d", { willReadFrequently: true });
  ctx.clearRect(0, 0, w, h);
  ctx.drawImage(f.img, 0, 0);
  f.previous = f.current;
  f.current = ctx.getImageData(0, 0, w, h);
  preview.loaded[v] = f.generation;
  drawDiff(f);
}

function drawDiff(f) {
  const cur = f.current, prev = f.previous;
  if (!compare.checked || !cur) { f.diff.style.display = "none"; return; }
  f.diff.width = cur.width;
  f.diff.height = cur.height;
  place(f);
  const ctx = f.diff.getContext("2d");
  const out = ctx.createImageData(cur.width, cur.height);
  const same = prev && prev.width === cur.width && prev.height === cur.height;
  let changed = 0;
  for (let i = 0; i < cur.data.length; i += 4) {
    const d = !same || cur.data[i] !== prev.data[i] || cur.data[i + 1] !== prev.data[i + 1] ||
      cur.data[i + 2] !== prev.data[i + 2] || cur.data[i + 3] !== prev.data[i + 3];
    if (d) { out.data[i] = 255; out.data[i + 1] = 0; out.data[i + 2] = 200; out.data[i + 3] = 230; changed++; }
    else { out.data[i] = 255; out.data[i + 1] = 255; out.data[i + 2] = 255; out.data[i + 3] = 150; }
  }
  ctx.putImageData(out, 0, 0);
  f.diff.style.display = "block";
  f.diff.dataset.changed = String(changed);
}

let hitBusy = false, hitNext = null;
function hover(v, f, e) {
  if (!f.current) return;
  // Image pixels per CSS pixel, whatever the zoom.
  const rect = f.img.getBoundingClientRect();
  const k = f.img.naturalWidth / rect.width;
  const px = Math.floor((e.clientX - rect.left) * k), py = Math.floor((e.clientY - rect.top) * k);
  const x = (e.clientX - rect.left) * k / f.scale, y = (e.clientY - rect.top) * k / f.scale;
  if (px < 0 || py < 0 || px >= f.current.width || py >= f.current.height) return;
  readout.dataset.pixel = `${px},${py}`;
  const i = (py * f.current.width + px) * 4, d = f.current.data;
  const hex = "#" + [d[i], d[i + 1], d[i + 2]].map((c) => c.toString(16).padStart(2, "0")).join("");
  f.readout = `${x.toFixed(1)}, ${y.toFixed(1)} pt  ·  pixel ${px}, ${py}  ·  ${hex} α ${d[i + 3]}`;
  showReadout(f);
  readout.dataset.color = `${d[i]},${d[i + 1]},${d[i + 2]},${d[i + 3]}`;
  // Zoomed in, the image is its own loupe.
  if (f.grid.style.display === "block") loupe.style.display = "none"; else showLoupe(f, px, py, e);
  hitNext = { v, f, x, y };
  if (!hitBusy) askHit();
}

function showReadout(f) {
  readout.textContent = (f.readout || "") + (f.row ? `  ·  section ${f.row.section}, row ${f.row.row}` : "");
}

function showLoupe(f, px, py, e) {
  const n = 11, cell = 12;
  const ctx = loupe.getContext("2d");
  ctx.imageSmoothingEnabled = false;
  ctx.fillStyle = "#888";
  ctx.fillRect(0, 0, loupe.width, loupe.height);
  ctx.drawImage(f.pixels, px - 5, py - 5, n, n, 0, 0, n * cell, n * cell);
  ctx.strokeStyle = "#ff2d55";
  ctx.lineWidth = 2;
  ctx.strokeRect(5 * cell, 5 * cell, cell, cell);
  loupe.style.left = (e.clientX + 18) + "px";
  loupe.style.top = (e.clientY + 18) + "px";
  loupe.style.display = "block";
}

async function askHit() {
  hitBusy = true;
  while (hitNext) {
    const { v, f, x, y } = hitNext;
    hitNext = null;
    try {
      const r = await fetch(`/hit?v=${encodeURIComponent(v)}&scale=${f.scale}&x=${x}&y=${y}`);
      const hit = await r.json();
      f.rows.innerHTML = "";
      f.row = null;
      if (hit.section !== null && hit.section !== undefined) {
        f.row = hit;
        const poly = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
        poly.setAttribute("points", hit.corners.map((c) => c.join(",")).join(" "));
        poly.setAttribute("fill", "rgba(0,122,255,0.08)");
        poly.setAttribute("stroke", "#007aff");
        poly.setAttribute("stroke-width", "1.5");
        f.rows.appendChild(poly);
        f.rows.dataset.row = `${hit.section},${hit.row}`;
      } else {
        delete f.rows.dataset.row;
      }
      showReadout(f);
    } catch (err) { /* the server went away: the socket reports it */ }
  }
  hitBusy = false;
}

// Zoom: "pt" shows a point as a CSS pixel (the default); "fit" the whole
// image in the window; "1:1", "2x", "4x", "8x" that many device pixels per
// image pixel, pixelated, with a grid of image pixels from 4x.
function zoom() { return zoomSelect.value; }
function place(f) {
  const w = f.img.naturalWidth, h = f.img.naturalHeight;
  if (!w || !h) return;
  const dpr = window.devicePixelRatio || 1, z = zoom();
  let cssW, cssH;
  if (z === "pt") { cssW = w / f.scale; cssH = h / f.scale; }
  else if (z === "fit") {
    const availW = Math.max(40, gallery.clientWidth - 44);
    const availH = Math.max(40, window.innerHeight - 130);
    const k = Math.min(availW / w, availH / h);
    cssW = w * k; cssH = h * k;
  } else {
    const m = z === "1:1" ? 1 : parseInt(z, 10);
    cssW = w * m / dpr; cssH = h * m / dpr;
  }
  const devicePerPixel = cssW * dpr / w;
  for (const el of [f.img, f.diff, f.grid, f.rows]) { el.style.width = cssW + "px"; el.style.height = cssH + "px"; }
  f.img.classList.toggle("pixelated", z !== "pt" && z !== "fit" || devicePerPixel >= 2);
  f.rows.setAttribute("viewBox", `0 0 ${w / f.scale} ${h / f.scale}`);
  const cell = cssW / w;
  f.grid.style.display = devicePerPixel >= 3.99 ? "block" : "none";
  f.grid.dataset.cell = String(cell);
  f.grid.style.backgroundImage = "linear-gradient(to right, rgba(128,128,128,0.45) 1px, transparent 1px)," +
    "linear-gradient(to bottom, rgba(128,128,128,0.45) 1px, transparent 1px)";
  f.grid.style.backgroundSize = `${cell}px ${cell}px`;
  f.stage = f.stage || f.img.parentElement;
}
function applyZoom() {
  const h = new URLSearchParams(location.hash.slice(1));
  if (zoom() === "pt") h.delete("zoom"); else h.set("zoom", zoom());
  const text = h.toString();
  history.replaceState(null, "", location.pathname + location.search + (text ? "#" + text : ""));
  for (const f of figures.values()) place(f);
}
{
  const z = new URLSearchParams(location.hash.slice(1)).get("zoom");
  if (z && [...zoomSelect.options].some((o) => o.value === z)) zoomSelect.value = z;
}
zoomSelect.addEventListener("change", applyZoom);
window.addEventListener("resize", () => { if (zoom() === "fit") applyZoom(); });

// Controls: one per parameter the render read. The page's values live in its
// URL's query (name=value, as -D takes them); on connecting, and on every
// change, the page sends all of them; the server renders with them over -D.
const pageValues = {};
for (const [k, v] of new URLSearchParams(location.search)) pageValues[k] = v;
let socket = null, controlsShape = "", params = [];
function sendValues() {
  const q = new URLSearchParams(pageValues).toString();
  history.replaceState(null, "", location.pathname + (q ? "?" + q : "") + location.hash);
  preview.sentAt = Date.now();
  variantText.style.display = "none";
  if (socket && socket.readyState === 1) socket.send(JSON.stringify({ values: pageValues }));
}
function setValue(name, text) {
  pageValues[name] = text;
  const row = controlsBox.querySelector(`.control[data-name="${CSS.escape(name)}"]`);
  if (row) row.classList.add("changed");
  sendValues();
}
function control(p) {
  const row = document.createElement("div");
  row.className = "control";
  row.dataset.name = p.name;
  row.dataset.type = p.type;
  const label = document.createElement("label");
  const title = document.createElement("span");
  title.textContent = p.label || p.name;
  label.append(title);
  if (p.label) { const n = document.createElement("span"); n.className = "name"; n.textContent = p.name; label.append(n); }
  if (p.doc) row.title = p.doc;
  const line = document.createElement("div");
  line.className = "row";
  let set;
  const input = (type) => { const i = document.createElement("input"); i.type = type; line.append(i); return i; };
  if (p.type === "number") {
    const ranged = p.min !== undefined && p.max !== undefined;
    const slider = ranged ? input("range") : null;
    const field = input("number");
    for (const el of [slider, field]) {
      if (!el) continue;
      if (p.min !== undefined) el.min = p.min;
      if (p.max !== undefined) el.max = p.max;
      el.step = p.step !== undefined ? p.step : "any";
    }
    if (slider) slider.addEventListener("input", () => { field.value = slider.value; setValue(p.name, slider.value); });
    field.addEventListener("change", () => { if (field.value !== "" && field.checkValidity()) { if (slider) slider.value = field.value; setValue(p.name, field.value); } });
    set = (v) => { if (slider && document.activeElement !== slider) slider.value = v; if (document.activeElement !== field) field.value = v; };
  } else if (p.type === "boolean") {
    const box = input("checkbox");
    box.addEventListener("change", () => setValue(p.name, box.checked ? "true" : "false"));
    set = (v) => { box.checked = v === "true"; };
  } else if (p.type === "color") {
    const well = input("color");
    const text = document.createElement("span");
    text.className = "name";
    line.append(text);
    // The well has no alpha: a translucent value keeps its alpha.
    well.addEventListener("input", () => {
      const v = (well.value + (row.dataset.alpha || "")).toUpperCase();
      text.textContent = v;
      setValue(p.name, v);
    });
    set = (v, q) => {
      const hex = q.hex || "#000000";
      row.dataset.alpha = hex.length === 9 ? hex.slice(7) : "";
      if (document.activeElement !== well) well.value = hex.slice(0, 7).toLowerCase();
      text.textContent = hex;
    };
  } else if (p.choices) {
    const menu = document.createElement("select");
    for (const c of p.choices) { const o = document.createElement("option"); o.textContent = c; o.value = c; menu.append(o); }
    line.append(menu);
    menu.addEventListener("change", () => setValue(p.name, menu.value));
    set = (v) => { menu.value = v; };
  } else {
    const field = input("text");
    field.addEventListener("change", () => setValue(p.name, field.value));
    set = (v) => { if (document.activeElement !== field) field.value = v; };
  }
  row.append(label, line);
  if (p.min !== undefined || p.max !== undefined) {
    const hint = document.createElement("div");
    hint.className = "hint";
    hint.textContent = `${p.min ?? ""} … ${p.max ?? ""}` + (p.step !== undefined ? `, step ${p.step}` : "");
    row.append(hint);
  }
  row.update = (q) => { set(q.value ?? "", q); row.classList.toggle("changed", q.from === "page"); };
  return row;
}
function showControls(list) {
  params = list || [];
  paramsPanel.style.display = params.length ? "block" : "none";
  const shape = JSON.stringify(params.map((p) => [p.name, p.type, p.min, p.max, p.step, p.choices, p.label, p.doc]));
  if (shape !== controlsShape) {
    controlsShape = shape;
    controlsBox.replaceChildren(...params.map(control));
  }
  for (const p of params) {
    const row = controlsBox.querySelector(`.control[data-name="${CSS.escape(p.name)}"]`);
    if (row) row.update(p);
  }
}
function luaString(s) {
  return '"' + s.replace(/[\\"]/g, (c) => "\\" + c).replace(/\n/g, "\\n").replace(/[\x00-\x1f]/g,
    (c) => "\\" + c.charCodeAt(0)) + '"';
}
const luaWords = new Set(("and break do else elseif end false for function goto if in local nil not or repeat " +
  "return then true until while").split(" "));
function luaKey(k) { return /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) && !luaWords.has(k) ? k : "[" + luaString(k) + "]"; }
// The entry for the script's variants table that gives what the page shows:
// every parameter whose value is not its default.
function variantEntry() {
  const fields = [];
  for (const p of params) {
    if (p.value === null || p.value === undefined || p.value === p.default || String(p.default) === p.value) continue;
    const v = p.type === "number" || p.type === "boolean" ? p.value : luaString(p.value);
    fields.push(`${luaKey(p.name)} = ${v}`);
  }
  return `custom = { ${fields.join(", ")} },`;
}
document.getElementById("copy-variant").addEventListener("click", () => {
  const text = variantEntry();
  variantText.value = text;
  variantText.style.display = "block";
  variantText.select();
  preview.copied = text;
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
});
document.getElementById("reset").addEventListener("click", () => {
  for (const k of Object.keys(pageValues)) delete pageValues[k];
  sendValues();
});

// The REPL's canvases (celllua -i --serve), newest first, each with the
// chunk that gave it; a PNG each, as it was when shown.
const replBox = document.getElementById("repl");
const replShown = new Map();
function showREPL(list) {
  replBox.hidden = false;
  gallery.hidden = true;
  // A REPL canvas is shown at its own scale, as it was drawn.
  for (const el of [scaleSelect, zoomSelect, compare]) el.closest("label").hidden = true;
  preview.repl = list.map((e) => e.id);
  const keep = new Set(list.map((e) => e.id));
  for (const [id, el] of replShown) if (!keep.has(id)) { el.remove(); replShown.delete(id); }
  let before = replBox.firstChild;
  for (const e of list) {
    let el = replShown.get(e.id);
    if (!el) {
      el = document.createElement("figure");
      el.dataset.id = e.id;
      const cap = document.createElement("figcaption");
      const code = document.createElement("code");
      code.textContent = e.expr;
      cap.append(code);
      const stage = document.createElement("div");
      stage.className = "stage";
      const img = document.createElement("img");
      img.alt = e.expr;
      img.style.width = e.width + "px";
      img.style.height = e.height + "px";
      img.addEventListener("load", () => { preview.replLoaded = Math.max(preview.replLoaded || 0, e.id); });
      img.src = "/repl?id=" + e.id;
      stage.append(img);
      el.append(cap, stage);
      replShown.set(e.id, el);
    }
    if (el !== before) replBox.insertBefore(el, before); else before = before.nextSibling;
  }
  statusLine.textContent = `REPL: ${list.length} canvas${list.length === 1 ? "" : "es"}`;
}

function show(state) {
  preview.generation = state.generation;
  preview.variants = state.variants;
  preview.error = state.error;
  preview.renders++;
  if (state.repl) { showREPL(state.repl); return; }
  preview.params = state.params || [];
  showControls(state.params);
  errorBox.textContent = state.error || "";
  errorBox.style.display = state.error ? "block" : "none";
  statusLine.textContent = state.generation > 0 ? `render ${state.generation}` + (state.error ? " failed" : "") : "rendering…";
  for (const [v, f] of figures) if (!state.variants.includes(v)) { f.fig.remove(); figures.delete(v); }
  if (state.generation <= 0) return;
  for (const v of state.variants) {
    const f = figureFor(v);
    f.scale = scale();
    for (const format of ["png", "svg", "pdf"]) f.links[format].href = frameURL(v, format) + "&download=1";
    if (f.generation !== state.generation) {
      f.generation = state.generation;
      f.img.src = frameURL(v, "png", state.generation);
    }
  }
}

scaleSelect.addEventListener("change", () => {
  for (const f of figures.values()) f.generation = -1;
  fetch("/state").then((r) => r.json()).then(show);
});
compare.addEventListener("change", () => { for (const f of figures.values()) drawDiff(f); });

let retry = 250;
function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/events");
  socket = ws;
  ws.onopen = () => { retry = 250; preview.connected = true; ws.send(JSON.stringify({ values: pageValues })); };
  ws.onmessage = (m) => show(JSON.parse(m.data));
  ws.onclose = () => {
    preview.connected = false;
    statusLine.textContent = "disconnected: is celllua --serve still running?";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 4000);
  };
}
connect();
</script>
</body>
</html>
"""#
}
