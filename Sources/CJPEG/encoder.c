#include "pljpeg.h"
#include "error_manager.h"
#include <stdlib.h>
#include <string.h>

// Enough for a 1280-pixel preview at usual qualities; libjpeg grows it when not.
#define PLJPEG_INITIAL_OUTPUT (512 * 1024)
#define PLJPEG_ROW_BATCH 16

struct pljpeg_encoder {
    struct jpeg_compress_struct cinfo;
    pljpeg_error_manager errors;
    // The buffer we own between calls, and the pair jpeg_mem_dest writes through.
    unsigned char *buffer;
    unsigned long capacity;
    unsigned char *output;
    unsigned long output_size;
};

pljpeg_encoder *pljpeg_encoder_create(void) {
    pljpeg_encoder *encoder = calloc(1, sizeof *encoder);
    if (encoder == NULL) return NULL;
    encoder->buffer = malloc(PLJPEG_INITIAL_OUTPUT);
    if (encoder->buffer == NULL) {
        free(encoder);
        return NULL;
    }
    encoder->capacity = PLJPEG_INITIAL_OUTPUT;
    encoder->cinfo.err = &encoder->errors.base;
    pljpeg_error_manager_install(&encoder->errors);
    if (setjmp(encoder->errors.jump)) {
        free(encoder->buffer);
        free(encoder);
        return NULL;
    }
    jpeg_create_compress(&encoder->cinfo);
    return encoder;
}

void pljpeg_encoder_destroy(pljpeg_encoder *encoder) {
    if (encoder == NULL) return;
    jpeg_destroy_compress(&encoder->cinfo);
    free(encoder->buffer);
    free(encoder);
}

// jpeg_mem_dest replaces a buffer that turned out too small with one it mallocs;
// from then on that one is ours.
static void adopt_output_buffer(pljpeg_encoder *encoder) {
    if (encoder->output != NULL && encoder->output != encoder->buffer) {
        free(encoder->buffer);
        encoder->buffer = encoder->output;
        encoder->capacity = encoder->output_size;
    }
}

int pljpeg_encoder_encode(pljpeg_encoder *encoder, const uint8_t *pixels, uint32_t width,
                          uint32_t height, size_t stride, int32_t quality,
                          const uint8_t *icc, uint32_t icc_length, const char *comment,
                          const uint8_t **output, size_t *output_size) {
    struct jpeg_compress_struct *cinfo = &encoder->cinfo;
    *output = NULL;
    *output_size = 0;
    pljpeg_error_manager_reset(&encoder->errors);
    encoder->output = encoder->buffer;
    encoder->output_size = encoder->capacity;
    if (setjmp(encoder->errors.jump)) {
        jpeg_abort_compress(cinfo);
        return PLJPEG_ERROR;
    }
    jpeg_mem_dest(cinfo, &encoder->output, &encoder->output_size);
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = 3;
    cinfo->in_color_space = JCS_EXT_RGB;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, quality, TRUE);
    cinfo->dct_method = JDCT_ISLOW;
    jpeg_start_compress(cinfo, TRUE);
    if (comment != NULL && comment[0] != 0)
        jpeg_write_marker(cinfo, JPEG_COM, (const JOCTET *)comment, (unsigned int)strlen(comment));
    if (icc != NULL && icc_length > 0) jpeg_write_icc_profile(cinfo, icc, icc_length);
    JSAMPROW pointers[PLJPEG_ROW_BATCH];
    while (cinfo->next_scanline < cinfo->image_height) {
        JDIMENSION batch = cinfo->image_height - cinfo->next_scanline;
        if (batch > PLJPEG_ROW_BATCH) batch = PLJPEG_ROW_BATCH;
        for (JDIMENSION index = 0; index < batch; index++) {
            pointers[index] = (JSAMPROW)(pixels + (size_t)(cinfo->next_scanline + index) * stride);
        }
        jpeg_write_scanlines(cinfo, pointers, batch);
    }
    jpeg_finish_compress(cinfo);
    adopt_output_buffer(encoder);
    *output = encoder->buffer;
    *output_size = encoder->output_size;
    return PLJPEG_OK;
}

const char *pljpeg_encoder_error_message(const pljpeg_encoder *encoder) {
    return encoder->errors.error_message;
}
