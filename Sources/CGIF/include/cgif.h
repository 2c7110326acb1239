/*
 * GIF encoding: libimagequant picks each frame's palette (up to 256 colors,
 * Floyd-Steinberg dithered) and giflib writes the file (LZW, blocks,
 * extensions) into memory.
 *
 * Neither library longjmps; this shim turns their error codes into a status
 * (0 on success) and a message in `error` (NUL-terminated, at most
 * CGIF_ERROR_SIZE), as the other codecs' shims do.
 *
 * GIF has one transparent palette entry and no partial alpha: pixels with
 * alpha below 128 are transparent, the rest opaque at their straight color.
 *
 * After the first frame, a frame holds only the bounding box of the pixels
 * that changed since the frame before, and unchanged pixels inside it are
 * the transparent index (showing what is already there), so they compress
 * to little and take no palette entries. A frame whose pixels turn from
 * shown to transparent has the frame before it restored to the background
 * (disposal 2) first; that needs the next frame to be known, so each frame
 * is written when the next one is added (or at the end).
 */
#ifndef CGIF_H
#define CGIF_H

#include <stddef.h>
#include <stdint.h>

#define CGIF_ERROR_SIZE 256

/** The largest width or height a GIF holds (its fields are 16 bits). */
#define CGIF_MAX_DIMENSION 65535

typedef struct cgif_encoder cgif_encoder;

/**
 * Starts a GIF of `width` x `height`; `looping` adds the NETSCAPE2.0
 * extension that repeats the animation forever. NULL on failure, with the
 * reason in `error`.
 */
cgif_encoder *cgif_new(uint32_t width, uint32_t height, int looping, char *error);

/**
 * Adds a frame of straight-alpha RGBA8 (width*4 bytes per row) shown for
 * `delay_cs` hundredths of a second (0..65535). Returns 0 on success.
 */
int cgif_add(cgif_encoder *encoder, const uint8_t *rgba, int delay_cs, char *error);

/**
 * Writes the last frame and the trailer; the file goes into a malloc'd
 * buffer the caller frees with cgif_free_buffer(). Returns 0 on success.
 * The encoder must still be freed with cgif_free().
 */
int cgif_finish(cgif_encoder *encoder, uint8_t **out, size_t *size, char *error);

void cgif_free(cgif_encoder *encoder);

void cgif_free_buffer(void *pointer);

#endif
