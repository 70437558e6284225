// libtiff behind plain calls: its error and warning handlers take a va_list and its getters
// are variadic, which Swift cannot call, so they live here.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct pltiff_file pltiff_file;

/// Opens the TIFF in `size` bytes at `data` (borrowed for the file's life), with every
/// libtiff allocation capped at `max_alloc` bytes. NULL on failure, with libtiff's message
/// in `error`.
pltiff_file *pltiff_open(const uint8_t *data, size_t size, size_t max_alloc, char *error, size_t error_size);
void pltiff_close(pltiff_file *file);

/// Makes the first directory that is not a reduced-resolution image or a mask current.
/// 0 on success.
int pltiff_select_full_page(pltiff_file *file);

void pltiff_size(pltiff_file *file, uint32_t *width, uint32_t *height);
/// TIFF/EXIF orientation 1...8 of the current directory (1 when absent).
int pltiff_orientation(pltiff_file *file);
/// An ASCII tag of the current directory (Make 271, Model 272, ImageDescription 270); NULL when absent.
const char *pltiff_string(pltiff_file *file, uint32_t tag);

/// The current directory's ICC profile (tag 34675), borrowed from libtiff until the file is
/// closed; 0 when it has none. Only for RGB and gray pages: libtiff turns a CMYK page's ink
/// into RGB itself, which its CMYK profile no longer describes.
uint32_t pltiff_icc_profile(pltiff_file *file, const uint8_t **data);
/// Prepares to decode the current directory as RGBA, rows in stored order (the file's
/// orientation not applied). 0 on success; the message (libtiff's first error) is in
/// `pltiff_message` otherwise.
int pltiff_begin_rgba(pltiff_file *file);
/// The rows a read should start at a multiple of and span: one strip, or one row of tiles
/// (the image's height when it is one strip).
uint32_t pltiff_rows_per_read(pltiff_file *file);
/// Decodes `rows` rows from `row` (a multiple of `pltiff_rows_per_read`) into `raster`
/// (width*rows RGBA words, bytes R, G, B, A), after `pltiff_begin_rgba`. 0 on success.
int pltiff_read_rgba_rows(pltiff_file *file, uint32_t *raster, uint32_t row, uint32_t rows);
/// Frees what `pltiff_begin_rgba` holds (also done by `pltiff_close`).
void pltiff_end_rgba(pltiff_file *file);
const char *pltiff_message(const pltiff_file *file);

/// 1 when the current directory is what `pltiff_read_rgb16_rows` reads (16-bit unsigned RGB,
/// three samples a pixel or four with alpha, samples interleaved, in strips or tiles), else 0.
int pltiff_is_rgb16(pltiff_file *file);
/// Decodes `rows` rows from `row` (a multiple of `pltiff_rows_per_read`) of such a directory,
/// rows as stored, into `out` (width*rows pixels of three uint16, the machine's byte order),
/// alpha composited on white in the file's values. Reads with a strip or tile buffer of its
/// own (`pltiff_read_buffer_bytes`), freed by `pltiff_close`. 0 on success; the message is in
/// `pltiff_message` otherwise.
int pltiff_read_rgb16_rows(pltiff_file *file, uint16_t *out, uint32_t row, uint32_t rows);

/// The bytes libtiff allocates to read the current directory as RGBA besides the raster:
/// a strip or tile at the file's depth, one for each plane when planes are separate.
uint64_t pltiff_read_buffer_bytes(pltiff_file *file);
