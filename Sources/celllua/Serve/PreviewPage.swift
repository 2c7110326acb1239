/// The live preview's page: one self-contained document (no other assets).
///
/// It asks `/state`, shows every variant's frame at the chosen scale (by
/// default the screen's pixel ratio, 1 to 3), and listens on the `/events`
/// WebSocket: each render swaps the images in place (no navigation), or
/// shows the render's error over the last good images. Hovering shows the
/// point in the canvas' points and the pixel's color, with a loupe; over a
/// `cell.ui.table` it outlines the row under the pointer (`/hit`). The
/// compare switch marks the pixels that changed since the previous render.
enum PreviewPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>celllua preview</title>
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
  #loupe { position: fixed; display: none; z-index: 4; pointer-events: none; border: 1px solid #333;
           box-shadow: 0 2px 8px rgba(0,0,0,0.4); image-rendering: pixelated; }
</style>
</head>
<body>
<header>
  <b>celllua</b>
  <label>scale <select id="scale"><option>1</option><option>2</option><option>3</option></select></label>
  <label><input type="checkbox" id="compare"> compare with the previous render</label>
  <span id="status">connecting…</span>
  <span id="readout"></span>
</header>
<pre id="error"></pre>
<div id="gallery"></div>
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
  stage.append(img, diff, rows);
  fig.append(cap, stage);
  gallery.appendChild(fig);
  const pixels = document.createElement("canvas");
  f = { fig, img, diff, rows, links, pixels, previous: null, current: null, generation: -1 };
  figures.set(v, f);
  img.addEventListener("load", () => imageLoaded(v, f));
  stage.addEventListener("mousemove", (e) => hover(v, f, e));
  stage.addEventListener("mouseleave", () => { readout.textContent = ""; loupe.style.display = "none"; f.rows.innerHTML = ""; });
  return f;
}

function imageLoaded(v, f) {
  const w = f.img.naturalWidth, h = f.img.naturalHeight;
  f.img.style.width = (w / f.scale) + "px";
  f.img.style.height = (h / f.scale) + "px";
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
  f.diff.style.width = f.img.style.width;
  f.diff.style.height = f.img.style.height;
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
  const rect = f.img.getBoundingClientRect();
  const x = (e.clientX - rect.left), y = (e.clientY - rect.top);
  const px = Math.floor(x * f.scale), py = Math.floor(y * f.scale);
  if (px < 0 || py < 0 || px >= f.current.width || py >= f.current.height) return;
  const i = (py * f.current.width + px) * 4, d = f.current.data;
  const hex = "#" + [d[i], d[i + 1], d[i + 2]].map((c) => c.toString(16).padStart(2, "0")).join("");
  f.readout = `${x.toFixed(1)}, ${y.toFixed(1)} pt  ·  pixel ${px}, ${py}  ·  ${hex} α ${d[i + 3]}`;
  showReadout(f);
  readout.dataset.color = `${d[i]},${d[i + 1]},${d[i + 2]},${d[i + 3]}`;
  showLoupe(f, px, py, e);
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

function show(state) {
  preview.generation = state.generation;
  preview.variants = state.variants;
  preview.error = state.error;
  preview.renders++;
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
  ws.onopen = () => { retry = 250; preview.connected = true; };
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
