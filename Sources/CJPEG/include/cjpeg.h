/*
 * JPEG decoding and encoding through libjpeg (libjpeg-turbo on Debian and Ubuntu).
 *
 * libjpeg reports fatal errors through its error manager's error_exit, which
 * must not return; here it longjmps back into this C file, so no jump ever
 * crosses a Swift frame. Callers get a status and, on failure, a message in
 * `error` (NUL-terminated, at most CJPEG_ERROR_SIZE).
 */
#ifndef CJPEG_H
#define CJPEG_H

#include <stddef.h>
#include <stdint.h>

#define CJPEG_ERROR_SIZE 256

/** Whether `data` starts with a JPEG's start-of-image marker. */
int cjpeg_is_jpeg(const uint8_t *data, size_t size);

/**
 * Decodes a baseline or progressive JPEG (grayscale, YCbCr, RGB, CMYK or
 * YCCK) to opaque RGBA8, width*4 bytes per row, into a malloc'd buffer the
 * caller frees with cjpeg_free(). Images larger than max_pixels are refused;
 * so is a file that ends before its image data does.
 * Returns 0 on success.
 */
int cjpeg_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels,
                      uint8_t **pixels, uint32_t *width, uint32_t *height, char *error);

/**
 * Encodes opaque RGB8 (width*3 bytes per row) as a baseline JPEG with 4:2:0
 * chroma subsampling at `quality` (1..100, libjpeg's scale), into a malloc'd
 * buffer the caller frees with cjpeg_free(). Returns 0 on success.
 */
int cjpeg_encode_rgb(const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                     uint8_t **out, size_t *size, char *error);

void cjpeg_free(void *pointer);

#endif
