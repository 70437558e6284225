#include "pljpeg.h"
#include "error_manager.h"
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

// A progressive file can hold thousands of tiny scans that make decoding take minutes;
// TurboJPEG's TJFLAG_LIMITSCANS uses the same bound.
#define PLJPEG_MAX_SCANS 500
// Rows handed to jpeg_read_scanlines per call; libjpeg returns at most a row group anyway.
#define PLJPEG_ROW_BATCH 16

struct pljpeg_decoder {
    struct jpeg_decompress_struct cinfo;  // first: the progress monitor finds the decoder from it
    pljpeg_error_manager errors;
    struct jpeg_progress_mgr progress;
    // Bytes of coefficients all scans of one image may pass over together (0: no bound), and
    // the current image's coefficient bytes (0 for a single-scan image).
    size_t scan_budget;
    size_t whole_image;
};

static void limit_scans(j_common_ptr cinfo) {
    j_decompress_ptr decompress = (j_decompress_ptr)cinfo;
    pljpeg_decoder *decoder = (pljpeg_decoder *)cinfo;
    pljpeg_error_manager *manager = (pljpeg_error_manager *)cinfo->err;
    int scans = decompress->input_scan_number;
    if (scans > PLJPEG_MAX_SCANS) {
        snprintf(manager->error_message, sizeof manager->error_message,
                 "Progressive JPEG has more than %d scans", PLJPEG_MAX_SCANS);
        longjmp(manager->jump, 1);
    }
    // Each scan passes over the whole coefficient buffer: many scans of a large frame take
    // seconds even when they hold no data. Bound the work, not only the count.
    if (decoder->scan_budget > 0 && decoder->whole_image > 0
        && (size_t)scans > decoder->scan_budget / decoder->whole_image) {
        snprintf(manager->error_message, sizeof manager->error_message,
                 "Progressive JPEG has too many scans for its size (%d of %zu MiB each, over the per-file budget)",
                 scans, decoder->whole_image >> 20);
        longjmp(manager->jump, 1);
    }
}

void pljpeg_decoder_set_scan_budget(pljpeg_decoder *decoder, size_t bytes) {
    decoder->scan_budget = bytes;
}

pljpeg_decoder *pljpeg_decoder_create(void) {
    pljpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->cinfo.err = &decoder->errors.base;
    pljpeg_error_manager_install(&decoder->errors);
    if (setjmp(decoder->errors.jump)) {
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->cinfo);
    decoder->progress.progress_monitor = limit_scans;
    decoder->cinfo.progress = &decoder->progress;
    return decoder;
}

void pljpeg_decoder_destroy(pljpeg_decoder *decoder) {
    if (decoder == NULL) return;
    jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder);
}

void pljpeg_decoder_abort(pljpeg_decoder *decoder) {
    jpeg_abort_decompress(&decoder->cinfo);
}

static pljpeg_color_model model_of(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return PLJPEG_MODEL_GRAY;
    case JCS_YCbCr:
    case JCS_RGB: return PLJPEG_MODEL_YCBCR;
    case JCS_CMYK: return PLJPEG_MODEL_CMYK;
    case JCS_YCCK: return PLJPEG_MODEL_YCCK;
    default: return PLJPEG_MODEL_OTHER;
    }
}

int pljpeg_decoder_read_header(pljpeg_decoder *decoder, const uint8_t *data, size_t size,
                               pljpeg_header *header) {
    jpeg_abort_decompress(&decoder->cinfo);
    pljpeg_error_manager_reset(&decoder->errors);
    memset(header, 0, sizeof *header);
    if (setjmp(decoder->errors.jump)) {
        jpeg_abort_decompress(&decoder->cinfo);
        return PLJPEG_ERROR;
    }
    jpeg_mem_src(&decoder->cinfo, data, (unsigned long)size);
    jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&decoder->cinfo, TRUE);
    header->width = decoder->cinfo.image_width;
    header->height = decoder->cinfo.image_height;
    header->components = decoder->cinfo.num_components;
    header->model = model_of(decoder->cinfo.jpeg_color_space);
    header->has_adobe_marker = decoder->cinfo.saw_Adobe_marker ? 1 : 0;
    header->progressive = decoder->cinfo.progressive_mode ? 1 : 0;
    return PLJPEG_OK;
}

int pljpeg_decoder_copy_icc_profile(pljpeg_decoder *decoder, uint8_t **data, uint32_t *length) {
    *data = NULL;
    *length = 0;
    if (setjmp(decoder->errors.jump)) return PLJPEG_ERROR;
    JOCTET *profile = NULL;
    unsigned int profile_length = 0;
    if (jpeg_read_icc_profile(&decoder->cinfo, &profile, &profile_length)) {
        *data = profile;
        *length = profile_length;
    }
    return PLJPEG_OK;
}

size_t pljpeg_decoder_whole_image_bytes(pljpeg_decoder *decoder) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    if (setjmp(decoder->errors.jump)) return 0;
    if (!jpeg_has_multiple_scans(cinfo)) return 0;
    return pljpeg_decoder_coefficient_bytes(decoder);
}

size_t pljpeg_decoder_coefficient_bytes(pljpeg_decoder *decoder) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    // jdcoefct.c pads each component's block grid to whole MCUs.
    size_t total = 0;
    for (int index = 0; index < cinfo->num_components; index++) {
        jpeg_component_info *component = &cinfo->comp_info[index];
        size_t columns = component->width_in_blocks + (size_t)component->h_samp_factor - 1;
        size_t rows = component->height_in_blocks + (size_t)component->v_samp_factor - 1;
        columns -= columns % (size_t)component->h_samp_factor;
        rows -= rows % (size_t)component->v_samp_factor;
        total += columns * rows * sizeof(JBLOCK);
    }
    return total;
}

int pljpeg_decoder_start(pljpeg_decoder *decoder, uint32_t scale_denominator,
                         uint32_t *output_width, uint32_t *output_height) {
    *output_width = 0;
    *output_height = 0;
    if (setjmp(decoder->errors.jump)) return PLJPEG_ERROR;
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    cinfo->scale_num = 1;
    cinfo->scale_denom = scale_denominator;
    int ink = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = ink ? JCS_CMYK : JCS_EXT_RGB;
    cinfo->dct_method = JDCT_ISLOW;
    decoder->whole_image = pljpeg_decoder_whole_image_bytes(decoder);
    if (setjmp(decoder->errors.jump)) return PLJPEG_ERROR;  // (whole_image_bytes set its own)
    jpeg_start_decompress(cinfo);
    *output_width = cinfo->output_width;
    *output_height = cinfo->output_height;
    return PLJPEG_OK;
}

int pljpeg_decoder_read_rows(pljpeg_decoder *decoder, uint8_t *rows, size_t stride,
                             uint32_t max_rows, uint32_t *rows_read) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    const JDIMENSION first_row = cinfo->output_scanline;
    *rows_read = 0;
    if (setjmp(decoder->errors.jump)) {
        *rows_read = cinfo->output_scanline - first_row;
        return PLJPEG_ERROR;
    }
    JSAMPROW pointers[PLJPEG_ROW_BATCH];
    while (cinfo->output_scanline < cinfo->output_height
           && cinfo->output_scanline - first_row < max_rows) {
        JDIMENSION done = cinfo->output_scanline - first_row;
        JDIMENSION batch = max_rows - done;
        if (batch > PLJPEG_ROW_BATCH) batch = PLJPEG_ROW_BATCH;
        for (JDIMENSION index = 0; index < batch; index++) {
            pointers[index] = rows + (size_t)(done + index) * stride;
        }
        jpeg_read_scanlines(cinfo, pointers, batch);
    }
    *rows_read = cinfo->output_scanline - first_row;
    return PLJPEG_OK;
}

int pljpeg_decoder_finish(pljpeg_decoder *decoder) {
    if (setjmp(decoder->errors.jump)) {
        jpeg_abort_decompress(&decoder->cinfo);
        return PLJPEG_ERROR;
    }
    jpeg_finish_decompress(&decoder->cinfo);
    return PLJPEG_OK;
}

long pljpeg_decoder_warning_count(const pljpeg_decoder *decoder) {
    return decoder->errors.base.num_warnings;
}

const char *pljpeg_decoder_first_warning(const pljpeg_decoder *decoder) {
    return decoder->errors.first_warning;
}

const char *pljpeg_decoder_error_message(const pljpeg_decoder *decoder) {
    return decoder->errors.error_message;
}

void pljpeg_free(void *pointer) {
    free(pointer);
}

void pljpeg_release_freed_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}
