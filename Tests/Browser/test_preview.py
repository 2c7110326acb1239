"""The live preview (celllua --serve) in a real browser: Debian's chromium,
headless, driven by playwright. Run by scripts/browser-test (scripts/test
runs it after the Swift tests); screenshots land in .build/browser-test/.

Each check prints what it saw; any failure raises and the run exits 1.
"""
import math
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CELLLUA = os.environ.get("CELLLUA", os.path.join(ROOT, ".build/release/celllua"))
SHOTS = os.path.join(ROOT, ".build/browser-test")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

RED = """local c = cell.canvas(120, 80, {background = "white"})
c:set_fill("#ff0000")
c:fill_rect(10, 10, 60, 40)
return c
"""
BLUE = RED.replace("#ff0000", "#0000ff")
BROKEN = """local c = cell.canvas(120, 80, {background = "white"})
c:set_fill("#00ff00")
error("boom: a broken save")
return c
"""
VARIANTS = """variants = { apple = { color = "#ff0000" }, kiwi = { color = "#00aa00" }, plum = { color = "#8000ff" } }
local c = cell.canvas(60, 40, {background = cell.param("color", "#000000")})
return c
"""
TABLE = """local c = cell.canvas(320, 260, {background = "#c5ccd4"})
local t = cell.ui.table{ style = "grouped", sections = {
  { title = "First", rows = { {text = "One"}, {text = "Two"}, {text = "Three"} } },
  { rows = { {text = "Four"}, {text = "Five"} } },
} }
t:render(c)
return c
"""

# The same kind of table drawn inside a layer of a canvas that is then drawn
# onto the result 50 pt down: the hit test finds its rows through both.
LAYERED_TABLE = """local c = cell.canvas(320, 320, {background = "#c5ccd4"})
local card = c:make_layer(320, 260)
local t = cell.ui.table{ style = "grouped", width = 320, height = 260, sections = {
  { title = "First", rows = { {text = "One"}, {text = "Two"}, {text = "Three"} } },
} }
card:layer(function(k) t:render(k) end, {name = "card"})
c:draw_image(card, 0, 50)
return c
"""

# A parameter of every kind the page has a control for.
KNOBS = """local radius = cell.param("radius", 10, {min = 0, max = 30, step = 1, label = "Corner radius"})
local tint = cell.param("tint", "#ff0000")
local border = cell.param("border", false)
local shape = cell.param("shape", "rect", {choices = {"rect", "oval"}})
local title = cell.param("title", "Hi")
local width = cell.param("width", 100)
local c = cell.canvas(120, 80, {background = "white"})
c:set_fill(tint)
if shape == "oval" then c:ellipse(10, 10, width, 60) else c:rounded_rect(10, 10, width, 60, radius) end
c:fill()
if border then c:set_stroke("#000000"); c:set_line_width(2); c:stroke_rect(5, 5, 110, 70) end
c:set_fill("#000000")
c:text(title, 14, 74, {font = cell.font("Helvetica", 9)})
return c
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """celllua --serve on a script in a scratch folder."""

    def __init__(self, text, name="script.lua", extra=()):
        self.dir = tempfile.mkdtemp(prefix="celllua-serve-")
        self.script = os.path.join(self.dir, name)
        self.write(text)
        self.port = free_port()
        self.proc = subprocess.Popen([CELLLUA, "--serve", self.script, "--port", str(self.port), *extra],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline().strip()
        assert line == f"http://127.0.0.1:{self.port}/", f"printed URL: {line!r}, stderr: {self.proc.stderr.read()}"
        self.url = line

    def write(self, text):
        # As an editor saves: a new file renamed over the old one.
        tmp = self.script + ".tmp"
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, self.script)
        return time.time() * 1000

    def rss_kb(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))

    def stop(self, sig=signal.SIGTERM):
        self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout=10)
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


def pixel(page, variant, x, y):
    """The straight RGBA of device pixel (x, y) of a variant's image, read from the page."""
    return page.evaluate(
        """([v, x, y]) => {
            const img = [...document.querySelectorAll('figure')].find(f => f.dataset.variant === v).querySelector('img');
            const c = document.createElement('canvas');
            c.width = img.naturalWidth; c.height = img.naturalHeight;
            const ctx = c.getContext('2d'); ctx.drawImage(img, 0, 0);
            return Array.from(ctx.getImageData(x, y, 1, 1).data);
        }""", [variant, x, y])


def page_png(page, variant=""):
    """The variant's current frame at scale 2 as the page would fetch it, decoded."""
    import base64
    import io
    data = page.evaluate("""(v) => fetch('/frame?v=' + encodeURIComponent(v) + '&scale=2&format=png')
        .then(r => r.arrayBuffer()).then(b => { let s = ''; for (const x of new Uint8Array(b)) s += String.fromCharCode(x); return btoa(s); })""",
                         variant)
    return Image.open(io.BytesIO(base64.b64decode(data))).convert("RGBA")


def cli_png(script, *args):
    """The script rendered by the command line at scale 2 with `args`, decoded."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "out.png")
        subprocess.run([CELLLUA, script, "--scale", "2", "-o", out, *args], check=True, capture_output=True)
        return Image.open(out).convert("RGBA")


def same_pixels(a, b):
    return a.size == b.size and a.tobytes() == b.tobytes()


def wait_next(page, generation):
    """Waits for a render after `generation` to be loaded in the page; returns its generation."""
    page.wait_for_function("(g) => window.preview.generation > g && window.preview.loaded[''] === window.preview.generation",
                           arg=generation, timeout=10000, polling="raf")
    return page.evaluate("window.preview.generation")


def wait_value(page, name, value):
    """Waits until the page shows a render that used `value` for parameter `name`."""
    page.wait_for_function("""([n, v]) => { const p = window.preview.params && window.preview.params.find(p => p.name === n);
        return p && p.value === v && window.preview.loaded[''] === window.preview.generation; }""",
                           arg=[name, value], timeout=10000, polling="raf")


def wait_loaded(page, variant, generation, timeout=10000):
    page.wait_for_function(
        "([v, g]) => window.preview && window.preview.loaded[v] >= g", arg=[variant, generation],
        timeout=timeout, polling="raf")


def check(cond, message):
    if not cond:
        raise AssertionError(message)
    print("ok:", message)


def raw_request(port, data):
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(data)
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except (ConnectionResetError, socket.timeout):
            pass
        return out


def main():
    os.makedirs(SHOTS, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(device_scale_factor=2, viewport={"width": 1000, "height": 700})

        # 1. The page shows the render; an edit updates it in place; latency.
        server = Server(RED)
        try:
            page = context.new_page()
            page.goto(server.url)
            wait_loaded(page, "", 1)
            check(pixel(page, "", 40, 40) == [255, 0, 0, 255], "the page shows the render (a red pixel inside the rect)")
            check(pixel(page, "", 200, 150) == [255, 255, 255, 255], "and white outside it")
            page.screenshot(path=os.path.join(SHOTS, "1-render.png"))
            page.evaluate("window.stayed = 'same document'")
            latencies = []
            for i in range(20):
                text = BLUE if i % 2 == 0 else RED
                generation = page.evaluate("window.preview.generation")
                page.evaluate("window.preview.loadTimes = []")
                page.evaluate("""() => { const img = document.querySelector('figure img');
                    img.addEventListener('load', () => window.preview.loadTimes.push(Date.now()), {once: true}); }""")
                written = server.write(text)
                wait_loaded(page, "", generation + 1)
                loaded = page.evaluate("window.preview.loadTimes[0]")
                latencies.append(loaded - written)
                expected = [0, 0, 255, 255] if text is BLUE else [255, 0, 0, 255]
                assert pixel(page, "", 40, 40) == expected, f"save {i + 1}: pixel {pixel(page, '', 40, 40)}"
            check(page.evaluate("window.stayed") == "same document", "20 saves updated the image without a navigation")
            median = statistics.median(latencies)
            print(f"save-to-update latency over 20 saves: median {median:.0f} ms, "
                  f"min {min(latencies):.0f}, max {max(latencies):.0f} (image load event in the page after the file's rename)")
            check(median <= 300, f"median save-to-update latency {median:.0f} ms <= 300 ms")

            # 2. A broken save shows its error over the last good image, and clears when fixed.
            generation = page.evaluate("window.preview.generation")
            server.write(BROKEN)
            page.wait_for_function("(g) => window.preview.generation > g && window.preview.error", arg=generation)
            text = page.inner_text("#error")
            check("script.lua:3:" in text and "boom" in text and "traceback" in text,
                  f"the error shows its line and traceback: {text.splitlines()[0]!r}")
            check(page.is_visible("figure img"), "the last good image stays under the error")
            page.screenshot(path=os.path.join(SHOTS, "2-error.png"))
            server.write(RED)
            page.wait_for_function("() => window.preview.error === null")
            check(not page.is_visible("#error"), "the error disappears once the script is fixed")

            # 3. Path traversal, malformed and oversized requests are refused; the server goes on.
            for target in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/frame/../../../etc/passwd", "/etc/passwd",
                           "/state/../../script.lua"]:
                reply = raw_request(server.port, f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nConnection: close\r\n\r\n".encode())
                check(reply.startswith(b"HTTP/1.1 404"), f"{target} is a 404 ({reply[:30]!r})")
            reply = raw_request(server.port, b"THIS IS NOT HTTP\r\n\r\n")
            check(reply.startswith(b"HTTP/1.1 400"), f"a malformed request gets 400 ({reply[:30]!r})")
            reply = raw_request(server.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 200000 + b"\r\n\r\n")
            check(reply == b"" or reply.startswith(b"HTTP/1.1 4"), f"an oversized request is refused ({reply[:30]!r})")
            reply = raw_request(server.port, f"POST /state HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello".encode())
            check(reply.startswith(b"HTTP/1.1 405"), f"POST is refused ({reply[:30]!r})")
            reply = raw_request(server.port, f"GET / HTTP/1.1\r\nHost: evil.example:{server.port}\r\nConnection: close\r\n\r\n".encode())
            check(reply.startswith(b"HTTP/1.1 403"), "a foreign Host (DNS rebinding) is refused")
            reply = raw_request(server.port, f"GET /state HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nConnection: close\r\n\r\n".encode())
            check(reply.startswith(b"HTTP/1.1 200") and b'"generation"' in reply, "and the server still answers")

            # 4. 20 pages at once all hear an update; the server's memory.
            pages = [context.new_page() for _ in range(20)]
            for pg in pages:
                pg.goto(server.url)
            generation = page.evaluate("window.preview.generation")
            for pg in pages:
                wait_loaded(pg, "", generation)
            server.write(BLUE)
            for pg in pages:
                wait_loaded(pg, "", generation + 1)
                assert pixel(pg, "", 40, 40) == [0, 0, 255, 255]
            check(True, "20 pages connected at once all received the update")
            print(f"server memory with 21 pages connected: {server.rss_kb() / 1024:.1f} MB RSS")
            for pg in pages:
                pg.close()

            # 5. A port in use is a clear error naming the port.
            busy = subprocess.run([CELLLUA, "--serve", server.script, "--port", str(server.port)],
                                  capture_output=True, text=True, timeout=20)
            check(busy.returncode != 0 and f"port {server.port} is in use" in busy.stderr,
                  f"a port in use: {busy.stderr.strip()!r}")
        finally:
            status = server.stop(signal.SIGTERM)
        check(status == 0, f"SIGTERM stops the server with 0 (got {status})")

        # 6. A render never blocks the server; every render runs under the options (--timeout here).
        server = Server(RED, extra=["--timeout", "1.5"])
        try:
            page = context.new_page()
            page.goto(server.url)
            wait_loaded(page, "", 1)
            server.write("local c = cell.canvas(10, 10)\nwhile true do end\n")
            time.sleep(0.3)  # the render has likely started (not relied on)
            # Answered during the render, not after it: the render can only end
            # in the timeout's error (the loop has no way out), so a reply without
            # an error was given while it still ran. (Not timed: a loaded machine
            # answers later, but still before the render's end.)
            reply = raw_request(server.port, f"GET /state HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nConnection: close\r\n\r\n".encode())
            check(reply.startswith(b"HTTP/1.1 200") and b'"error":null' in reply,
                  f"a page is answered during a render ({reply[-120:]!r})")
            page.wait_for_function("() => window.preview.error !== null", timeout=10000)
            text = page.inner_text("#error")
            check("script.lua:2:" in text and "timed out" in text, f"--timeout stops a render: {text.splitlines()[0]!r}")
        finally:
            server.stop()

        # 7. Variants as a gallery.
        server = Server(VARIANTS)
        try:
            page = context.new_page()
            page.goto(server.url)
            for v in ["apple", "kiwi", "plum"]:
                wait_loaded(page, v, 1)
            names = page.eval_on_selector_all("figure", "fs => fs.map(f => f.dataset.variant)")
            check(names == ["apple", "kiwi", "plum"], f"the variants as a gallery: {names}")
            check(pixel(page, "kiwi", 5, 5) == [0, 170, 0, 255], "each with its own render")
            page.screenshot(path=os.path.join(SHOTS, "3-variants.png"))
        finally:
            status = server.stop(signal.SIGINT)
        check(status == 130, f"SIGINT stops the server with 130 (got {status})")

        # 8. Hovering over a table shows its row.
        server = Server(TABLE)
        try:
            page = context.new_page()
            page.goto(server.url)
            wait_loaded(page, "", 1)
            box = page.locator("figure img").bounding_box()
            # The first section's second row: rows of 44 pt under a header.
            hit = page.evaluate(f"fetch('/hit?v=&scale=2&x=160&y=10').then(r => r.json())")
            rect = None
            for y in range(20, 250, 4):
                r = page.evaluate(f"fetch('/hit?v=&scale=2&x=160&y={y}').then(r => r.json())")
                if r.get("section") == 1 and r.get("row") == 2:
                    rect = r["corners"]
                    break
            check(rect is not None, f"t:hit_test finds section 1, row 2 ({hit})")
            cy = (rect[0][1] + rect[2][1]) / 2
            page.mouse.move(box["x"] + 160, box["y"] + cy)
            page.wait_for_selector('figure svg.rows[data-row="1,2"]')
            check(True, "hovering over the row outlines section 1, row 2")
            readout = page.inner_text("#readout")
            check("section 1, row 2" in readout and "pt" in readout, f"the readout: {readout!r}")
            page.screenshot(path=os.path.join(SHOTS, "4-hover-row.png"))
            page.check("#compare")
            server.write(TABLE.replace('"Two"', '"Two, edited"'))
            wait_loaded(page, "", 2)
            changed = int(page.eval_on_selector("figure canvas.diff", "c => c.dataset.changed"))
            check(changed > 0, f"compare marks the {changed} changed pixels")
            page.screenshot(path=os.path.join(SHOTS, "5-compare.png"))
        finally:
            server.stop()

        # 8b. A table drawn inside a layer, on a canvas drawn onto another:
        # found all the same, at its place on the result.
        server = Server(LAYERED_TABLE)
        try:
            page = context.new_page()
            page.goto(server.url)
            wait_loaded(page, "", 1)
            found = None
            for y in range(50, 310, 4):
                r = page.evaluate(f"fetch('/hit?v=&scale=2&x=160&y={y}').then(r => r.json())")
                if r.get("section") == 1 and r.get("row") == 2:
                    found = (y, r["corners"])
                    break
            check(found is not None, "a table inside a layer of a canvas drawn onto the result is hit")
            y, corners = found
            top = min(c[1] for c in corners)
            check(top > 50, f"its row is placed where the canvas was drawn ({top} pt from the top)")
            miss = page.evaluate("fetch('/hit?v=&scale=2&x=160&y=20').then(r => r.json())")
            check(miss.get("section") is None, f"above the drawn canvas there is no row ({miss})")
        finally:
            server.stop()
        # 9. The SVG a designer downloads, opened in the browser, looks like the PNG.
        with tempfile.TemporaryDirectory() as d:
            for ext in ("png", "svg"):
                subprocess.run([CELLLUA, os.path.join(ROOT, "examples/badges.lua"), "-o", f"{d}/b.{ext}"],
                               check=True, capture_output=True)
            png = Image.open(f"{d}/b.png").convert("RGBA")
            svg = open(f"{d}/b.svg").read()
            points = float(re.search(r'width="([\d.]+)"', svg).group(1))
            scale = png.size[0] / points
            ctx = browser.new_context(device_scale_factor=scale,
                                      viewport={"width": int(points), "height": int(round(png.size[1] / scale))})
            pg = ctx.new_page()
            pg.set_content('<body style="margin:0;background:white">' + svg[svg.index("<svg"):] + "</body>")
            pg.screenshot(path=os.path.join(SHOTS, "6-svg-in-chromium.png"))
            ctx.close()
            shown = Image.open(os.path.join(SHOTS, "6-svg-in-chromium.png")).convert("RGB")
            flat = Image.new("RGB", png.size, "white")
            flat.paste(png, mask=png.split()[3])
            squares = sum((a - b) ** 2 for pa, pb in zip(flat.getdata(), shown.getdata()) for a, b in zip(pa, pb))
            mse = squares / (png.size[0] * png.size[1] * 3)
            psnr = 99 if mse == 0 else 10 * math.log10(255 ** 2 / mse)
            check(psnr >= 30, f"examples/badges.lua as SVG in chromium: PSNR {psnr:.1f} dB against the PNG")

        # 10. Another site's page cannot listen to the preview: its WebSocket
        # (Origin: that site) is refused; the preview's own page, left quiet
        # past two idle timeouts (10 s each: the server pings it and chromium
        # answers), stays connected and still hears the next render.
        server = Server(RED)
        other = Server(BLUE)
        try:
            page = context.new_page()
            page.goto(server.url)
            wait_loaded(page, "", 1)
            foreign = context.new_page()
            foreign.goto(other.url)
            heard = foreign.evaluate("""(url) => new Promise((resolve) => {
                const ws = new WebSocket(url);
                let messages = 0;
                ws.onmessage = () => messages++;
                ws.onclose = () => resolve({opened: false, messages});
                ws.onopen = () => setTimeout(() => resolve({opened: true, messages}), 500);
            })""", f"ws://127.0.0.1:{server.port}/events")
            check(not heard["opened"] and heard["messages"] == 0,
                  f"a page from http://127.0.0.1:{other.port} cannot open the preview's WebSocket ({heard})")
            foreign.close()
            renders = page.evaluate("window.preview.renders")
            time.sleep(22)
            check(page.evaluate("window.preview.connected") and page.evaluate("window.preview.renders") == renders,
                  "a quiet page stays connected past two idle timeouts (no reconnection)")
            server.write(BLUE)
            wait_loaded(page, "", 2)
            check(pixel(page, "", 40, 40) == [0, 0, 255, 255], "and it shows the next render")
        finally:
            server.stop()
            other.stop()
        controls(context)
        repl_on_page(context)
        browser.close()
    print("browser tests passed")


def repl_on_page(context):
    """12. celllua -i script.lua --serve, driven in a pty as a person types:
    the script's result, every canvas an evaluated line returns and every
    :show arrive on the page, newest first, with their expressions."""
    import pty
    d = tempfile.mkdtemp(prefix="celllua-repl-")
    with open(os.path.join(d, "card.lua"), "w") as f:
        f.write(RED)
    port = free_port()
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(d)
        os.execv(CELLLUA, [CELLLUA, "-i", "card.lua", "--serve", "--port", str(port)])
    out = b""

    def read_until(token, timeout=10):
        nonlocal out
        end = time.time() + timeout
        while token not in out:
            if time.time() > end:
                raise AssertionError(f"the REPL never printed {token!r}: {out[-300:]!r}")
            try:
                out += os.read(fd, 4096)
            except OSError:
                time.sleep(0.05)
        return out

    try:
        read_until(b"> ")
        url = re.search(rb"http://127\.0\.0\.1:\d+/", out).group(0).decode()
        check(not os.path.exists(os.path.join(d, "card.png")), "-i writes no card.png (only -o or :save write)")
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("() => window.preview.repl && window.preview.repl.length === 1 && window.preview.replLoaded === 1")
        check(page.inner_text("#repl figcaption") == "card.lua", "the script's result is on the page, named after it")
        for line in ['g = cell.canvas(50, 30, {background = "#00ff00"})', "g",
                     'g:set_fill("#0000ff") g:fill_rect(0, 0, 25, 30)', ":show g", "1 + 1"]:
            out = b""
            os.write(fd, (line + "\r").encode())
            read_until(b"\n2\r" if line == "1 + 1" else b"> ")
        page.wait_for_function("() => window.preview.repl.length === 3 && window.preview.replLoaded === 3")
        captions = page.eval_on_selector_all("#repl figcaption", "cs => cs.map(c => c.innerText)")
        check(captions == [":show g", "g", "card.lua"], f"each canvas arrives, newest first, with its expression: {captions}")
        check(True, "and the REPL goes on at the terminal (1 + 1 printed 2)")
        newest = page.evaluate("""() => { const img = document.querySelector('#repl figure img');
            const c = document.createElement('canvas'); c.width = img.naturalWidth; c.height = img.naturalHeight;
            const ctx = c.getContext('2d'); ctx.drawImage(img, 0, 0);
            return [Array.from(ctx.getImageData(2, 2, 1, 1).data), Array.from(ctx.getImageData(c.width - 2, 2, 1, 1).data)]; }""")
        check(newest == [[0, 0, 255, 255], [0, 255, 0, 255]], f":show g shows g as drawn on since: {newest}")
        older = page.evaluate("""() => { const img = document.querySelectorAll('#repl figure img')[1];
            const c = document.createElement('canvas'); c.width = img.naturalWidth; c.height = img.naturalHeight;
            const ctx = c.getContext('2d'); ctx.drawImage(img, 0, 0); return Array.from(ctx.getImageData(2, 2, 1, 1).data); }""")
        check(older == [0, 255, 0, 255], "and the earlier one as it was when shown")
        page.screenshot(path=os.path.join(SHOTS, "10-repl.png"))
        os.write(fd, b"\x04")
        _, status = os.waitpid(pid, 0)
        pid = 0
        check(os.WEXITSTATUS(status) == 0, "Ctrl-D ends the session and the server, status 0")
        page.close()
    finally:
        if pid:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)
        shutil.rmtree(d, ignore_errors=True)


def controls(context):
    """11. Parameters as controls: each kind of control re-renders as -D would;
    the URL carries the values; copy as variant; reset; latency; zoom."""
    server = Server(KNOBS)
    try:
        page = context.new_page()
        page.goto(server.url)
        wait_loaded(page, "", 1)
        page.wait_for_selector('.control[data-name="width"]')
        kinds = page.eval_on_selector_all(".control", """rows => rows.map(r => r.dataset.name + ':' +
            [...r.querySelectorAll('input, select')].map(i => i.tagName === 'SELECT' ? 'menu' : i.type).join('+'))""")
        check(kinds == ["radius:range+number", "tint:color", "border:checkbox", "shape:menu", "title:text", "width:number"],
              f"a control for each parameter read, of its kind: {kinds}")
        page.screenshot(path=os.path.join(SHOTS, "7-controls.png"))

        # Drag the slider with the mouse to its right end: radius 30.
        g = page.evaluate("window.preview.generation")
        slider = page.locator('.control[data-name="radius"] input[type=range]').bounding_box()
        page.mouse.move(slider["x"] + slider["width"] / 2, slider["y"] + slider["height"] / 2)
        page.mouse.down()
        page.mouse.move(slider["x"] + slider["width"] + 40, slider["y"] + slider["height"] / 2, steps=8)
        page.mouse.up()
        page.wait_for_function("() => new URLSearchParams(location.search).get('radius') === '30'")
        wait_value(page, "radius", "30")
        check(same_pixels(page_png(page), cli_png(server.script, "-D", "radius=30")),
              "dragging the slider to its end renders as -D radius=30 does")

        # A color, a box, a menu, a text field, a number field.
        steps = [('.control[data-name="tint"] input', "fill", "#00aa55", "tint=#00AA55"),
                 ('.control[data-name="border"] input', "check", None, "border=true"),
                 ('.control[data-name="shape"] select', "select", "oval", "shape=oval"),
                 ('.control[data-name="title"] input', "fill", "Hello", "title=Hello"),
                 ('.control[data-name="width"] input', "fill", "80", "width=80")]
        defines = ["-D", "radius=30"]
        for selector, action, value, define in steps:
            g = page.evaluate("window.preview.generation")
            loc = page.locator(selector)
            if action == "fill":
                loc.fill(value)
                loc.dispatch_event("change")
            elif action == "check":
                loc.check()
            else:
                loc.select_option(value)
            wait_value(page, *define.split("=", 1))
            defines += ["-D", define]
            check(same_pixels(page_png(page), cli_png(server.script, *defines)),
                  f"{define.split('=')[0]}'s control renders as -D {define} does")
        page.screenshot(path=os.path.join(SHOTS, "8-controls-set.png"))
        url = page.url
        check(all(f"{k}=" in url for k in ["radius", "tint", "border", "shape", "title", "width"]),
              f"the URL carries the values: {url}")

        # Copy as variant: the entry, rendered as a variant, gives the same image.
        page.click("#copy-variant")
        entry = page.evaluate("window.preview.copied")
        check(entry == 'custom = { radius = 30, tint = "#00AA55", border = true, shape = "oval", title = "Hello", width = 80 },',
              f"copy as variant: {entry}")
        with tempfile.TemporaryDirectory() as d:
            script = os.path.join(d, "v.lua")
            with open(script, "w") as f:
                f.write("variants = { " + entry + " }\n" + KNOBS)
            check(same_pixels(page_png(page), cli_png(script, "--variant", "custom")),
                  "and that variant renders the image the page shows")

        # A new page on the same URL shows the same state.
        shown = page_png(page)
        other = context.new_page()
        g = page.evaluate("window.preview.generation")
        other.goto(url)
        wait_loaded(other, "", g)
        values = other.eval_on_selector_all(".control", "rows => rows.map(r => r.querySelector('select, input').type === 'checkbox' ? String(r.querySelector('input').checked) : r.querySelector('select, input').value)")
        check(values == ["30", "#00aa55", "true", "oval", "Hello", "80"], f"the URL opened again restores the controls: {values}")
        check(same_pixels(page_png(other), shown), "and the image")
        other.close()

        # Latency: a slider change to the new image in the page, 20 times.
        latencies = []
        for i in range(20):
            g = page.evaluate("window.preview.generation")
            value = str(5 + i % 2)
            started = page.evaluate("""(v) => { const s = document.querySelector('.control[data-name=radius] input[type=range]');
                window.preview.loadTimes = [];
                document.querySelector('figure img').addEventListener('load', () => window.preview.loadTimes.push(Date.now()), {once: true});
                s.value = v; const t = Date.now(); s.dispatchEvent(new Event('input', {bubbles: true})); return t; }""", value)
            wait_next(page, g)
            latencies.append(page.evaluate("window.preview.loadTimes[0]") - started)
        median = statistics.median(latencies)
        print(f"control-to-update latency over 20 slider changes: median {median:.0f} ms, "
              f"min {min(latencies):.0f}, max {max(latencies):.0f} (input event to the image's load event)")
        check(median <= 300, f"median control-to-update latency {median:.0f} ms <= 300 ms")

        # Out of range from a hand-edited URL: the error names the parameter.
        bad = context.new_page()
        bad.goto(server.url + "?radius=99")
        bad.wait_for_function("() => window.preview.error !== null && window.preview.error.includes('radius')")
        text = bad.inner_text("#error")
        check("the page's control radius=99: above the maximum 30 of parameter 'radius'" in text, f"an out-of-range value in the URL: {text.splitlines()[0]!r}")
        bad.close()

        # Reset: every control back to its default, the URL without values.
        g = page.evaluate("window.preview.generation")
        page.click("#reset")
        wait_next(page, g)
        page.wait_for_function("() => window.preview.params.every(p => p.from === 'default')")
        check("?" not in page.url, f"reset clears the URL's values: {page.url}")
        check(same_pixels(page_png(page), cli_png(server.script)), "and renders the defaults")

        # Zoom: 4x and 8x are pixelated with a grid of image pixels; the
        # readout names the pixel under the pointer.
        for z, cell in [("4x", 2), ("8x", 4)]:
            page.select_option("#zoom", z)
            img = page.locator("figure img")
            box = img.bounding_box()
            check(abs(box["width"] - 240 * cell) < 0.5, f"zoom {z}: the image is {box['width']} CSS px wide (240 px x {cell})")
            grid = page.evaluate("() => { const g = document.querySelector('figure .grid'); return [getComputedStyle(g).display, Number(g.dataset.cell)]; }")
            check(grid == ["block", cell], f"zoom {z}: the pixel grid shows, a cell every {grid[1]} CSS px")
            check(page.evaluate("getComputedStyle(document.querySelector('figure img')).imageRendering") == "pixelated",
                  f"zoom {z}: pixelated")
            page.mouse.move(box["x"] + (37 + 0.5) * cell, box["y"] + (21 + 0.5) * cell)
            page.wait_for_function("() => document.getElementById('readout').dataset.pixel === '37,21'")
            check(True, f"zoom {z}: the readout follows (pixel 37, 21 under the pointer)")
            check("#zoom=" + z in page.url, f"zoom {z} is kept in the URL's fragment")
        page.screenshot(path=os.path.join(SHOTS, "9-zoom-8x.png"))
        page.select_option("#zoom", "1:1")
        box = page.locator("figure img").bounding_box()
        grid = page.evaluate("getComputedStyle(document.querySelector('figure .grid')).display")
        check(abs(box["width"] - 120) < 0.5 and grid == "none", f"zoom 1:1: a device pixel per image pixel ({box['width']} CSS px), no grid")
        page.select_option("#zoom", "fit")
        box = page.locator("figure img").bounding_box()
        check(box["width"] > 240 and box["y"] + box["height"] <= 700, f"zoom fit: {box['width']:.0f} x {box['height']:.0f} CSS px, inside the window")
    finally:
        server.stop()


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # noqa: BLE001 - report and fail
        print("FAILED:", e, file=sys.stderr)
        sys.exit(1)
