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

/// The bytes `plpng_decode_rgb` allocates for itself for the image whose header was read:
/// one RGBA row, or the whole image as RGBA when it is interlaced (Adam7 needs every row
/// before any is final). Known from IHDR, before anything is allocated.
size_t plpng_decode_buffer_bytes(const plpng_reader *reader);

/// The first error (else the first warning) libpng gave; NULL when none.
const char *plpng_message(const plpng_reader *reader);
const char *plpng_first_warning(const plpng_reader *reader);

/// zlib inflate of `size` bytes into at most `capacity` bytes (zTXt, compressed iTXt).
/// Returns the bytes written, or -1 when the stream is damaged or longer than `capacity`.
long plpng_inflate(const uint8_t *data, size_t size, uint8_t *out, size_t capacity);
