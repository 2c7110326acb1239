/*
 * FreeType, fontconfig and HarfBuzz, opened when the first font is needed
 * rather than mapped at every start: with their own dependencies (glib,
 * graphite2, pcre2, expat, brotli) they are a good part of what a run that
 * draws no text pays before its first line.
 *
 * textlibraries.c (written by scripts/make-text-libraries from the installed
 * headers) defines each library function CellText calls, with the library's
 * own prototype; the definition calls the library's function through a
 * pointer. The executable is linked with --as-needed, so with every function
 * it uses defined here the three libraries leave its list of needed ones.
 */
#ifndef TEXTLIBRARIES_H
#define TEXTLIBRARIES_H

#include <stddef.h>

/**
 * Opens the three libraries if no call has yet (thread-safe; the outcome is
 * kept). Returns 1 when they are open; otherwise 0 and the reason, naming
 * the library, in `error` (at most `error_size` bytes). CellText calls it
 * before its first FreeType or fontconfig call.
 */
int textlibraries_open(char *error, size_t error_size);

#endif
