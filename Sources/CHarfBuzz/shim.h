/* HarfBuzz (pkg-config harfbuzz, Debian libharfbuzz-dev): shaping. Its own
 * OpenType functions read advances, cmap and GPOS/GSUB from the font file, so
 * shaping needs no FreeType state and is safe from several threads. */
#ifndef CELLLUA_CHARFBUZZ_H
#define CELLLUA_CHARFBUZZ_H

#include <hb.h>
#include <hb-ot.h>

#endif
