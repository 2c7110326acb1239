#include "cgif.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>
#include <libimagequant.h>

#include "lazylibrary.h"

/* giflib and libimagequant (with its OpenMP runtime) are opened by the first
 * encoder, not at start-up (see lazylibrary.h); every call below goes through
 * these pointers. */
#define GIFLIB_FUNCTIONS(X) \
    X(EGifOpen) X(EGifSetGifVersion) X(EGifPutScreenDesc) X(EGifPutImageDesc) \
    X(EGifPutLine) X(EGifPutExtension) X(EGifPutExtensionLeader) \
    X(EGifPutExtensionBlock) X(EGifPutExtensionTrailer) X(EGifGCBToExtension) \
    X(EGifCloseFile) X(GifMakeMapObject) X(GifFreeMapObject) X(GifErrorString)
#define LIBIMAGEQUANT_FUNCTIONS(X) \
    X(liq_attr_create) X(liq_attr_destroy) X(liq_set_max_colors) \
    X(liq_set_dithering_level) X(liq_image_create_rgba) X(liq_image_quantize) \
    X(liq_image_destroy) X(liq_write_remapped_image) X(liq_get_palette) \
    X(liq_result_destroy)
GIFLIB_FUNCTIONS(LAZYLIBRARY_POINTER)
LIBIMAGEQUANT_FUNCTIONS(LAZYLIBRARY_POINTER)
static const char *const giflib_files[] = {"libgif.so.7", NULL};
static const char *const giflib_symbols[] = {GIFLIB_FUNCTIONS(LAZYLIBRARY_NAME) NULL};
static void **const giflib_slots[] = {GIFLIB_FUNCTIONS(LAZYLIBRARY_SLOT)};
static lazylibrary giflib = {giflib_files, giflib_symbols, giflib_slots, LAZYLIBRARY_STATE};
static const char *const libimagequant_files[] = {"libimagequant.so.0", NULL};
static const char *const libimagequant_symbols[] = {LIBIMAGEQUANT_FUNCTIONS(LAZYLIBRARY_NAME) NULL};
static void **const libimagequant_slots[] = {LIBIMAGEQUANT_FUNCTIONS(LAZYLIBRARY_SLOT)};
static lazylibrary libimagequant = {libimagequant_files, libimagequant_symbols, libimagequant_slots,
                                    LAZYLIBRARY_STATE};
#define EGifOpen (*lazy_EGifOpen)
#define EGifSetGifVersion (*lazy_EGifSetGifVersion)
#define EGifPutScreenDesc (*lazy_EGifPutScreenDesc)
#define EGifPutImageDesc (*lazy_EGifPutImageDesc)
#define EGifPutLine (*lazy_EGifPutLine)
#define EGifPutExtension (*lazy_EGifPutExtension)
#define EGifPutExtensionLeader (*lazy_EGifPutExtensionLeader)
#define EGifPutExtensionBlock (*lazy_EGifPutExtensionBlock)
#define EGifPutExtensionTrailer (*lazy_EGifPutExtensionTrailer)
#define EGifGCBToExtension (*lazy_EGifGCBToExtension)
#define EGifCloseFile (*lazy_EGifCloseFile)
#define GifMakeMapObject (*lazy_GifMakeMapObject)
#define GifFreeMapObject (*lazy_GifFreeMapObject)
#define GifErrorString (*lazy_GifErrorString)
#define liq_attr_create (*lazy_liq_attr_create)
#define liq_attr_destroy (*lazy_liq_attr_destroy)
#define liq_set_max_colors (*lazy_liq_set_max_colors)
#define liq_set_dithering_level (*lazy_liq_set_dithering_level)
#define liq_image_create_rgba (*lazy_liq_image_create_rgba)
#define liq_image_quantize (*lazy_liq_image_quantize)
#define liq_image_destroy (*lazy_liq_image_destroy)
#define liq_write_remapped_image (*lazy_liq_write_remapped_image)
#define liq_get_palette (*lazy_liq_get_palette)
#define liq_result_destroy (*lazy_liq_result_destroy)

/* A frame quantized and waiting to be written: its disposal depends on the
 * frame after it. */
typedef struct pending_frame {
    int has;
    uint32_t x, y, w, h;
    uint8_t *indices; /* w*h palette indices, room for a whole frame */
    GifColorType colors[256];
    int count;
    int transparent; /* palette index, or NO_TRANSPARENT_COLOR */
    int delay;
} pending_frame;

struct cgif_encoder {
    GifFileType *gif;
    /* The file so far (giflib's output callback appends here). */
    uint8_t *data;
    size_t size, capacity;
    uint32_t width, height;
    /* The frame before, alpha made 0 or 255 as GIF shows it (width*height*4). */
    uint8_t *previous;
    uint8_t *current;
    /* The box being quantized, as RGBA for libimagequant. */
    uint8_t *box;
    int frames;
    pending_frame pending;
    liq_attr *attr;
};

void cgif_free_buffer(void *pointer) { free(pointer); }

static int append(GifFileType *gif, const GifByteType *bytes, int length) {
    cgif_encoder *e = (cgif_encoder *)gif->UserData;
    if (length <= 0) return 0;
    if (e->size + (size_t)length > e->capacity) {
        size_t capacity = e->capacity ? e->capacity : 65536;
        while (capacity < e->size + (size_t)length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(e->data, capacity);
        if (!grown) return 0; /* giflib reports E_GIF_ERR_WRITE_FAILED */
        e->data = grown;
        e->capacity = capacity;
    }
    memcpy(e->data + e->size, bytes, (size_t)length);
    e->size += (size_t)length;
    return length;
}

static void gif_error(int code, const char *what, char *error) {
    const char *reason = GifErrorString(code);
    snprintf(error, CGIF_ERROR_SIZE, "GIF encoding failed (%s): %s", what, reason ? reason : "unknown error");
}

void cgif_free(cgif_encoder *e) {
    if (!e) return;
    if (e->gif) {
        int ignored;
        EGifCloseFile(e->gif, &ignored);
    }
    if (e->attr) liq_attr_destroy(e->attr);
    free(e->data);
    free(e->previous);
    free(e->current);
    free(e->box);
    free(e->pending.indices);
    free(e);
}

cgif_encoder *cgif_new(uint32_t width, uint32_t height, int looping, char *error) {
    error[0] = 0;
    if (width == 0 || height == 0 || width > CGIF_MAX_DIMENSION || height > CGIF_MAX_DIMENSION) {
        snprintf(error, CGIF_ERROR_SIZE, "a GIF is 1 to %d pixels on a side, not %ux%u",
                 CGIF_MAX_DIMENSION, width, height);
        return NULL;
    }
    if (!lazylibrary_open(&giflib, error, CGIF_ERROR_SIZE)) return NULL;
    if (!lazylibrary_open(&libimagequant, error, CGIF_ERROR_SIZE)) return NULL;
    cgif_encoder *e = (cgif_encoder *)calloc(1, sizeof *e);
    size_t pixels = (size_t)width * height;
    if (e) {
        e->width = width;
        e->height = height;
        e->previous = (uint8_t *)malloc(pixels * 4);
        e->current = (uint8_t *)malloc(pixels * 4);
        e->box = (uint8_t *)malloc(pixels * 4);
        e->pending.indices = (uint8_t *)malloc(pixels);
        e->attr = liq_attr_create();
    }
    if (!e || !e->previous || !e->current || !e->box || !e->pending.indices || !e->attr) {
        cgif_free(e);
        snprintf(error, CGIF_ERROR_SIZE, "out of memory for a %ux%u GIF", width, height);
        return NULL;
    }
    /* 255: an entry is left for the transparent index a frame may need
     * added later (expand_pending). */
    liq_set_max_colors(e->attr, 255);
    int code = 0;
    e->gif = EGifOpen(e, append, &code);
    if (!e->gif) {
        gif_error(code, "open", error);
        cgif_free(e);
        return NULL;
    }
    EGifSetGifVersion(e->gif, true); /* GIF89a: the extensions need it */
    if (EGifPutScreenDesc(e->gif, (int)width, (int)height, 8, 0, NULL) == GIF_ERROR) {
        gif_error(e->gif->Error, "screen descriptor", error);
        cgif_free(e);
        return NULL;
    }
    if (looping) {
        /* NETSCAPE2.0: sub-block 1, loop count 0 (forever), little-endian. */
        static const GifByteType loop[3] = {1, 0, 0};
        if (EGifPutExtensionLeader(e->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
            EGifPutExtensionBlock(e->gif, 11, "NETSCAPE2.0") == GIF_ERROR ||
            EGifPutExtensionBlock(e->gif, 3, loop) == GIF_ERROR ||
            EGifPutExtensionTrailer(e->gif) == GIF_ERROR) {
            gif_error(e->gif->Error, "loop extension", error);
            cgif_free(e);
            return NULL;
        }
    }
    return e;
}

/* Writes the pending frame with `disposal`. */
static int write_pending(cgif_encoder *e, int disposal, char *error) {
    pending_frame *p = &e->pending;
    if (!p->has) return 0;
    p->has = 0;
    GraphicsControlBlock control = {disposal, false, p->delay, p->transparent};
    GifByteType extension[4];
    EGifGCBToExtension(&control, extension);
    if (EGifPutExtension(e->gif, GRAPHICS_EXT_FUNC_CODE, 4, extension) == GIF_ERROR) {
        gif_error(e->gif->Error, "graphics control", error);
        return 1;
    }
    /* A GIF palette has a power of two entries, at least 2. */
    int size = 2;
    while (size < p->count) size *= 2;
    GifColorType colors[256];
    memset(colors, 0, sizeof colors);
    memcpy(colors, p->colors, sizeof(GifColorType) * (size_t)p->count);
    ColorMapObject *map = GifMakeMapObject(size, colors);
    if (!map) {
        snprintf(error, CGIF_ERROR_SIZE, "out of memory");
        return 1;
    }
    int failed = EGifPutImageDesc(e->gif, (int)p->x, (int)p->y, (int)p->w, (int)p->h, false, map) == GIF_ERROR;
    GifFreeMapObject(map); /* giflib keeps its own copy */
    if (failed) {
        gif_error(e->gif->Error, "image descriptor", error);
        return 1;
    }
    for (uint32_t row = 0; row < p->h; row++) {
        if (EGifPutLine(e->gif, p->indices + (size_t)row * p->w, (int)p->w) == GIF_ERROR) {
            gif_error(e->gif->Error, "image data", error);
            return 1;
        }
    }
    return 0;
}

/* Quantizes the box (x, y, w, h) of the current frame into the pending
 * frame; pixels unchanged since the frame before become transparent (they
 * show what is there), except inside `cleared` (x, y, w, h of the frame
 * before, restored to the background; NULL when it is not), which is drawn
 * again whole. */
static int quantize(cgif_encoder *e, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                    const uint32_t *cleared, int delay, char *error) {
    int have_previous = e->frames > 0;
    for (uint32_t row = 0; row < h; row++) {
        const uint8_t *now = e->current + (((size_t)(y + row) * e->width) + x) * 4;
        const uint8_t *before = e->previous + (((size_t)(y + row) * e->width) + x) * 4;
        uint8_t *to = e->box + (size_t)row * w * 4;
        for (uint32_t col = 0; col < w; col++) {
            int keep = have_previous && memcmp(now + col * 4, before + col * 4, 4) == 0;
            if (keep && cleared) {
                const uint32_t *b = cleared;
                uint32_t px = x + col, py = y + row;
                if (px >= b[0] && px < b[0] + b[2] && py >= b[1] && py < b[1] + b[3]) keep = 0;
            }
            if (keep) memset(to + col * 4, 0, 4);
            else memcpy(to + col * 4, now + col * 4, 4);
        }
    }
    liq_image *image = liq_image_create_rgba(e->attr, e->box, (int)w, (int)h, 0);
    if (!image) {
        snprintf(error, CGIF_ERROR_SIZE, "libimagequant cannot take a %ux%u image", w, h);
        return 1;
    }
    liq_result *result = NULL;
    liq_error status = liq_image_quantize(image, e->attr, &result);
    if (status != LIQ_OK || !result) {
        liq_image_destroy(image);
        snprintf(error, CGIF_ERROR_SIZE, "libimagequant failed to choose a palette (error %d)", (int)status);
        return 1;
    }
    liq_set_dithering_level(result, 1.0f);
    pending_frame *p = &e->pending;
    status = liq_write_remapped_image(result, image, p->indices, (size_t)w * h);
    if (status != LIQ_OK) {
        liq_result_destroy(result);
        liq_image_destroy(image);
        snprintf(error, CGIF_ERROR_SIZE, "libimagequant failed to remap a frame (error %d)", (int)status);
        return 1;
    }
    const liq_palette *palette = liq_get_palette(result);
    /* One transparent entry: the first with alpha below 128; any other such
     * entry is mapped to it (alpha is 0 or 255 here, so that is rare). */
    int transparent = NO_TRANSPARENT_COLOR;
    uint8_t remap[256];
    for (unsigned i = 0; i < palette->count; i++) {
        remap[i] = (uint8_t)i;
        if (palette->entries[i].a < 128) {
            if (transparent == NO_TRANSPARENT_COLOR) transparent = (int)i;
            else remap[i] = (uint8_t)transparent;
        }
        p->colors[i].Red = palette->entries[i].r;
        p->colors[i].Green = palette->entries[i].g;
        p->colors[i].Blue = palette->entries[i].b;
    }
    if (transparent != NO_TRANSPARENT_COLOR) {
        for (size_t i = 0; i < (size_t)w * h; i++) p->indices[i] = remap[p->indices[i]];
    }
    p->count = (int)palette->count;
    p->transparent = transparent;
    p->x = x;
    p->y = y;
    p->w = w;
    p->h = h;
    p->delay = delay;
    p->has = 1;
    liq_result_destroy(result);
    liq_image_destroy(image);
    return 0;
}

/* Grows the pending frame's box to take in (x0, y0)-(x1, y1), the new
 * pixels being its transparent index (showing what is there): restoring the
 * frame to the background then clears that area too. */
static void expand_pending(cgif_encoder *e, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1) {
    pending_frame *p = &e->pending;
    if (p->x < x0) x0 = p->x;
    if (p->y < y0) y0 = p->y;
    if (p->x + p->w - 1 > x1) x1 = p->x + p->w - 1;
    if (p->y + p->h - 1 > y1) y1 = p->y + p->h - 1;
    uint32_t w = x1 - x0 + 1, h = y1 - y0 + 1;
    if (w == p->w && h == p->h) return;
    if (p->transparent == NO_TRANSPARENT_COLOR) {
        /* At most 255 colors were chosen: there is room for one more. */
        p->transparent = p->count++;
        p->colors[p->transparent].Red = p->colors[p->transparent].Green = p->colors[p->transparent].Blue = 0;
    }
    uint8_t *scratch = e->box; /* free until the next quantize */
    memset(scratch, p->transparent, (size_t)w * h);
    for (uint32_t row = 0; row < p->h; row++)
        memcpy(scratch + (size_t)(p->y - y0 + row) * w + (p->x - x0), p->indices + (size_t)row * p->w, p->w);
    memcpy(p->indices, scratch, (size_t)w * h);
    p->x = x0;
    p->y = y0;
    p->w = w;
    p->h = h;
}

int cgif_add(cgif_encoder *e, const uint8_t *rgba, int delay_cs, char *error) {
    error[0] = 0;
    if (delay_cs < 0) delay_cs = 0;
    if (delay_cs > 65535) delay_cs = 65535;
    size_t pixels = (size_t)e->width * e->height;
    /* Alpha as GIF shows it: transparent below 128, else opaque. */
    for (size_t i = 0; i < pixels; i++) {
        const uint8_t *from = rgba + i * 4;
        uint8_t *to = e->current + i * 4;
        if (from[3] < 128) {
            memset(to, 0, 4);
        } else {
            to[0] = from[0];
            to[1] = from[1];
            to[2] = from[2];
            to[3] = 255;
        }
    }
    int status;
    if (e->frames == 0) {
        status = quantize(e, 0, 0, e->width, e->height, NULL, delay_cs, error);
    } else {
        /* The box of changed pixels, and whether a shown pixel turns transparent. */
        uint32_t x0 = e->width, y0 = e->height, x1 = 0, y1 = 0;
        /* The box of pixels that turn from shown to transparent. */
        uint32_t cx0 = e->width, cy0 = e->height, cx1 = 0, cy1 = 0;
        int clears = 0;
        const uint32_t *now = (const uint32_t *)e->current, *before = (const uint32_t *)e->previous;
        for (uint32_t y = 0; y < e->height; y++) {
            for (uint32_t x = 0; x < e->width; x++) {
                size_t i = (size_t)y * e->width + x;
                if (now[i] == before[i]) continue;
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
                if (y < y0) y0 = y;
                if (y > y1) y1 = y;
                if (e->previous[i * 4 + 3] == 255 && e->current[i * 4 + 3] == 0) {
                    clears = 1;
                    if (x < cx0) cx0 = x;
                    if (x > cx1) cx1 = x;
                    if (y < cy0) cy0 = y;
                    if (y > cy1) cy1 = y;
                }
            }
        }
        if (x0 > x1) {
            /* Nothing changed: one transparent pixel keeps the frame's time. */
            x0 = y0 = x1 = y1 = 0;
        }
        /* Restoring the frame before to the background clears only its
         * box: it is grown to take in every pixel that must clear. */
        if (clears) expand_pending(e, cx0, cy0, cx1, cy1);
        uint32_t box[4] = {e->pending.x, e->pending.y, e->pending.w, e->pending.h};
        if (clears) {
            /* The frame before is cleared to the background (transparent)
             * where it drew; this frame draws all of that area again. */
            if (box[0] < x0) x0 = box[0];
            if (box[1] < y0) y0 = box[1];
            if (box[0] + box[2] - 1 > x1) x1 = box[0] + box[2] - 1;
            if (box[1] + box[3] - 1 > y1) y1 = box[1] + box[3] - 1;
        }
        if (write_pending(e, clears ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, error)) return 1;
        status = quantize(e, x0, y0, x1 - x0 + 1, y1 - y0 + 1, clears ? box : NULL, delay_cs, error);
    }
    if (status) return 1;
    uint8_t *swap = e->previous;
    e->previous = e->current;
    e->current = swap;
    e->frames++;
    return 0;
}

int cgif_finish(cgif_encoder *e, uint8_t **out, size_t *size, char *error) {
    *out = NULL;
    *size = 0;
    error[0] = 0;
    if (e->frames == 0) {
        snprintf(error, CGIF_ERROR_SIZE, "a GIF needs at least one frame");
        return 1;
    }
    if (write_pending(e, DISPOSE_DO_NOT, error)) return 1;
    int code = 0;
    int failed = EGifCloseFile(e->gif, &code) == GIF_ERROR;
    e->gif = NULL; /* freed by EGifCloseFile either way */
    if (failed) {
        gif_error(code, "close", error);
        return 1;
    }
    *out = e->data;
    *size = e->size;
    e->data = NULL;
    e->size = e->capacity = 0;
    return 0;
}
