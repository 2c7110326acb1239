/* cairo, for tests only (an independent renderer to compare against). */
#include <cairo.h>
