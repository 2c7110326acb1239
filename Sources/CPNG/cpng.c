#include "cpng.h"

#include <png.h>
#include <pthread.h>
#include <zlib.h>
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

/* One filtered row (filter byte 0, no filter) from a row of the image in
 * `form`: RGB for opaque pixels (the alpha byte dropped: a quarter less to
 * compress; readers give alpha 255 back), else straight RGBA, converted from
 * premultiplied with rounding to nearest (value * 255 / alpha). */
static void filter_row(const uint8_t *from, uint32_t width, int form, uint8_t *row) {
    row[0] = 0;
    uint8_t *to = row + 1;
    switch (form) {
    case CPNG_OPAQUE: {
        uint32_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        /* Four pixels (16 bytes in) to three words (12 bytes out) with
         * shifts: a word per pixel read, no byte-by-byte stores. */
        for (; x + 4 <= width; x += 4) {
            uint32_t p[4], q[3];
            memcpy(p, from + 4 * x, 16);
            q[0] = (p[0] & 0xFFFFFFu) | (p[1] << 24);
            q[1] = ((p[1] >> 8) & 0xFFFFu) | (p[2] << 16);
            q[2] = ((p[2] >> 16) & 0xFFu) | (p[3] << 8);
            memcpy(to + 3 * x, q, 12);
        }
#endif
        for (; x < width; x++) {
            to[3 * x] = from[4 * x];
            to[3 * x + 1] = from[4 * x + 1];
            to[3 * x + 2] = from[4 * x + 2];
        }
        break;
    }
    case CPNG_PREMULTIPLIED:
        for (uint32_t x = 0; x < width; x++) {
            const uint8_t *p = from + 4 * x;
            uint8_t *q = to + 4 * x;
            unsigned a = p[3];
            if (a == 255) {
                memcpy(q, p, 4);
            } else if (a == 0) {
                memset(q, 0, 4);
            } else {
                for (int c = 0; c < 3; c++) {
                    unsigned v = ((unsigned)p[c] * 255 + a / 2) / a;
                    q[c] = (uint8_t)(v > 255 ? 255 : v);
                }
                q[3] = (uint8_t)a;
            }
        }
        break;
    default:
        memcpy(to, from, (size_t)width * 4);
    }
}

/* Rows filtered a few at a time into a small buffer: the filtered image is
 * never held whole (a whole copy costs a page fault per 4 KiB, which a
 * short run pays in full). */
#define CPNG_CHUNK_BYTES (64 * 1024)

/* One band of the image data (rows `first` up to `end`), filtered and
 * compressed as raw deflate on its own thread. Every band but the last ends
 * with a sync flush (an empty stored block that leaves the stream on a byte
 * boundary, not final), so the bands' outputs concatenate into one deflate
 * stream; each band starts with the 32 KiB of filtered data before it as its
 * dictionary, so matches reach back across the seam as in one pass. The
 * checksum is combined after. */
typedef struct band {
    const uint8_t *pixels;
    size_t stride;
    uint32_t width;
    int form;
    size_t row_bytes;
    uint32_t first, end;
    int level;
    int last;
    uint8_t *out;
    size_t out_size;
    uLong adler;
    int failed;
} band;

/* Compresses `size` bytes at `data` into the band's output, growing it as
 * needed; `flush` as deflate takes it. Returns deflate's last result, or
 * Z_STREAM_ERROR. */
static int deflate_all(z_stream *z, band *b, size_t *capacity, const uint8_t *data, size_t size, int flush) {
    const uint8_t *next = data;
    size_t left = size;
    for (;;) {
        /* Input and output in pieces zlib's 32-bit counters can hold. */
        uInt take = left > (1u << 30) ? (1u << 30) : (uInt)left;
        z->next_in = (Bytef *)next;
        z->avail_in = take;
        if (*capacity - b->out_size < 64) {
            size_t grown = *capacity * 2;
            uint8_t *more = (uint8_t *)realloc(b->out, grown);
            if (!more) return Z_STREAM_ERROR;
            b->out = more;
            *capacity = grown;
        }
        size_t room = *capacity - b->out_size;
        z->next_out = b->out + b->out_size;
        z->avail_out = room > (1u << 30) ? (1u << 30) : (uInt)room;
        uInt before_out = z->avail_out;
        int result = deflate(z, take == left ? flush : Z_NO_FLUSH);
        b->out_size += before_out - z->avail_out;
        size_t used = take - z->avail_in;
        next += used;
        left -= used;
        if (result == Z_STREAM_ERROR) return result;
        /* Done when every byte went in and deflate had room to spare (it
         * wrote all it had; Z_BUF_ERROR: nothing was left to do) or ended
         * the stream. */
        if (left == 0 && z->avail_out > 0 &&
            (flush == Z_FINISH ? result == Z_STREAM_END : (result == Z_OK || result == Z_BUF_ERROR)))
            return result;
    }
}

static void *compress_band(void *argument) {
    band *b = (band *)argument;
    b->adler = adler32(0L, Z_NULL, 0);
    size_t rows_per_chunk = CPNG_CHUNK_BYTES / b->row_bytes;
    if (rows_per_chunk < 1) rows_per_chunk = 1;
    uint8_t *chunk = (uint8_t *)malloc(rows_per_chunk * b->row_bytes);
    z_stream z;
    memset(&z, 0, sizeof z);
    if (!chunk || deflateInit2(&z, b->level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        free(chunk);
        b->failed = 1;
        return NULL;
    }
    int ok = 1;
    if (b->first > 0) {
        /* The dictionary: the last 32 KiB of the filtered rows before the band. */
        size_t want = 32768;
        uint32_t rows = (uint32_t)((want + b->row_bytes - 1) / b->row_bytes);
        if (rows > b->first) rows = b->first;
        uint8_t *before = (uint8_t *)malloc((size_t)rows * b->row_bytes);
        if (!before) {
            ok = 0;
        } else {
            for (uint32_t i = 0; i < rows; i++)
                filter_row(b->pixels + (size_t)(b->first - rows + i) * b->stride, b->width, b->form,
                           before + (size_t)i * b->row_bytes);
            size_t have = (size_t)rows * b->row_bytes;
            size_t take = have < want ? have : want;
            ok = deflateSetDictionary(&z, before + have - take, (uInt)take) == Z_OK;
            free(before);
        }
    }
    size_t total = (size_t)(b->end - b->first) * b->row_bytes;
    size_t capacity = deflateBound(&z, total) + 64;
    b->out = ok ? (uint8_t *)malloc(capacity) : NULL;
    if (!b->out) ok = 0;
    for (uint32_t y = b->first; ok && y < b->end; y += (uint32_t)rows_per_chunk) {
        uint32_t stop = b->end - y < rows_per_chunk ? b->end : y + (uint32_t)rows_per_chunk;
        for (uint32_t r = y; r < stop; r++)
            filter_row(b->pixels + (size_t)r * b->stride, b->width, b->form, chunk + (size_t)(r - y) * b->row_bytes);
        size_t size = (size_t)(stop - y) * b->row_bytes;
        b->adler = adler32_z(b->adler, chunk, size);
        int flush = stop < b->end ? Z_NO_FLUSH : b->last ? Z_FINISH : Z_SYNC_FLUSH;
        if (deflate_all(&z, b, &capacity, chunk, size, flush) == Z_STREAM_ERROR) {
            ok = 0;
        }
    }
    if (ok && b->end == b->first) {
        /* An empty band still ends its part of the stream. */
        ok = deflate_all(&z, b, &capacity, chunk, 0, b->last ? Z_FINISH : Z_SYNC_FLUSH) != Z_STREAM_ERROR;
    }
    deflateEnd(&z);
    free(chunk);
    if (!ok) b->failed = 1;
    return NULL;
}

/* Data below this many bytes is compressed in one band: a thread would cost
 * more than it saves. */
#define CPNG_BANDED_BYTES (256 * 1024)

int cpng_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height,
                     size_t stride, int level, int form, cpng_buffer *out, char *error) {
    out->data = NULL;
    out->size = out->capacity = 0;
    error[0] = 0;
    if (level < 0 || level > 9) level = 6;
    /* The image data: each row's filter byte (0: no filter) and its bytes.
     *
     * No filter instead of libpng's adaptive choice among all five: rendered
     * UI is flat fills, rows of one color (vertical gradients) and
     * anti-aliased edges, which deflate matches well unfiltered. On the
     * example images (docs/images) it gave the smallest files at zlib level
     * 2-3 as well as the fastest encoding, ahead of Sub, Up and Paeth, even
     * for the text-heavy type sampler (measured with a libpng loop over each
     * image's pixels, every filter x level x strategy). */
    size_t channels = form == CPNG_OPAQUE ? 3 : 4;
    size_t row_bytes = 1 + (size_t)width * channels;
    size_t raw_size = row_bytes * height;
    /* Two bands (the machine's second core) split at a row boundary. */
    band bands[2];
    memset(bands, 0, sizeof bands);
    int count = raw_size >= CPNG_BANDED_BYTES && height >= 2 ? 2 : 1;
    uint32_t split = count == 2 ? height / 2 : height;
    for (int i = 0; i < 2; i++) {
        bands[i].pixels = pixels;
        bands[i].stride = stride;
        bands[i].width = width;
        bands[i].form = form;
        bands[i].row_bytes = row_bytes;
        bands[i].level = level;
    }
    bands[0].first = 0;
    bands[0].end = split;
    bands[0].last = count == 1;
    if (count == 2) {
        bands[1].first = split;
        bands[1].end = height;
        bands[1].last = 1;
    }
    pthread_t helper;
    int threaded = count == 2 && pthread_create(&helper, NULL, compress_band, &bands[1]) == 0;
    compress_band(&bands[0]);
    if (count == 2) {
        if (threaded) pthread_join(helper, NULL);
        else compress_band(&bands[1]);
    }
    int failed = bands[0].failed || (count == 2 && bands[1].failed);
    /* The zlib stream: its header (the level's flags), the bands, the
     * Adler-32 of all the data, big-endian. */
    size_t stream_size = 2 + bands[0].out_size + bands[1].out_size + 4;
    uint8_t *volatile stream = failed ? NULL : (uint8_t *)malloc(stream_size);
    if (!stream) {
        free(bands[0].out);
        free(bands[1].out);
        snprintf(error, CPNG_ERROR_SIZE, failed ? "PNG compression failed" : "out of memory");
        return 1;
    }
    uLong adler = count == 2 ? adler32_combine(bands[0].adler, bands[1].adler, (z_off_t)((size_t)(height - split) * row_bytes)) : bands[0].adler;
    stream[0] = 0x78;
    stream[1] = level < 2 ? 0x01 : level < 6 ? 0x5E : level == 6 ? 0x9C : 0xDA;
    memcpy(stream + 2, bands[0].out, bands[0].out_size);
    if (count == 2) memcpy(stream + 2 + bands[0].out_size, bands[1].out, bands[1].out_size);
    size_t at = stream_size - 4;
    stream[at] = (uint8_t)(adler >> 24);
    stream[at + 1] = (uint8_t)(adler >> 16);
    stream[at + 2] = (uint8_t)(adler >> 8);
    stream[at + 3] = (uint8_t)adler;
    free(bands[0].out);
    free(bands[1].out);

    /* libpng writes the file: signature, IHDR, the stream as IDAT chunks of
     * at most 1 MiB each, IEND, with their lengths and CRCs. */
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, error, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_write_struct(&png, NULL);
        free(stream);
        snprintf(error, CPNG_ERROR_SIZE, "cannot create PNG writer");
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(stream);
        cpng_buffer_free(out);
        if (!error[0]) snprintf(error, CPNG_ERROR_SIZE, "PNG encoding failed");
        return 1;
    }
    png_set_write_fn(png, out, write_to_buffer, flush_nothing);
    png_set_IHDR(png, info, width, height, 8, form == CPNG_OPAQUE ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (size_t offset = 0; offset < stream_size; offset += (size_t)1 << 20) {
        size_t n = stream_size - offset < ((size_t)1 << 20) ? stream_size - offset : ((size_t)1 << 20);
        png_write_chunk(png, (png_const_bytep) "IDAT", stream + offset, n);
    }
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    free(stream);
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
