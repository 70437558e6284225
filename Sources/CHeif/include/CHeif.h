// libheif's API. Its functions are defined in forwarding.c, which opens libheif (and the
// decoders it depends on) the first time one is called, rather than at every process start.
#pragma once
#include <libheif/heif.h>

/// Opens libheif unless it is open already: NULL when its functions can be called, else why not.
const char *photolib_libheif_load(void);
