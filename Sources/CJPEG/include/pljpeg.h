#pragma once
// The classic libjpeg API behind plain functions that return status codes.
//
// libjpeg reports fatal errors by calling error_exit, which must not return; Swift
// cannot call setjmp, so every entry point here sets up its own setjmp and turns a
// libjpeg error into PLJPEG_ERROR with a message. No libjpeg type crosses this header.

#include <stddef.h>
#include <stdint.h>

#define PLJPEG_OK 0
#define PLJPEG_ERROR (-1)

/// Colour models a JPEG can hold, as far as renditions care.
typedef enum {
    PLJPEG_MODEL_GRAY = 1,
    PLJPEG_MODEL_YCBCR = 2,   // also plain RGB: both decode to RGB
    PLJPEG_MODEL_CMYK = 3,
    PLJPEG_MODEL_YCCK = 4,
    PLJPEG_MODEL_OTHER = 5
} pljpeg_color_model;

/// What the frame header says, read before any pixel memory is allocated.
typedef struct {
    uint32_t width;
    uint32_t height;
    int32_t components;
    pljpeg_color_model model;
    int32_t has_adobe_marker;
    int32_t progressive;
} pljpeg_header;

typedef struct pljpeg_decoder pljpeg_decoder;

/// A decoder reused for many images, one image at a time. NULL when out of memory.
pljpeg_decoder *pljpeg_decoder_create(void);
void pljpeg_decoder_destroy(pljpeg_decoder *decoder);

/// Starts a new image from memory the caller keeps alive until finish or abort,
/// and reads its header. Any previous image is abandoned.
int pljpeg_decoder_read_header(pljpeg_decoder *decoder, const uint8_t *data, size_t size,
                               pljpeg_header *header);

/// The embedded ICC profile (APP2 ICC_PROFILE chunks joined), copied into malloc'd
/// memory the caller frees with pljpeg_free; *data is NULL when there is none or it is incomplete.
int pljpeg_decoder_copy_icc_profile(pljpeg_decoder *decoder, uint8_t **data, uint32_t *length);

/// Bytes libjpeg will allocate for the whole image's DCT coefficients when decoding starts:
/// progressive and other multi-scan files need them (at full size, whatever the scale);
/// 0 for single-scan files, which decode a row of blocks at a time.
size_t pljpeg_decoder_whole_image_bytes(pljpeg_decoder *decoder);

/// Bytes of the whole image's DCT coefficients, single-scan or not, as libjpeg's virtual
/// arrays hold them (each component's block grid padded to whole MCUs): what a lossless
/// transform (jpeg_read_coefficients) allocates for the source image.
size_t pljpeg_decoder_coefficient_bytes(pljpeg_decoder *decoder);

/// Bounds the work of a multi-scan image: its scans times its coefficient bytes may not pass
/// `bytes` (0: only the fixed bound on the number of scans). A file over it fails to decode.
void pljpeg_decoder_set_scan_budget(pljpeg_decoder *decoder, size_t bytes);

/// Begins decompression at 1/scale_denominator (1, 2, 4 or 8). Gray and colour images come
/// out as three bytes a pixel (R, G, B), CMYK and YCCK ones as four (C, M, Y, K as stored,
/// so inverted when the file has an Adobe marker). For progressive files this is where all
/// scans are read.
int pljpeg_decoder_start(pljpeg_decoder *decoder, uint32_t scale_denominator,
                         uint32_t *output_width, uint32_t *output_height);

/// Reads up to max_rows rows into rows (stride bytes apart). *rows_read counts the rows
/// that were fully written, also when an error stops the decode part-way.
int pljpeg_decoder_read_rows(pljpeg_decoder *decoder, uint8_t *rows, size_t stride,
                             uint32_t max_rows, uint32_t *rows_read);

/// Ends the image after all rows were read (this can still produce warnings).
int pljpeg_decoder_finish(pljpeg_decoder *decoder);

/// Drops the current image, whatever its state.
void pljpeg_decoder_abort(pljpeg_decoder *decoder);

/// Corrupt-data warnings of the current image, and the first one's text ("" when none).
long pljpeg_decoder_warning_count(const pljpeg_decoder *decoder);
const char *pljpeg_decoder_first_warning(const pljpeg_decoder *decoder);

/// The text of the last fatal error.
const char *pljpeg_decoder_error_message(const pljpeg_decoder *decoder);

typedef struct pljpeg_encoder pljpeg_encoder;

pljpeg_encoder *pljpeg_encoder_create(void);
void pljpeg_encoder_destroy(pljpeg_encoder *encoder);

/// Compresses 3-byte R, G, B pixels to a JPEG in memory with 4:2:0 chroma, carrying
/// icc (may be NULL) as APP2 ICC_PROFILE markers and comment (may be NULL) as a COM marker
/// right after JFIF's APP0. *output stays valid until the next call or destroy, and belongs
/// to the encoder.
int pljpeg_encoder_encode(pljpeg_encoder *encoder, const uint8_t *pixels, uint32_t width,
                          uint32_t height, size_t stride, int32_t quality,
                          const uint8_t *icc, uint32_t icc_length, const char *comment,
                          const uint8_t **output, size_t *output_size);

const char *pljpeg_encoder_error_message(const pljpeg_encoder *encoder);

void pljpeg_free(void *pointer);

/// Hands memory that libjpeg freed back to the system (glibc's malloc_trim; nothing elsewhere).
/// glibc keeps big blocks freed by one thread in that thread's heap, where another thread's
/// next big allocation cannot reuse them.
void pljpeg_release_freed_memory(void);
