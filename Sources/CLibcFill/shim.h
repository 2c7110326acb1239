// The C library's wide-character fill (wmemset), which Swift's Glibc module
// does not bring in: CellRaster fills runs of 32-bit pixels with it.
#include <wchar.h>

// A hint to bring the cache line at `p` in for writing soon (no fault on
// any address): Swift has no spelling for it.
static inline void cell_prefetch_write(const void *p) { __builtin_prefetch(p, 1, 3); }
