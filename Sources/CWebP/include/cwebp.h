/*
 * WebP encoding through libwebp: still images (lossless or lossy) and
 * animations through libwebpmux's WebPAnimEncoder.
 *
 * libwebp reports errors as return values (no longjmp); this shim turns them
 * into a status (0 on success) and a message in `error` (NUL-terminated, at
 * most CWEBP_ERROR_SIZE), as the other codecs' shims do.
 */
#ifndef CWEBP_H
#define CWEBP_H

#include <stddef.h>
#include <stdint.h>

#define CWEBP_ERROR_SIZE 256

/** The largest width or height a WebP holds (libwebp's WEBP_MAX_DIMENSION). */
#define CWEBP_MAX_DIMENSION 16383

/**
 * Encodes straight-alpha RGBA8 rows (`stride` bytes apart) as a still WebP:
 * lossless when `quality` < 0, else lossy at `quality` (0..100, libwebp's
 * scale) with the alpha channel kept (lossless alpha). Into a malloc'd
 * buffer the caller frees with cwebp_free(). Returns 0 on success.
 */
int cwebp_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                      int quality, uint8_t **out, size_t *size, char *error);

/** An animated WebP being built (WebPAnimEncoder and its settings). */
typedef struct cwebp_anim cwebp_anim;

/**
 * Starts an animation of `width` x `height` that loops forever; frames are
 * lossless when `quality` < 0, else lossy at `quality`. NULL on failure,
 * with the reason in `error`.
 */
cwebp_anim *cwebp_anim_new(uint32_t width, uint32_t height, int quality, char *error);

/**
 * Adds a frame of straight-alpha RGBA8 rows (`stride` bytes apart, the
 * animation's size) shown from `timestamp_ms` until the next frame's.
 * Returns 0 on success.
 */
int cwebp_anim_add(cwebp_anim *anim, const uint8_t *rgba, size_t stride, int timestamp_ms, char *error);

/**
 * Ends the animation at `end_ms` (the last frame's duration) and assembles
 * the file into a malloc'd buffer the caller frees with cwebp_free().
 * Returns 0 on success. The animation must still be freed.
 */
int cwebp_anim_finish(cwebp_anim *anim, int end_ms, uint8_t **out, size_t *size, char *error);

void cwebp_anim_free(cwebp_anim *anim);

void cwebp_free(void *pointer);

#endif
