#include "cwebp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <webp/encode.h>
#include <webp/mux.h>

#include "lazylibrary.h"

/* libwebp and libwebpmux are opened by the first call that needs them, not
 * at start-up (see lazylibrary.h); every call below goes through these
 * pointers. The headers' inline wrappers (WebPConfigInit, WebPPictureInit,
 * WebPAnimEncoderOptionsInit, WebPAnimEncoderNew, WebPDataClear) would call
 * the libraries directly, so their bodies are written out here instead. */
#define LIBWEBP_FUNCTIONS(X)                                                                  \
    X(WebPConfigInitInternal) X(WebPValidateConfig) X(WebPPictureInitInternal)                \
    X(WebPPictureImportRGBA) X(WebPPictureFree) X(WebPMemoryWriterInit) X(WebPMemoryWrite)   \
    X(WebPMemoryWriterClear) X(WebPEncode) X(WebPFree)
#define LIBWEBPMUX_FUNCTIONS(X)                                                                  \
    X(WebPAnimEncoderOptionsInitInternal) X(WebPAnimEncoderNewInternal) X(WebPAnimEncoderAdd)   \
    X(WebPAnimEncoderAssemble) X(WebPAnimEncoderGetError) X(WebPAnimEncoderDelete)
LIBWEBP_FUNCTIONS(LAZYLIBRARY_POINTER)
LIBWEBPMUX_FUNCTIONS(LAZYLIBRARY_POINTER)
static const char *const libwebp_files[] = {"libwebp.so.7", NULL};
static const char *const libwebp_symbols[] = {LIBWEBP_FUNCTIONS(LAZYLIBRARY_NAME) NULL};
static void **const libwebp_slots[] = {LIBWEBP_FUNCTIONS(LAZYLIBRARY_SLOT)};
static lazylibrary libwebp = {libwebp_files, libwebp_symbols, libwebp_slots, LAZYLIBRARY_STATE};
static const char *const libwebpmux_files[] = {"libwebpmux.so.3", NULL};
static const char *const libwebpmux_symbols[] = {LIBWEBPMUX_FUNCTIONS(LAZYLIBRARY_NAME) NULL};
static void **const libwebpmux_slots[] = {LIBWEBPMUX_FUNCTIONS(LAZYLIBRARY_SLOT)};
static lazylibrary libwebpmux = {libwebpmux_files, libwebpmux_symbols, libwebpmux_slots, LAZYLIBRARY_STATE};
#define WebPValidateConfig (*lazy_WebPValidateConfig)
#define WebPPictureImportRGBA (*lazy_WebPPictureImportRGBA)
#define WebPPictureFree (*lazy_WebPPictureFree)
#define WebPMemoryWriterInit (*lazy_WebPMemoryWriterInit)
#define WebPMemoryWrite (*lazy_WebPMemoryWrite)
#define WebPMemoryWriterClear (*lazy_WebPMemoryWriterClear)
#define WebPEncode (*lazy_WebPEncode)
#define WebPAnimEncoderAdd (*lazy_WebPAnimEncoderAdd)
#define WebPAnimEncoderAssemble (*lazy_WebPAnimEncoderAssemble)
#define WebPAnimEncoderGetError (*lazy_WebPAnimEncoderGetError)
#define WebPAnimEncoderDelete (*lazy_WebPAnimEncoderDelete)

/* libwebp's buffers are WebPMalloc'd: the caller gets a malloc'd copy, so
 * one free function serves every buffer of this shim. 0 on success. */
static int hand_out(const uint8_t *bytes, size_t n, uint8_t **out, size_t *size, char *error) {
    uint8_t *copy = (uint8_t *)malloc(n ? n : 1);
    if (!copy) {
        snprintf(error, CWEBP_ERROR_SIZE, "out of memory");
        return 1;
    }
    memcpy(copy, bytes, n);
    *out = copy;
    *size = n;
    return 0;
}

void cwebp_free(void *pointer) { free(pointer); }

/* libwebp's encoding error codes as sentences. */
static const char *describe(WebPEncodingError code) {
    switch (code) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY: return "out of memory";
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory for the bitstream";
    case VP8_ENC_ERROR_NULL_PARAMETER: return "a missing parameter";
    case VP8_ENC_ERROR_INVALID_CONFIGURATION: return "an invalid configuration";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "a width or height out of range";
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW: return "partition 0 is too big";
    case VP8_ENC_ERROR_PARTITION_OVERFLOW: return "a partition is too big";
    case VP8_ENC_ERROR_BAD_WRITE: return "a write failed";
    case VP8_ENC_ERROR_FILE_TOO_BIG: return "the file would be larger than 4 GiB";
    case VP8_ENC_ERROR_USER_ABORT: return "aborted";
    default: return "an unknown error";
    }
}

static int check_size(uint32_t width, uint32_t height, char *error) {
    if (width == 0 || height == 0 || width > CWEBP_MAX_DIMENSION || height > CWEBP_MAX_DIMENSION) {
        snprintf(error, CWEBP_ERROR_SIZE, "a WebP is 1 to %d pixels on a side, not %ux%u",
                 CWEBP_MAX_DIMENSION, width, height);
        return 1;
    }
    return 0;
}

/* The settings for a frame: lossless (libwebp's default effort, method 4 at
 * quality 75: its own middle ground of size and time) or lossy at `quality`
 * with lossless alpha. */
static int configure(WebPConfig *config, int quality, char *error) {
    if (!lazy_WebPConfigInitInternal(config, WEBP_PRESET_DEFAULT, 75.f, WEBP_ENCODER_ABI_VERSION)) {
        snprintf(error, CWEBP_ERROR_SIZE, "libwebp version mismatch");
        return 1;
    }
    if (quality < 0) {
        config->lossless = 1;
    } else {
        config->quality = (float)(quality > 100 ? 100 : quality);
    }
    if (!WebPValidateConfig(config)) {
        snprintf(error, CWEBP_ERROR_SIZE, "invalid WebP settings");
        return 1;
    }
    return 0;
}

/* `picture` set up for straight RGBA rows; 0 on success. */
static int import(WebPPicture *picture, const uint8_t *rgba, uint32_t width, uint32_t height,
                  size_t stride, int lossless, char *error) {
    if (!lazy_WebPPictureInitInternal(picture, WEBP_ENCODER_ABI_VERSION)) {
        snprintf(error, CWEBP_ERROR_SIZE, "libwebp version mismatch");
        return 1;
    }
    picture->width = (int)width;
    picture->height = (int)height;
    picture->use_argb = lossless;
    if (!WebPPictureImportRGBA(picture, rgba, (int)stride)) {
        snprintf(error, CWEBP_ERROR_SIZE, "WebP encoding failed: %s", describe(picture->error_code));
        WebPPictureFree(picture);
        return 1;
    }
    return 0;
}

int cwebp_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                      int quality, uint8_t **out, size_t *size, char *error) {
    *out = NULL;
    *size = 0;
    error[0] = 0;
    if (check_size(width, height, error)) return 1;
    if (!lazylibrary_open(&libwebp, error, CWEBP_ERROR_SIZE)) return 1;
    WebPConfig config;
    if (configure(&config, quality, error)) return 1;
    WebPPicture picture;
    if (import(&picture, rgba, width, height, stride, config.lossless, error)) return 1;
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    if (!ok) {
        snprintf(error, CWEBP_ERROR_SIZE, "WebP encoding failed: %s", describe(picture.error_code));
        WebPPictureFree(&picture);
        WebPMemoryWriterClear(&writer);
        return 1;
    }
    WebPPictureFree(&picture);
    int status = hand_out(writer.mem, writer.size, out, size, error);
    WebPMemoryWriterClear(&writer);
    return status;
}

struct cwebp_anim {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    uint32_t width, height;
};

cwebp_anim *cwebp_anim_new(uint32_t width, uint32_t height, int quality, char *error) {
    error[0] = 0;
    if (check_size(width, height, error)) return NULL;
    if (!lazylibrary_open(&libwebp, error, CWEBP_ERROR_SIZE)) return NULL;
    if (!lazylibrary_open(&libwebpmux, error, CWEBP_ERROR_SIZE)) return NULL;
    cwebp_anim *anim = (cwebp_anim *)calloc(1, sizeof *anim);
    if (!anim) {
        snprintf(error, CWEBP_ERROR_SIZE, "out of memory");
        return NULL;
    }
    if (configure(&anim->config, quality, error)) {
        free(anim);
        return NULL;
    }
    WebPAnimEncoderOptions options;
    if (!lazy_WebPAnimEncoderOptionsInitInternal(&options, WEBP_MUX_ABI_VERSION)) {
        free(anim);
        snprintf(error, CWEBP_ERROR_SIZE, "libwebpmux version mismatch");
        return NULL;
    }
    options.anim_params.loop_count = 0; /* forever */
    options.anim_params.bgcolor = 0;    /* transparent */
    anim->encoder = lazy_WebPAnimEncoderNewInternal((int)width, (int)height, &options, WEBP_MUX_ABI_VERSION);
    if (!anim->encoder) {
        free(anim);
        snprintf(error, CWEBP_ERROR_SIZE, "cannot create the WebP animation encoder (out of memory)");
        return NULL;
    }
    anim->width = width;
    anim->height = height;
    return anim;
}

static void anim_error(cwebp_anim *anim, const char *what, char *error) {
    const char *reason = WebPAnimEncoderGetError(anim->encoder);
    snprintf(error, CWEBP_ERROR_SIZE, "%s: %s", what, reason && reason[0] ? reason : "unknown error");
}

int cwebp_anim_add(cwebp_anim *anim, const uint8_t *rgba, size_t stride, int timestamp_ms, char *error) {
    error[0] = 0;
    WebPPicture picture;
    if (import(&picture, rgba, anim->width, anim->height, stride, 1, error)) return 1;
    int ok = WebPAnimEncoderAdd(anim->encoder, &picture, timestamp_ms, &anim->config);
    if (!ok) {
        if (picture.error_code != VP8_ENC_OK)
            snprintf(error, CWEBP_ERROR_SIZE, "WebP frame encoding failed: %s", describe(picture.error_code));
        else
            anim_error(anim, "WebP frame encoding failed", error);
    }
    WebPPictureFree(&picture);
    return ok ? 0 : 1;
}

int cwebp_anim_finish(cwebp_anim *anim, int end_ms, uint8_t **out, size_t *size, char *error) {
    *out = NULL;
    *size = 0;
    error[0] = 0;
    if (!WebPAnimEncoderAdd(anim->encoder, NULL, end_ms, NULL)) {
        anim_error(anim, "WebP animation failed", error);
        return 1;
    }
    WebPData data = {NULL, 0};
    if (!WebPAnimEncoderAssemble(anim->encoder, &data)) {
        anim_error(anim, "WebP animation assembly failed", error);
        return 1;
    }
    int status = hand_out(data.bytes, data.size, out, size, error);
    lazy_WebPFree((void *)data.bytes);
    return status;
}

void cwebp_anim_free(cwebp_anim *anim) {
    if (!anim) return;
    if (anim->encoder) WebPAnimEncoderDelete(anim->encoder);
    free(anim);
}
