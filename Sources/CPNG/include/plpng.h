// libpng behind plain return codes: every libpng call that can png_error() (which longjmps)
// runs inside a setjmp owned by this file, so no longjmp ever crosses Swift frames and the
// error callback never returns (libpng would abort() if it did).
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct plpng_reader plpng_reader;

/// A reader over `size` bytes at `data` (borrowed for the reader's life). libpng refuses an
/// IHDR wider than `max_width` or taller than `max_height` before allocating anything;
/// ancillary chunks over `chunk_max` bytes are dropped with a warning. NULL when out of memory.
plpng_reader *plpng_open(const uint8_t *data, size_t size, uint32_t max_width, uint32_t max_height,
                         size_t chunk_max);
void plpng_close(plpng_reader *reader);

/// Signature, IHDR and the chunks before the first IDAT. 0 on success, -1 on error.
int plpng_read_header(plpng_reader *reader, uint32_t *width, uint32_t *height);

/// Decodes the image whose header was read into 8-bit RGB rows `width * 3` bytes apart:
/// 16-bit scaled, palette and gray expanded, interlacing handled, alpha composited on white
/// in sRGB values. Rows never produced stay as they were. Returns the rows produced
/// (all of them on success); `*failed` is set when libpng stopped early.
uint32_t plpng_decode_rgb(plpng_reader *reader, uint8_t *out, size_t out_size, int *failed);

/// Bits a sample of the image whose header was read (1, 2, 4, 8 or 16).
int plpng_bit_depth(const plpng_reader *reader);

/// Takes one decoded row of a 16-bit decode (`width` RGB pixels, three uint16 each), row
/// `row` of the image; must not call libpng, and keeps no pointer to the row.
typedef void (*plpng_row16_sink)(void *context, const uint16_t *rgb, uint32_t row);

/// Decodes the 16-bit image whose header was read as `plpng_decode_rgb` does, but keeping
/// 16 bits: each row in turn, as 16-bit RGB in the machine's byte order (gray expanded, alpha
/// composited on white in the file's values), is handed to `sink`. Returns the rows handed
/// over; `*failed` is set when libpng stopped early (or the image is not 16-bit).
uint32_t plpng_decode_rgb16(plpng_reader *reader, plpng_row16_sink sink, void *context, int *failed);

/// The bytes `plpng_decode_rgb` (or, when `sixteen`, `plpng_decode_rgb16`) allocates for
/// itself for the image whose header was read: one RGBA row, or the whole image as RGBA when
/// it is interlaced (Adam7 needs every row before any is final); at 16 bits, twice that and a
/// 16-bit RGB row. Known from IHDR, before anything is allocated.
size_t plpng_decode_buffer_bytes(const plpng_reader *reader, int sixteen);

/// The first error (else the first warning) libpng gave; NULL when none.
const char *plpng_message(const plpng_reader *reader);
const char *plpng_first_warning(const plpng_reader *reader);

/// zlib inflate of `size` bytes into at most `capacity` bytes (zTXt, compressed iTXt).
/// Returns the bytes written, or -1 when the stream is damaged or longer than `capacity`.
long plpng_inflate(const uint8_t *data, size_t size, uint8_t *out, size_t capacity);
