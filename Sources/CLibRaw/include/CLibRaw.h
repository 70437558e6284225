// LibRaw's C API. Its functions are defined in forwarding.c, which opens LibRaw (and
// lcms2, OpenMP, ...) the first time one is called, rather than at every process start.
#pragma once
#include <libraw/libraw.h>

/// Opens LibRaw unless it is open already: NULL when its functions can be called, else why not.
const char *photolib_libraw_load(void);
