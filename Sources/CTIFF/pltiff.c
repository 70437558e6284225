#include "pltiff.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

#include "lazy_library.h"

// libtiff, opened when the first TIFF is read rather than when photolib starts: it brings six
// libraries with it (LERC and with it libstdc++, JBIG, libdeflate, zstd, lzma), which every
// process paid to map and relocate (about 0.6 ms of a 5 ms start, bench/README.md). Each
// libtiff call below goes through the table CLazyLibrary fills; a macro of the function's own
// name keeps the calls as libtiff's documentation writes them. A new call: add it here.
static const char *const files[] = {"libtiff.so.6", "libtiff.so.5"};
static const char *const names[] = {
    "TIFFClientOpenExt", "TIFFClose", "TIFFGetField", "TIFFGetFieldDefaulted", "TIFFIsTiled",
    "TIFFOpenOptionsAlloc", "TIFFOpenOptionsFree", "TIFFOpenOptionsSetErrorHandlerExtR",
    "TIFFOpenOptionsSetMaxSingleMemAlloc", "TIFFOpenOptionsSetWarningHandlerExtR", "TIFFRGBAImageOK",
    "TIFFReadDirectory", "TIFFRGBAImageBegin", "TIFFSetDirectory", "TIFFSetErrorHandler",
    "TIFFSetWarningHandler", "TIFFTileSize64", "TIFFStripSize64", "TIFFRGBAImageGet", "TIFFRGBAImageEnd",
    "TIFFComputeStrip", "TIFFReadEncodedStrip", "TIFFComputeTile", "TIFFReadEncodedTile",
};
static void *table[sizeof names / sizeof names[0]];
static photolib_lazy_library library = {files, sizeof files / sizeof files[0], names, sizeof names / sizeof names[0], table, 0, {0}};

#define LIBTIFF(index, type) ((type)photolib_lazy_library_function(&library, index))
#define TIFFClientOpenExt(...) LIBTIFF(0, TIFF *(*)(const char *, const char *, thandle_t, TIFFReadWriteProc, TIFFReadWriteProc, TIFFSeekProc, TIFFCloseProc, TIFFSizeProc, TIFFMapFileProc, TIFFUnmapFileProc, TIFFOpenOptions *))(__VA_ARGS__)
#define TIFFClose(...) LIBTIFF(1, void (*)(TIFF *))(__VA_ARGS__)
// Variadic in libtiff itself: called through a pointer of the same variadic type.
#define TIFFGetField(...) LIBTIFF(2, int (*)(TIFF *, uint32_t, ...))(__VA_ARGS__)
#define TIFFGetFieldDefaulted(...) LIBTIFF(3, int (*)(TIFF *, uint32_t, ...))(__VA_ARGS__)
#define TIFFIsTiled(...) LIBTIFF(4, int (*)(TIFF *))(__VA_ARGS__)
#define TIFFOpenOptionsAlloc(...) LIBTIFF(5, TIFFOpenOptions *(*)(void))(__VA_ARGS__)
#define TIFFOpenOptionsFree(...) LIBTIFF(6, void (*)(TIFFOpenOptions *))(__VA_ARGS__)
#define TIFFOpenOptionsSetErrorHandlerExtR(...) LIBTIFF(7, void (*)(TIFFOpenOptions *, TIFFErrorHandlerExtR, void *))(__VA_ARGS__)
#define TIFFOpenOptionsSetMaxSingleMemAlloc(...) LIBTIFF(8, void (*)(TIFFOpenOptions *, tmsize_t))(__VA_ARGS__)
#define TIFFOpenOptionsSetWarningHandlerExtR(...) LIBTIFF(9, void (*)(TIFFOpenOptions *, TIFFErrorHandlerExtR, void *))(__VA_ARGS__)
#define TIFFRGBAImageOK(...) LIBTIFF(10, int (*)(TIFF *, char[1024]))(__VA_ARGS__)
#define TIFFReadDirectory(...) LIBTIFF(11, int (*)(TIFF *))(__VA_ARGS__)
#define TIFFRGBAImageBegin(...) LIBTIFF(12, int (*)(TIFFRGBAImage *, TIFF *, int, char[1024]))(__VA_ARGS__)
#define TIFFSetDirectory(...) LIBTIFF(13, int (*)(TIFF *, tdir_t))(__VA_ARGS__)
#define TIFFSetErrorHandler(...) LIBTIFF(14, TIFFErrorHandler (*)(TIFFErrorHandler))(__VA_ARGS__)
#define TIFFSetWarningHandler(...) LIBTIFF(15, TIFFErrorHandler (*)(TIFFErrorHandler))(__VA_ARGS__)
#define TIFFTileSize64(...) LIBTIFF(16, uint64_t (*)(TIFF *))(__VA_ARGS__)
#define TIFFStripSize64(...) LIBTIFF(17, uint64_t (*)(TIFF *))(__VA_ARGS__)
#define TIFFRGBAImageGet(...) LIBTIFF(18, int (*)(TIFFRGBAImage *, uint32_t *, uint32_t, uint32_t))(__VA_ARGS__)
#define TIFFRGBAImageEnd(...) LIBTIFF(19, void (*)(TIFFRGBAImage *))(__VA_ARGS__)
#define TIFFComputeStrip(...) LIBTIFF(20, uint32_t (*)(TIFF *, uint32_t, uint16_t))(__VA_ARGS__)
#define TIFFReadEncodedStrip(...) LIBTIFF(21, tmsize_t (*)(TIFF *, uint32_t, void *, tmsize_t))(__VA_ARGS__)
#define TIFFComputeTile(...) LIBTIFF(22, uint32_t (*)(TIFF *, uint32_t, uint32_t, uint32_t, uint16_t))(__VA_ARGS__)
#define TIFFReadEncodedTile(...) LIBTIFF(23, tmsize_t (*)(TIFF *, uint32_t, void *, tmsize_t))(__VA_ARGS__)

struct pltiff_file {
    TIFF *tiff;
    const uint8_t *data;
    toff_t size;
    toff_t offset;
    char message[200];
    // The RGBA conversion of the current directory between `pltiff_begin_rgba` and its end.
    TIFFRGBAImage image;
    int image_begun;
    // A strip or tile of a 16-bit RGB directory, read by `pltiff_read_rgb16_rows`.
    uint8_t *chunk;
    uint64_t chunk_size;
    // The cap on libtiff's allocations, which the chunk is held to as well.
    size_t max_alloc;
};

static int on_error(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff;
    (void)module;
    pltiff_file *file = user_data;
    if (file && file->message[0] == 0) vsnprintf(file->message, sizeof file->message, format, arguments);
    return 1;  // handled: the global handler (which prints) is not called
}

static int on_warning(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff;
    (void)user_data;
    (void)module;
    (void)format;
    (void)arguments;
    return 1;
}

static void silent(const char *module, const char *format, va_list arguments) {
    (void)module;
    (void)format;
    (void)arguments;
}

static tmsize_t read_proc(thandle_t handle, void *buffer, tmsize_t count) {
    pltiff_file *file = (pltiff_file *)handle;
    if (file->offset >= file->size) return 0;
    toff_t left = file->size - file->offset;
    tmsize_t n = (toff_t)count < left ? count : (tmsize_t)left;
    memcpy(buffer, file->data + file->offset, (size_t)n);
    file->offset += (toff_t)n;
    return n;
}

static tmsize_t write_proc(thandle_t handle, void *buffer, tmsize_t count) {
    (void)handle;
    (void)buffer;
    (void)count;
    return -1;
}

static toff_t seek_proc(thandle_t handle, toff_t offset, int whence) {
    pltiff_file *file = (pltiff_file *)handle;
    toff_t base = whence == SEEK_CUR ? file->offset : whence == SEEK_END ? file->size : 0;
    file->offset = base + offset;
    return file->offset;
}

static int close_proc(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t size_proc(thandle_t handle) { return ((pltiff_file *)handle)->size; }

static int map_proc(thandle_t handle, void **base, toff_t *size) {
    pltiff_file *file = (pltiff_file *)handle;
    *base = (void *)file->data;
    *size = file->size;
    return 1;
}

static void unmap_proc(thandle_t handle, void *base, toff_t size) {
    (void)handle;
    (void)base;
    (void)size;
}

pltiff_file *pltiff_open(const uint8_t *data, size_t size, size_t max_alloc, char *error, size_t error_size) {
    // Every other function takes an open file, so libtiff is loaded before any of them runs.
    const char *failure = photolib_lazy_library_load(&library);
    if (failure) {
        snprintf(error, error_size, "%s", failure);
        return NULL;
    }
    // Messages raised without a handle would otherwise reach stderr.
    TIFFSetErrorHandler(silent);
    TIFFSetWarningHandler(silent);
    pltiff_file *file = calloc(1, sizeof *file);
    if (!file) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    file->data = data;
    file->size = size;
    file->max_alloc = max_alloc;
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) {
        free(file);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, file);
    TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, file);
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)max_alloc);
    file->tiff = TIFFClientOpenExt("memory", "rm", (thandle_t)file, read_proc, write_proc, seek_proc, close_proc,
                                   size_proc, map_proc, unmap_proc, options);
    TIFFOpenOptionsFree(options);
    if (!file->tiff) {
        snprintf(error, error_size, "%s", file->message[0] ? file->message : "cannot open");
        free(file);
        return NULL;
    }
    return file;
}

void pltiff_close(pltiff_file *file) {
    if (!file) return;
    pltiff_end_rgba(file);
    if (file->tiff) TIFFClose(file->tiff);
    free(file->chunk);
    free(file);
}

int pltiff_select_full_page(pltiff_file *file) {
    tdir_t index = 0;
    if (!TIFFSetDirectory(file->tiff, 0)) return -1;
    do {
        uint32_t type = 0;
        if (!TIFFGetField(file->tiff, TIFFTAG_SUBFILETYPE, &type) || (type & (FILETYPE_REDUCEDIMAGE | FILETYPE_MASK)) == 0) {
            return TIFFSetDirectory(file->tiff, index) ? 0 : -1;
        }
        index++;
    } while (index < 64 && TIFFReadDirectory(file->tiff));
    // Only reduced images: the first will do.
    return TIFFSetDirectory(file->tiff, 0) ? 0 : -1;
}

void pltiff_size(pltiff_file *file, uint32_t *width, uint32_t *height) {
    *width = 0;
    *height = 0;
    TIFFGetField(file->tiff, TIFFTAG_IMAGEWIDTH, width);
    TIFFGetField(file->tiff, TIFFTAG_IMAGELENGTH, height);
}

int pltiff_orientation(pltiff_file *file) {
    uint16_t value = 1;
    TIFFGetFieldDefaulted(file->tiff, TIFFTAG_ORIENTATION, &value);
    return value >= 1 && value <= 8 ? value : 1;
}

const char *pltiff_string(pltiff_file *file, uint32_t tag) {
    const char *value = NULL;
    if (!TIFFGetField(file->tiff, tag, &value)) return NULL;
    return value;
}

uint32_t pltiff_icc_profile(pltiff_file *file, const uint8_t **data) {
    uint16_t photometric = 0;
    if (!TIFFGetField(file->tiff, TIFFTAG_PHOTOMETRIC, &photometric)) return 0;
    if (photometric != PHOTOMETRIC_RGB && photometric != PHOTOMETRIC_MINISBLACK &&
        photometric != PHOTOMETRIC_MINISWHITE && photometric != PHOTOMETRIC_YCBCR)
        return 0;
    uint32_t count = 0;
    const void *profile = NULL;
    if (!TIFFGetField(file->tiff, TIFFTAG_ICCPROFILE, &count, &profile) || profile == NULL) return 0;
    *data = profile;
    return count;
}

int pltiff_begin_rgba(pltiff_file *file) {
    pltiff_end_rgba(file);
    char message[1024] = {0};
    if (!TIFFRGBAImageOK(file->tiff, message) || !TIFFRGBAImageBegin(&file->image, file->tiff, 0, message)) {
        if (file->message[0] == 0) snprintf(file->message, sizeof file->message, "%s", message);
        return -1;
    }
    file->image_begun = 1;
    // Asking for the file's own orientation returns the rows as stored: libtiff would
    // otherwise flip for some orientations and never transpose (half an orientation).
    file->image.req_orientation = (uint16_t)pltiff_orientation(file);
    return 0;
}

uint32_t pltiff_rows_per_read(pltiff_file *file) {
    uint32_t rows = 0;
    if (TIFFIsTiled(file->tiff)) {
        TIFFGetFieldDefaulted(file->tiff, TIFFTAG_TILELENGTH, &rows);
    } else {
        TIFFGetFieldDefaulted(file->tiff, TIFFTAG_ROWSPERSTRIP, &rows);
    }
    uint32_t width = 0, height = 0;
    pltiff_size(file, &width, &height);
    return rows == 0 || rows > height ? height : rows;
}

int pltiff_read_rgba_rows(pltiff_file *file, uint32_t *raster, uint32_t row, uint32_t rows) {
    if (!file->image_begun) return -1;
    // What TIFFReadRGBAStrip and TIFFReadRGBATile do for one strip or row of tiles: the rows
    // from `row` on, all columns; `row` starts a strip or a row of tiles.
    file->image.row_offset = (int)row;
    file->image.col_offset = 0;
    if (!TIFFRGBAImageGet(&file->image, raster, file->image.width, rows)) {
        if (file->message[0] == 0) snprintf(file->message, sizeof file->message, "cannot decode the image data");
        return -1;
    }
    return 0;
}

void pltiff_end_rgba(pltiff_file *file) {
    if (!file->image_begun) return;
    TIFFRGBAImageEnd(&file->image);
    file->image_begun = 0;
}

const char *pltiff_message(const pltiff_file *file) { return file->message[0] ? file->message : NULL; }

uint64_t pltiff_read_buffer_bytes(pltiff_file *file) {
    uint64_t chunk = TIFFIsTiled(file->tiff) ? TIFFTileSize64(file->tiff) : TIFFStripSize64(file->tiff);
    uint16_t planar = PLANARCONFIG_CONTIG, samples = 1;
    TIFFGetFieldDefaulted(file->tiff, TIFFTAG_PLANARCONFIG, &planar);
    TIFFGetFieldDefaulted(file->tiff, TIFFTAG_SAMPLESPERPIXEL, &samples);
    return planar == PLANARCONFIG_SEPARATE ? chunk * samples : chunk;
}

int pltiff_is_rgb16(pltiff_file *file) {
    uint16_t photometric = 0, bits = 0, samples = 0, planar = PLANARCONFIG_CONTIG, format = SAMPLEFORMAT_UINT;
    if (!TIFFGetField(file->tiff, TIFFTAG_PHOTOMETRIC, &photometric) || photometric != PHOTOMETRIC_RGB) return 0;
    TIFFGetFieldDefaulted(file->tiff, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetFieldDefaulted(file->tiff, TIFFTAG_SAMPLESPERPIXEL, &samples);
    TIFFGetFieldDefaulted(file->tiff, TIFFTAG_PLANARCONFIG, &planar);
    TIFFGetFieldDefaulted(file->tiff, TIFFTAG_SAMPLEFORMAT, &format);
    return bits == 16 && (samples == 3 || samples == 4) && planar == PLANARCONFIG_CONTIG &&
           format == SAMPLEFORMAT_UINT;
}

// How the fourth sample is to be read, as TIFFRGBAImage reads it: premultiplied unless the
// file says it is not (an unspecified extra sample of RGBA counts as associated alpha there).
static int alpha_is_associated(pltiff_file *file) {
    uint16_t count = 0;
    uint16_t *kinds = NULL;
    if (!TIFFGetFieldDefaulted(file->tiff, TIFFTAG_EXTRASAMPLES, &count, &kinds) || count == 0 || kinds == NULL) {
        return 1;
    }
    return kinds[0] != EXTRASAMPLE_UNASSALPHA;
}

// `pixels` pixels of `samples` uint16 each from `from` into three at `to`, alpha on white.
static void rgb16_on_white(const uint16_t *from, uint16_t *to, uint32_t pixels, int samples, int associated) {
    for (uint32_t x = 0; x < pixels; x++, from += samples, to += 3) {
        if (samples == 3) {
            to[0] = from[0];
            to[1] = from[1];
            to[2] = from[2];
            continue;
        }
        uint32_t alpha = from[3], rest = 65535 - alpha;
        for (int c = 0; c < 3; c++) {
            uint32_t value = associated ? from[c] + rest
                                        : (uint32_t)(((uint64_t)from[c] * alpha + 32767) / 65535) + rest;
            to[c] = (uint16_t)(value > 65535 ? 65535 : value);
        }
    }
}

int pltiff_read_rgb16_rows(pltiff_file *file, uint16_t *out, uint32_t row, uint32_t rows) {
    if (!pltiff_is_rgb16(file)) return -1;
    uint32_t width = 0, height = 0;
    pltiff_size(file, &width, &height);
    uint16_t samples = 3;
    TIFFGetFieldDefaulted(file->tiff, TIFFTAG_SAMPLESPERPIXEL, &samples);
    int associated = alpha_is_associated(file);
    int tiled = TIFFIsTiled(file->tiff);
    uint64_t size = tiled ? TIFFTileSize64(file->tiff) : TIFFStripSize64(file->tiff);
    if (size == 0 || size > file->max_alloc || row >= height || rows > height - row) {
        if (file->message[0] == 0) snprintf(file->message, sizeof file->message, "bad strip or tile size");
        return -1;
    }
    if (file->chunk_size < size) {
        free(file->chunk);
        file->chunk = malloc((size_t)size);
        file->chunk_size = file->chunk ? size : 0;
        if (!file->chunk) {
            snprintf(file->message, sizeof file->message, "out of memory");
            return -1;
        }
    }
    size_t row_bytes = (size_t)width * samples * 2;
    if (!tiled) {
        // Each strip's rows in turn: a read of several strips' rows starts at a strip.
        uint32_t per_strip = pltiff_rows_per_read(file);
        for (uint32_t done = 0; done < rows;) {
            uint32_t strip_rows = per_strip < rows - done ? per_strip : rows - done;
            tmsize_t got = TIFFReadEncodedStrip(file->tiff, TIFFComputeStrip(file->tiff, row + done, 0), file->chunk,
                                                (tmsize_t)size);
            if (got < 0 || (uint64_t)got < row_bytes * strip_rows) {
                if (file->message[0] == 0) snprintf(file->message, sizeof file->message, "cannot decode the image data");
                return -1;
            }
            for (uint32_t y = 0; y < strip_rows; y++) {
                rgb16_on_white((const uint16_t *)(file->chunk + y * row_bytes), out + (size_t)(done + y) * width * 3,
                               width, samples, associated);
            }
            done += strip_rows;
        }
        return 0;
    }
    uint32_t tile_width = 0, tile_length = 0;
    TIFFGetField(file->tiff, TIFFTAG_TILEWIDTH, &tile_width);
    TIFFGetField(file->tiff, TIFFTAG_TILELENGTH, &tile_length);
    if (tile_width == 0 || tile_length == 0 || (uint64_t)tile_width * tile_length * samples * 2 > size) {
        if (file->message[0] == 0) snprintf(file->message, sizeof file->message, "bad tile size");
        return -1;
    }
    // One row of tiles at a time, each tile's part of the rows copied to its columns.
    for (uint32_t done = 0; done < rows;) {
        uint32_t top = row + done;
        uint32_t offset = top % tile_length;
        uint32_t band = tile_length - offset < rows - done ? tile_length - offset : rows - done;
        for (uint32_t left = 0; left < width; left += tile_width) {
            tmsize_t got = TIFFReadEncodedTile(file->tiff, TIFFComputeTile(file->tiff, left, top, 0, 0), file->chunk,
                                               (tmsize_t)size);
            if (got < 0 || (uint64_t)got < (uint64_t)tile_width * (offset + band) * samples * 2) {
                if (file->message[0] == 0) snprintf(file->message, sizeof file->message, "cannot decode the image data");
                return -1;
            }
            uint32_t columns = width - left < tile_width ? width - left : tile_width;
            for (uint32_t y = 0; y < band; y++) {
                const uint16_t *from = (const uint16_t *)file->chunk + ((size_t)(offset + y) * tile_width) * samples;
                rgb16_on_white(from, out + ((size_t)(done + y) * width + left) * 3, columns, samples, associated);
            }
        }
        done += band;
    }
    return 0;
}
