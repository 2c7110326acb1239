/*
 * Polygon booleans through Clipper 6 (libpolyclipping, Debian's
 * libpolyclipping-dev), behind a C interface: Clipper is C++ and reports
 * failures by throwing, so every call is wrapped here and Swift sees status
 * codes. Coordinates are 64-bit integers (the caller scales and rounds).
 */
#ifndef CCLIPPER_H
#define CCLIPPER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CCLIPPER_ERROR_SIZE 256

/** The operations, as Clipper's ClipType. */
enum { CCLIPPER_INTERSECTION = 0, CCLIPPER_UNION = 1, CCLIPPER_DIFFERENCE = 2, CCLIPPER_XOR = 3 };
/** Fill rules, as Clipper's PolyFillType. */
enum { CCLIPPER_EVENODD = 0, CCLIPPER_NONZERO = 1 };

/** Polygons: `count` of them, polygon i has `lengths[i]` points, all
 *  points' x, y one after another in `xy`. */
typedef struct {
    const int64_t *xy;
    const uint32_t *lengths;
    size_t count;
} cclipper_polygons;

/**
 * subject `op` clip, each operand under its fill rule; the result as closed,
 * non-overlapping polygons (outer ones counter-clockwise in y-up terms,
 * holes the other way), collinear points kept, in malloc'd arrays the
 * caller frees with cclipper_free(). Returns 0 on success, else a message
 * in `error`.
 */
int cclipper_execute(int op, cclipper_polygons subject, int subject_rule, cclipper_polygons clip, int clip_rule,
                     int64_t **out_xy, uint32_t **out_lengths, size_t *out_count, char *error);

void cclipper_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
