// The C library's wide-character fill (wmemset), which Swift's Glibc module
// does not bring in: CellRaster fills runs of 32-bit pixels with it.
#include <wchar.h>
