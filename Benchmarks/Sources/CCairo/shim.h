// cairo's C API for the benchmark's comparison side (pkg-config `cairo`),
// with its FreeType font backend for the text scene.
#include <cairo.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
