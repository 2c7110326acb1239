/* cairo, for tests only (an independent renderer to compare against), with
 * its FreeType font backend for comparing glyph rendering. */
#include <cairo.h>
#include <cairo-ft.h>
