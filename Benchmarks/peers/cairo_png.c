/* cairo_png: the whole-process peer of `celllua SCRIPT -o out.png`. Reads an
 * image celllua rendered (binary PPM, P6), puts its pixels on a cairo image
 * surface and writes it with cairo_surface_write_to_png: what a program on
 * cairo's C API pays to start and to write the same image, without the
 * drawing. scripts/bench builds it with the system's C compiler and times it
 * in turn with celllua.
 *
 *   cairo_png in.ppm out.png
 */
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: cairo_png in.ppm out.png\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "rb");
    int width = 0, height = 0, maxval = 0;
    if (!in || fscanf(in, "P6 %d %d %d", &width, &height, &maxval) != 3 || maxval != 255 || fgetc(in) == EOF ||
        width <= 0 || height <= 0) {
        fprintf(stderr, "cairo_png: cannot read %s as a binary PPM\n", argv[1]);
        return 1;
    }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    unsigned char *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    unsigned char *row = malloc((size_t)width * 3);
    for (int y = 0; y < height; y++) {
        if (fread(row, 3, (size_t)width, in) != (size_t)width) {
            fprintf(stderr, "cairo_png: %s is truncated\n", argv[1]);
            return 1;
        }
        unsigned int *to = (unsigned int *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++)
            to[x] = 0xFF000000u | (unsigned)row[3 * x] << 16 | (unsigned)row[3 * x + 1] << 8 | row[3 * x + 2];
    }
    free(row);
    fclose(in);
    cairo_surface_mark_dirty(surface);
    cairo_status_t status = cairo_surface_write_to_png(surface, argv[2]);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "cairo_png: %s\n", cairo_status_to_string(status));
        return 1;
    }
    return 0;
}
