// blend2d_scene: the hand-drawn reference scene (Benchmarks/scenes/handdrawn.lua,
// and ReferenceScene.swift for cairo) written against Blend2D's C++ API, the
// way a Blend2D programmer would write it for speed. Built from Blend2D's
// sources with its JIT by Benchmarks/peers/build-blend2d; scripts/bench runs
// it beside celllua.
//
//   blend2d_scene --bold B.otf --regular R.otf [--threads N] [--rows R] [--scale S]
//                 [--frames N] [--min-time SEC] [--warmup N]   -> "blend2d-child FRAMES MEDIAN MIN"
//   blend2d_scene --bold B.otf --regular R.otf --png out.png [--threads N]
//                 -> draws one frame and writes it (the whole-process run)
//
// --threads 1 renders synchronously on the calling thread; N > 1 asks
// Blend2D's context for N worker threads (its asynchronous mode).
//
// What differs from cairo's side, because Blend2D has no path clips and no
// groups (see Benchmarks/README.md):
// - a layer (each section's bevel, each badge) is an image of its own,
//   drawn by a synchronous context and blitted;
// - the cell background's stroke, which the other sides clip to the cell's
//   path, is the band between the path and the path inset by half the
//   line width, filled even-odd (the same area);
// - the bevel's inner shadow, clipped to the shape there, is the even-odd
//   band limited to the shape's upper half, which is where that band lies.
// Text: Blend2D shapes and renders each string itself (its own kerning and
// glyph rasterization) from the same font files.

#include <blend2d/blend2d.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

const double kWidth = 320, kPulled = 60, kHeader = 44, kRow = 44, kInset = 10, kSpacing = 20, kRadius = 10;
const double kBottomMargin = 16, kBevel = 1;
const int kRowsPerSection = 5;

const char* kNames[] = {"Inbox", "Drafts", "Sent", "Archive", "Flagged", "Travel", "Receipts"};
const char* kDetails[] = {
  "From: Matt Coneybeare", "Re: grouped table views", "The bevel, pixel by pixel",
  "Everything since 2009", "Badges count unread mail",
};

int badgeNumber(int i) { return (i * i * 37 + i * 11) % 999 + 1; }

struct Face {
  BLFont font;
  double ascent = 0, descent = 0;  // ascent includes the line gap, as CellText's
  void load(const BLFontFace& face, float size) {
    font.create_from_face(face, size);
    const BLFontMetrics& m = font.metrics();
    ascent = m.ascent + m.line_gap;
    descent = m.descent;
  }
  double lineHeight() const { return ascent + descent; }
  double width(const char* text) const {
    BLGlyphBuffer gb;
    gb.set_utf8_text(text);
    font.shape(gb);
    BLTextMetrics tm;
    font.get_text_metrics(gb, tm);
    return tm.advance.x;
  }
};

struct Scene {
  int rows = 20;
  double scale = 2;
  int threads = 1;
  Face summary, detail, badge;

  double height() const {
    double sections = rows / kRowsPerSection;
    return kPulled + kHeader + sections * (kSpacing + kRowsPerSection * kRow) + kBottomMargin;
  }
  int pixelWidth() const { return int(std::ceil(kWidth * scale)); }
  int pixelHeight() const { return int(std::ceil(height() * scale)); }

  enum Position { single, top, middle, bottom };

  // A layer: transparent pixels for the rect (x, y, w, h) in points, drawn
  // in points by `draw`, then blitted onto `ctx` at that rect's device origin.
  template <typename Draw>
  void layer(BLContext& ctx, double x, double y, double w, double h, Draw draw) const {
    int px = int(std::floor(x * scale)), py = int(std::floor(y * scale));
    int pw = int(std::ceil((x + w) * scale)) - px, ph = int(std::ceil((y + h) * scale)) - py;
    BLImage image(pw, ph, BL_FORMAT_PRGB32);
    {
      BLContext lc(image);
      lc.clear_all();
      lc.translate(-px, -py);
      lc.scale(scale);
      draw(lc);
      lc.end();
    }
    BLMatrix2D saved = ctx.user_transform();
    ctx.reset_transform();
    ctx.blit_image(BLPointI(px, py), image);
    ctx.set_transform(saved);
  }

  void bevel(BLContext& ctx, double x, double y, double w, double h) const {
    const double d = kBevel;
    layer(ctx, x - 1, y - 1, w + 2, h + 2 + d, [&](BLContext& lc) {
      // the bevel: the shape d taller, white at 80%; the white fill
      lc.fill_round_rect(BLRoundRect(x, y, w, h + d, kRadius), BLRgba32(255, 255, 255, 204));
      lc.fill_round_rect(BLRoundRect(x, y, w, h, kRadius), BLRgba32(255, 255, 255, 255));
      // the inner shadow: the band between the shape and the shape d lower
      // (even-odd), inside the shape: its upper half
      BLPath band;
      band.add_round_rect(BLRoundRect(x, y, w, h, kRadius));
      band.add_round_rect(BLRoundRect(x, y + d, w, h, kRadius));
      lc.save();
      lc.clip_to_rect(x, y, w, h / 2);
      lc.set_fill_rule(BL_FILL_RULE_EVEN_ODD);
      lc.fill_path(band, BLRgba32(0, 0, 0, 20));
      lc.restore();
      // the outer stroke, 1 pt, black at 18%, replacing what is below it
      lc.set_comp_op(BL_COMP_OP_SRC_COPY);
      lc.set_stroke_width(1);
      lc.stroke_round_rect(BLRoundRect(x, y, w, h, kRadius), BLRgba32(0, 0, 0, 46));
    });
  }

  // UACellBackgroundView's path for a w x h cell, inset by e (0: the path
  // itself; half the line width: the inner edge of its stroke).
  static void cellPath(BLPath& p, Position position, double w, double h, double e) {
    const double r = kRadius, q = r - e, pi = M_PI;
    switch (position) {
    case top:
      p.move_to(e, h - e);
      p.arc_to(r, r, q, q, pi, pi / 2);
      p.arc_to(w - r, r, q, q, -pi / 2, pi / 2);
      p.line_to(w - e, h - e);
      break;
    case bottom:
      p.move_to(e, -1 + e);
      p.arc_to(r, h - r, q, q, pi, -pi / 2);
      p.arc_to(w - r, h - r, q, q, pi / 2, -pi / 2);
      p.line_to(w - e, -1 + e);
      break;
    case middle:
      p.add_rect(BLRect(e, -1 + e, w - 2 * e, h + 1 - 2 * e));
      return;
    case single:
      p.move_to(e, h / 2);
      p.arc_to(r, r, q, q, pi, pi / 2);
      p.arc_to(w - r, r, q, q, -pi / 2, pi / 2);
      p.arc_to(w - r, h - r, q, q, 0, pi / 2);
      p.arc_to(r, h - r, q, q, pi / 2, pi / 2);
      break;
    }
    p.close();
  }

  void cell(BLContext& ctx, double x, double y, double w, double h, Position position,
            const BLGradient& gradient, int i) const {
    ctx.save();
    ctx.clip_to_rect(x, y, w, h);
    ctx.translate(x, y);

    // The background: the path filled with the gradient, then the inner half
    // of its 1 pt stroke in gray.
    BLPath path;
    cellPath(path, position, w, h, 0);
    ctx.fill_path(path, gradient);
    BLPath band = path;
    cellPath(band, position, w, h, 0.5);
    ctx.set_fill_rule(BL_FILL_RULE_EVEN_ODD);
    ctx.fill_path(band, BLRgba32(128, 128, 128, 255));
    ctx.set_fill_rule(BL_FILL_RULE_NON_ZERO);

    // The badge: right edge 13 pt in, centred; a layer with the digits cleared.
    char digits[16];
    std::snprintf(digits, sizeof digits, "%d", badgeNumber(i));
    double digitsWidth = badge.width(digits), lineHeight = badge.lineHeight();
    double right = w - 13, centerY = h / 2;
    double x0 = std::floor(right - 7 - digitsWidth), x1 = std::ceil(right - 7);
    double y0 = std::floor(centerY - lineHeight / 2), y1 = std::ceil(centerY + lineHeight / 2);
    double bx = x0 - 7, by = y0 - 2, bw = x1 - x0 + 14, bh = y1 - y0 + 4;
    layer(ctx, x + bx - 1, y + by - 1, bw + 2, bh + 2, [&](BLContext& lc) {
      lc.translate(x, y);
      lc.fill_round_rect(BLRoundRect(bx, by, bw, bh, bh / 2), BLRgba32(135, 153, 188, 255));
      lc.set_comp_op(BL_COMP_OP_CLEAR);
      lc.fill_utf8_text(BLPoint(bx + 7, by + 2 + badge.ascent), badge.font, digits);
    });

    // The summary and the detail.
    double dy = (h - 60) / 2;
    ctx.fill_utf8_text(BLPoint(10, 10 + dy + summary.ascent), summary.font,
                       kNames[(i - 1) % 7], SIZE_MAX, BLRgba32(0, 0, 0, 255));
    ctx.fill_utf8_text(BLPoint(10, 32 + dy + detail.ascent), detail.font,
                       kDetails[(i - 1) % 5], SIZE_MAX, BLRgba32(128, 128, 128, 255));
    ctx.restore();
  }

  static BLGradient vertical(double y0, double y1, BLRgba32 top, BLRgba32 bottom) {
    BLGradient g(BLLinearGradientValues(0, y0, 0, y1));
    g.add_stop(0, top);
    g.add_stop(1, bottom);
    return g;
  }

  void draw(BLImage& image) const {
    BLContextCreateInfo info{};
    info.thread_count = threads > 1 ? uint32_t(threads) : 0;
    BLContext ctx(image, info);
    const double W = kWidth, H = height();
    const int sections = rows / kRowsPerSection;
    const double sectionHeight = kRowsPerSection * kRow;
    auto sectionTop = [&](int s) { return kPulled + kHeader + kSpacing + s * (kSpacing + sectionHeight); };

    ctx.fill_all(BLRgba32(0xFFC5CCD4u));
    ctx.scale(scale);

    for (int s = 0; s < sections; s++) bevel(ctx, kInset, sectionTop(s), W - 2 * kInset, sectionHeight);

    ctx.fill_rect(0, 0, W, kPulled, BLRgba32(0xFF4A5A6Au));
    ctx.fill_rect(0, kPulled, W, kHeader,
                  vertical(kPulled, kPulled + kHeader, BLRgba32(0xFF6D84A2u), BLRgba32(0xFF2D4A6Du)));

    BLGradient fromZero = vertical(0, kRow, BLRgba32(0xFFFFFFFFu), BLRgba32(0xFFDDDDDDu));
    BLGradient fromAbove = vertical(-1, kRow, BLRgba32(0xFFFFFFFFu), BLRgba32(0xFFDDDDDDu));
    for (int s = 0; s < sections; s++) {
      for (int r = 0; r < kRowsPerSection; r++) {
        Position position = r == 0 ? top : r == kRowsPerSection - 1 ? bottom : middle;
        cell(ctx, kInset, sectionTop(s) + r * kRow, W - 2 * kInset, kRow, position,
             position == top || position == single ? fromZero : fromAbove, s * kRowsPerSection + r + 1);
      }
    }

    // The rounded-corner overlay: each corner outside its quarter circle.
    const double r = kRadius, pi = M_PI;
    BLPath corners;
    corners.move_to(0, 0); corners.arc_to(r, r, r, r, pi, pi / 2); corners.close();
    corners.move_to(W, 0); corners.arc_to(W - r, r, r, r, -pi / 2, pi / 2); corners.close();
    corners.move_to(W, H); corners.arc_to(W - r, H - r, r, r, 0, pi / 2); corners.close();
    corners.move_to(0, H); corners.arc_to(r, H - r, r, r, pi / 2, pi / 2); corners.close();
    ctx.fill_path(corners, BLRgba32(0xFF000000u));
    ctx.end();
  }

  double frameSeconds() const {
    auto t0 = std::chrono::steady_clock::now();
    {
      BLImage image(pixelWidth(), pixelHeight(), BL_FORMAT_PRGB32);
      draw(image);
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
};

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "blend2d_scene: %s\n", message.c_str());
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  Scene scene;
  std::string bold, regular, png;
  int frames = 20, warmup = 3;
  double minTime = 2;
  for (int a = 1; a < argc; a++) {
    std::string key = argv[a];
    if (a + 1 >= argc) fail("missing value after " + key);
    const char* value = argv[++a];
    if (key == "--bold") bold = value;
    else if (key == "--regular") regular = value;
    else if (key == "--png") png = value;
    else if (key == "--threads") scene.threads = std::atoi(value);
    else if (key == "--rows") scene.rows = std::atoi(value);
    else if (key == "--scale") scene.scale = std::atof(value);
    else if (key == "--frames") frames = std::atoi(value);
    else if (key == "--warmup") warmup = std::atoi(value);
    else if (key == "--min-time") minTime = std::atof(value);
    else fail("unknown option " + key);
  }
  if (bold.empty() || regular.empty()) fail("--bold and --regular font files are required");
  if (scene.rows < 5 || scene.rows % 5 != 0) fail("--rows must be a positive multiple of 5");
  if (!(scene.scale > 0 && scene.scale <= 8)) fail("--scale must be in (0, 8]");
  if (scene.threads < 1) fail("--threads must be at least 1");

  BLFontFace boldFace, regularFace;
  if (boldFace.create_from_file(bold.c_str()) != BL_SUCCESS) fail("cannot load " + bold);
  if (regularFace.create_from_file(regular.c_str()) != BL_SUCCESS) fail("cannot load " + regular);
  scene.summary.load(boldFace, 18);
  scene.detail.load(regularFace, 14);
  scene.badge.load(boldFace, 13);

  if (!png.empty()) {
    BLImage image(scene.pixelWidth(), scene.pixelHeight(), BL_FORMAT_PRGB32);
    scene.draw(image);
    if (image.write_to_file(png.c_str()) != BL_SUCCESS) fail("cannot write " + png);
    return 0;
  }

  for (int i = 0; i < warmup; i++) scene.frameSeconds();
  std::vector<double> samples;
  double total = 0;
  while (int(samples.size()) < frames || (total < minTime && samples.size() < 5000)) {
    double t = scene.frameSeconds();
    samples.push_back(t);
    total += t;
  }
  std::sort(samples.begin(), samples.end());
  size_t n = samples.size();
  double median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  std::printf("blend2d-child %zu %.9f %.9f\n", n, median, samples[0]);
  return 0;
}
