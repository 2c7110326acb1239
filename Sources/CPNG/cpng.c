#include "cpng.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cpng_buffer_free(cpng_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = buffer->capacity = 0;
}

void cpng_free(void *pointer) { free(pointer); }

/* Error and warning callbacks: keep the message, then jump back to our setjmp. */
static void on_error(png_structp png, png_const_charp message) {
    char *error = (char *)png_get_error_ptr(png);
    if (error) snprintf(error, CPNG_ERROR_SIZE, "%s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void write_to_buffer(png_structp png, png_bytep data, png_size_t length) {
    cpng_buffer *out = (cpng_buffer *)png_get_io_ptr(png);
    if (out->size + length > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 65536;
        while (capacity < out->size + length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(out->data, capacity);
        if (!grown) png_error(png, "out of memory while encoding PNG");
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, data, length);
    out->size += length;
}

static void flush_nothing(png_structp png) { (void)png; }

int cpng_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height,
                     size_t stride, int level, int drop_alpha, cpng_buffer *out, char *error) {
    out->data = NULL;
    out->size = out->capacity = 0;
    error[0] = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, error, on_error, on_warning);
    if (!png) {
        snprintf(error, CPNG_ERROR_SIZE, "cannot create PNG writer");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    /* Row pointers are allocated before setjmp so a jump cannot leak them. */
    png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!info || !rows) {
        free(rows);
        png_destroy_write_struct(&png, info ? &info : NULL);
        snprintf(error, CPNG_ERROR_SIZE, "out of memory");
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_write_struct(&png, &info);
        cpng_buffer_free(out);
        if (!error[0]) snprintf(error, CPNG_ERROR_SIZE, "PNG encoding failed");
        return 1;
    }
    png_set_write_fn(png, out, write_to_buffer, flush_nothing);
    /* An opaque image is written as RGB: the rows still hold RGBA, and
     * libpng drops the filler byte after each pixel (a quarter less data to
     * compress; readers give alpha 255 back). */
    png_set_IHDR(png, info, width, height, 8, drop_alpha ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (level >= 0) png_set_compression_level(png, level);
    /* No filter instead of libpng's adaptive choice among all five: rendered
     * UI is flat fills, rows of one color (vertical gradients) and
     * anti-aliased edges, which deflate matches well unfiltered. On the
     * example images (docs/images) it gave the smallest files at zlib level
     * 2-3 as well as the fastest encoding, ahead of Sub, Up and Paeth, even
     * for the text-heavy type sampler (measured with a libpng loop over each
     * image's pixels, every filter x level x strategy). */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_write_info(png, info);
    if (drop_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(pixels + (size_t)y * stride);
    png_write_image(png, rows);
    png_write_end(png, info);
    free(rows);
    png_destroy_write_struct(&png, &info);
    return 0;
}

typedef struct reader {
    const uint8_t *data;
    size_t size;
    size_t offset;
} reader;

static void read_from_buffer(png_structp png, png_bytep out, png_size_t length) {
    reader *r = (reader *)png_get_io_ptr(png);
    if (length > r->size - r->offset) png_error(png, "truncated PNG data");
    memcpy(out, r->data + r->offset, length);
    r->offset += length;
}

int cpng_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels,
                     uint8_t **pixels, uint32_t *width, uint32_t *height, char *error) {
    *pixels = NULL;
    *width = *height = 0;
    error[0] = 0;
    if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        snprintf(error, CPNG_ERROR_SIZE, "not a PNG file");
        return 1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, error, on_error, on_warning);
    if (!png) {
        snprintf(error, CPNG_ERROR_SIZE, "cannot create PNG reader");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(error, CPNG_ERROR_SIZE, "out of memory");
        return 1;
    }
    /* volatile: modified after setjmp and read after a longjmp back to it. */
    uint8_t *volatile image = NULL;
    png_bytep *volatile rows = NULL;
    reader r = {data, size, 0};
    if (setjmp(png_jmpbuf(png))) {
        free(image);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        if (!error[0]) snprintf(error, CPNG_ERROR_SIZE, "PNG decoding failed");
        return 1;
    }
    png_set_read_fn(png, &r, read_from_buffer);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info);
    png_uint_32 h = png_get_image_height(png, info);
    if (w == 0 || h == 0 || (uint64_t)w * (uint64_t)h > max_pixels) {
        char message[CPNG_ERROR_SIZE];
        snprintf(message, sizeof message, "image too large (%ux%u pixels)", (unsigned)w, (unsigned)h);
        png_error(png, message);
    }
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    /* Normalise every format to 8-bit RGBA with straight alpha. */
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png); /* rounds, where strip_16 would truncate */
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unsupported PNG layout");
    image = (uint8_t *)malloc((size_t)w * h * 4);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
    if (!image || !rows) png_error(png, "out of memory while decoding PNG");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = image + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    *pixels = image;
    *width = w;
    *height = h;
    return 0;
}
