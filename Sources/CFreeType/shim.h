/* FreeType 2 (pkg-config freetype2, Debian libfreetype-dev): glyph outlines. */
#ifndef CELLLUA_CFREETYPE_H
#define CELLLUA_CFREETYPE_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_FONT_FORMATS_H
#include FT_TRUETYPE_TABLES_H
#include FT_MULTIPLE_MASTERS_H

/* Load flags as plain constants: the macros are shifts Swift may not import. */
static const FT_Int32 cft_load_unhinted_outline = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
static const FT_Long cft_face_flag_scalable = FT_FACE_FLAG_SCALABLE;
static const FT_Long cft_face_flag_sfnt = FT_FACE_FLAG_SFNT;
static const FT_Long cft_face_flag_multiple_masters = FT_FACE_FLAG_MULTIPLE_MASTERS;
static const FT_Long cft_face_flag_fixed_sizes = FT_FACE_FLAG_FIXED_SIZES;
static const FT_Long cft_face_flag_color = FT_FACE_FLAG_COLOR;
/* A color glyph's bitmap (BGRA, premultiplied), or only its metrics. */
static const FT_Int32 cft_load_color = FT_LOAD_COLOR;
static const FT_Int32 cft_load_color_metrics = FT_LOAD_COLOR | FT_LOAD_BITMAP_METRICS_ONLY;

#endif
