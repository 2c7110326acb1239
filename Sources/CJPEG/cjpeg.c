#include "cjpeg.h"

#include <setjmp.h>
#include <stdio.h> /* before jpeglib.h, which uses FILE */
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

#include "lazylibrary.h"

/* libjpeg is opened by the first call that needs it, not at start-up (see
 * lazylibrary.h); every libjpeg call below goes through these pointers. */
#define LIBJPEG_FUNCTIONS(X)                                                            \
    X(jpeg_std_error) X(jpeg_CreateDecompress) X(jpeg_CreateCompress) X(jpeg_mem_src) \
    X(jpeg_mem_dest) X(jpeg_read_header) X(jpeg_start_decompress)                      \
    X(jpeg_read_scanlines) X(jpeg_finish_decompress) X(jpeg_destroy_decompress)        \
    X(jpeg_set_defaults) X(jpeg_set_quality) X(jpeg_start_compress)                     \
    X(jpeg_write_scanlines) X(jpeg_finish_compress) X(jpeg_destroy_compress)
LIBJPEG_FUNCTIONS(LAZYLIBRARY_POINTER)
static const char *const libjpeg_files[] = {"libjpeg.so.62", NULL};
static const char *const libjpeg_symbols[] = {LIBJPEG_FUNCTIONS(LAZYLIBRARY_NAME) NULL};
static void **const libjpeg_slots[] = {LIBJPEG_FUNCTIONS(LAZYLIBRARY_SLOT)};
static lazylibrary libjpeg = {libjpeg_files, libjpeg_symbols, libjpeg_slots, LAZYLIBRARY_STATE};
/* jpeglib.h's macros (jpeg_create_compress, ...) expand to these names too. */
#define jpeg_std_error (*lazy_jpeg_std_error)
#define jpeg_CreateDecompress (*lazy_jpeg_CreateDecompress)
#define jpeg_CreateCompress (*lazy_jpeg_CreateCompress)
#define jpeg_mem_src (*lazy_jpeg_mem_src)
#define jpeg_mem_dest (*lazy_jpeg_mem_dest)
#define jpeg_read_header (*lazy_jpeg_read_header)
#define jpeg_start_decompress (*lazy_jpeg_start_decompress)
#define jpeg_read_scanlines (*lazy_jpeg_read_scanlines)
#define jpeg_finish_decompress (*lazy_jpeg_finish_decompress)
#define jpeg_destroy_decompress (*lazy_jpeg_destroy_decompress)
#define jpeg_set_defaults (*lazy_jpeg_set_defaults)
#define jpeg_set_quality (*lazy_jpeg_set_quality)
#define jpeg_start_compress (*lazy_jpeg_start_compress)
#define jpeg_write_scanlines (*lazy_jpeg_write_scanlines)
#define jpeg_finish_compress (*lazy_jpeg_finish_compress)
#define jpeg_destroy_compress (*lazy_jpeg_destroy_compress)

/* libjpeg's error manager, extended with the place to jump back to and the
 * caller's message buffer. */
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf back;
    char *error;
} error_manager;

static void on_error(j_common_ptr cinfo) {
    error_manager *m = (error_manager *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    m->base.format_message(cinfo, text);
    snprintf(m->error, CJPEG_ERROR_SIZE, "bad JPEG data: %s", text);
    longjmp(m->back, 1);
}

/* Warnings are ignored (libjpeg recovers from them), except a file that ends
 * early: libjpeg would fill the rest with gray, which hides a broken file. */
static void on_message(j_common_ptr cinfo, int level) {
    error_manager *m = (error_manager *)cinfo->err;
    if (level == -1 && m->base.msg_code == JWRN_JPEG_EOF) {
        snprintf(m->error, CJPEG_ERROR_SIZE, "truncated JPEG data");
        longjmp(m->back, 1);
    }
}

int cjpeg_is_jpeg(const uint8_t *data, size_t size) {
    return size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF;
}

int cjpeg_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels,
                      uint8_t **pixels, uint32_t *width, uint32_t *height, char *error) {
    *pixels = NULL;
    *width = *height = 0;
    error[0] = 0;
    if (!cjpeg_is_jpeg(data, size)) {
        snprintf(error, CJPEG_ERROR_SIZE, "not a JPEG file");
        return 1;
    }
    if (!lazylibrary_open(&libjpeg, error, CJPEG_ERROR_SIZE)) return 1;
    struct jpeg_decompress_struct cinfo;
    error_manager errors;
    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_error;
    errors.base.emit_message = on_message;
    errors.error = error;
    /* volatile: modified after setjmp and read after a longjmp back to it. */
    uint8_t *volatile image = NULL;
    if (setjmp(errors.back)) {
        jpeg_destroy_decompress(&cinfo);
        free(image);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    uint64_t count = (uint64_t)cinfo.image_width * cinfo.image_height;
    if (cinfo.image_width == 0 || cinfo.image_height == 0 || count > max_pixels) {
        snprintf(error, CJPEG_ERROR_SIZE, "image too large: %ux%u pixels (at most %llu)",
                 cinfo.image_width, cinfo.image_height, (unsigned long long)max_pixels);
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    /* libjpeg-turbo writes RGBA itself from gray, YCbCr and RGB; CMYK comes
     * out as CMYK and is converted below. */
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    uint32_t w = cinfo.output_width, h = cinfo.output_height;
    image = malloc((size_t)w * h * 4);
    if (!image) {
        snprintf(error, CJPEG_ERROR_SIZE, "out of memory");
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    while (cinfo.output_scanline < h) {
        uint8_t *out = image + (size_t)cinfo.output_scanline * w * 4;
        JSAMPROW rows[1] = {out};
        jpeg_read_scanlines(&cinfo, rows, 1);
        if (cmyk) {
            /* Adobe's CMYK JPEGs store the inks inverted (255 = no ink), which
             * is what an Adobe marker says; without it they are plain. */
            int inverted = cinfo.saw_Adobe_marker;
            for (uint32_t x = 0; x < w; x++) {
                uint8_t *p = out + x * 4;
                unsigned c = p[0], m = p[1], y = p[2], k = p[3];
                if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
                p[0] = (uint8_t)((c * k + 127) / 255);
                p[1] = (uint8_t)((m * k + 127) / 255);
                p[2] = (uint8_t)((y * k + 127) / 255);
                p[3] = 255;
            }
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    *pixels = image;
    *width = w;
    *height = h;
    return 0;
}

void cjpeg_free(void *pointer) { free(pointer); }

int cjpeg_encode_rgb(const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                     uint8_t **out, size_t *size, char *error) {
    *out = NULL;
    *size = 0;
    error[0] = 0;
    if (width == 0 || height == 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION) {
        snprintf(error, CJPEG_ERROR_SIZE, "a JPEG is 1 to %ld pixels on a side, not %ux%u",
                 (long)JPEG_MAX_DIMENSION, width, height);
        return 1;
    }
    if (!lazylibrary_open(&libjpeg, error, CJPEG_ERROR_SIZE)) return 1;
    struct jpeg_compress_struct cinfo;
    error_manager errors;
    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_error;
    errors.error = error;
    /* jpeg_mem_dest's buffer: volatile, read after a longjmp back here. */
    unsigned char *volatile buffer = NULL;
    unsigned long volatile length = 0;
    if (setjmp(errors.back)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return 1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, (unsigned long *)&length);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo.next_scanline * width * 3);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *size = length;
    return 0;
}
