/*
 * PNG encoding and decoding through libpng.
 *
 * libpng reports errors by longjmp; every setjmp and libpng call stays in this
 * C file so no jump ever crosses a Swift frame. Callers get a status and, on
 * failure, a message in `error` (NUL-terminated, at most CPNG_ERROR_SIZE).
 */
#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

#define CPNG_ERROR_SIZE 256

/** A byte buffer owned by the codec; free it with cpng_buffer_free. */
typedef struct cpng_buffer {
    uint8_t *data;
    size_t size;
    size_t capacity;
} cpng_buffer;

void cpng_buffer_free(cpng_buffer *buffer);

/** What the rows given to cpng_encode_rgba hold. */
enum {
    /** Straight-alpha RGBA8: written as RGBA. */
    CPNG_STRAIGHT = 0,
    /** RGBA8 whose every alpha is 255: written as RGB. */
    CPNG_OPAQUE = 1,
    /** Premultiplied RGBA8: written as straight RGBA, each channel
     *  value * 255 / alpha rounded to nearest (0 where alpha is 0). */
    CPNG_PREMULTIPLIED = 2,
};

/**
 * Encodes RGBA8 rows (`stride` bytes apart) in `form` (CPNG_STRAIGHT,
 * CPNG_OPAQUE, CPNG_PREMULTIPLIED) as an 8-bit PNG with no time or text
 * chunks, so equal pixels give equal bytes. `level` is the zlib level
 * (0-9, -1 = libpng's default). Returns 0 on success and fills `out`.
 */
int cpng_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height,
                     size_t stride, int level, int form, cpng_buffer *out, char *error);

/**
 * Decodes any PNG libpng reads (every color type and bit depth, tRNS) to
 * straight-alpha RGBA8, width*4 bytes per row, into a malloc'd buffer the
 * caller frees with free(). Images larger than max_pixels are refused.
 * Returns 0 on success.
 */
int cpng_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels,
                     uint8_t **pixels, uint32_t *width, uint32_t *height, char *error);

void cpng_free(void *pointer);

#endif
