// cairo's C API for the benchmark's comparison side (pkg-config `cairo`).
#include <cairo.h>
