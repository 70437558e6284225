// LittleCMS behind a context that records errors. lcms2 reports a bad profile through a log
// handler (by default one that says nothing) and a NULL return; this target owns the handler,
// so that the first message of each context can be read back and shown with the file's name.
// Each context is used by one thread at a time (a profile is parsed in the thread that meets
// it), so a context's record is never written by two threads at once.
#pragma once
#include <lcms2.h>

/// A context whose error handler keeps the first error's text (and counts them), never
/// printing and never aborting. NULL when out of memory.
cmsContext pllcms_context_create(void);
/// Frees the context and its record; every profile and transform made with it must be gone.
void pllcms_context_delete(cmsContext context);
/// The first error's text since the last clear, "" when none.
const char *pllcms_context_error(cmsContext context);
/// Errors recorded since the last clear.
unsigned pllcms_context_error_count(cmsContext context);
void pllcms_context_clear_errors(cmsContext context);

// The pixel formats photolib uses, as values: lcms2's TYPE_ macros are not imported by Swift.
static const cmsUInt32Number PLLCMS_TYPE_RGB_8 = TYPE_RGB_8;
/// 16-bit PNG and TIFF rows, native byte order, converted before they are reduced.
static const cmsUInt32Number PLLCMS_TYPE_RGB_16 = TYPE_RGB_16;
static const cmsUInt32Number PLLCMS_TYPE_GRAY_8 = TYPE_GRAY_8;
static const cmsUInt32Number PLLCMS_TYPE_GRAY_16 = TYPE_GRAY_16;
static const cmsUInt32Number PLLCMS_TYPE_CMYK_8 = TYPE_CMYK_8;
/// Adobe's CMYK JPEGs store 255 for no ink.
static const cmsUInt32Number PLLCMS_TYPE_CMYK_8_REV = TYPE_CMYK_8_REV;
