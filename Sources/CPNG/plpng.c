#include "plpng.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

struct plpng_reader {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    char error[160];
    char warning[160];
};

static void on_error(png_structp png, png_const_charp message) {
    plpng_reader *reader = png_get_error_ptr(png);
    if (reader->error[0] == 0) snprintf(reader->error, sizeof reader->error, "%s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    plpng_reader *reader = png_get_error_ptr(png);
    if (reader->warning[0] == 0) snprintf(reader->warning, sizeof reader->warning, "%s", message);
}

static void on_read(png_structp png, png_bytep out, size_t count) {
    plpng_reader *reader = png_get_io_ptr(png);
    if (count > reader->size - reader->offset) png_error(png, "unexpected end of file");
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
}

plpng_reader *plpng_open(const uint8_t *data, size_t size, uint32_t max_width, uint32_t max_height,
                         size_t chunk_max) {
    plpng_reader *reader = calloc(1, sizeof *reader);
    if (!reader) return NULL;
    reader->data = data;
    reader->size = size;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, on_error, on_warning);
    if (!reader->png) {
        free(reader);
        return NULL;
    }
    reader->info = png_create_info_struct(reader->png);
    if (!reader->info) {
        plpng_close(reader);
        return NULL;
    }
    png_set_read_fn(reader->png, reader, on_read);
    png_set_user_limits(reader->png, max_width, max_height);
    png_set_chunk_malloc_max(reader->png, chunk_max);
    // A bad CRC on an ancillary chunk is a warning, as browsers treat it.
    png_set_crc_action(reader->png, PNG_CRC_WARN_USE, PNG_CRC_WARN_DISCARD);
    return reader;
}

void plpng_close(plpng_reader *reader) {
    if (!reader) return;
    png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
    free(reader);
}

// The first chunk before the image data that claims more bytes than the file holds, or NULL.
// libpng 1.6.39 allocates a text chunk's whole claimed length before reading it (the fuzzer
// found a 36-byte tEXt claiming 1.3 GB), whatever the chunk limit; a file held in memory says
// at once that those bytes are not there.
static const uint8_t *chunk_past_end(const plpng_reader *reader) {
    size_t at = 8;
    while (reader->size >= 12 && at <= reader->size - 12) {
        const uint8_t *chunk = reader->data + at;
        size_t length = (size_t)chunk[0] << 24 | (size_t)chunk[1] << 16 | (size_t)chunk[2] << 8 | chunk[3];
        if (memcmp(chunk + 4, "IDAT", 4) == 0) return NULL;
        if (length > reader->size - at - 12) return chunk;
        at += 12 + length;
    }
    return NULL;
}

int plpng_read_header(plpng_reader *reader, uint32_t *width, uint32_t *height) {
    *width = 0;
    *height = 0;
    const uint8_t *cut = chunk_past_end(reader);
    if (cut) {
        snprintf(reader->error, sizeof reader->error, "%.4s chunk runs past the end of the file",
                 (const char *)(cut + 4));
        return -1;
    }
    if (setjmp(png_jmpbuf(reader->png))) {
        // The user limits' reason goes to the warning callback; the error only says "Invalid IHDR data".
        if (reader->warning[0] && strstr(reader->warning, "user limit")) {
            snprintf(reader->error, sizeof reader->error, "%s", reader->warning);
        }
        return -1;
    }
    png_read_info(reader->png, reader->info);
    *width = png_get_image_width(reader->png, reader->info);
    *height = png_get_image_height(reader->png, reader->info);
    return 0;
}

// The expansions both decodes ask of libpng: palette and low-depth gray to 8 bits, tRNS to
// alpha, gray to RGB, and an opaque alpha added where there is none, so that every row is RGBA.
// Returns the passes (7 for an interlaced image).
static int set_rgba(png_structp png, png_infop info, int color, int depth) {
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_add_alpha(png, depth == 16 ? 0xFFFF : 0xFF, PNG_FILLER_AFTER);
    return png_set_interlace_handling(png);
}

static void composite_on_white16(const uint16_t *rgba, uint16_t *rgb, uint32_t width) {
    for (uint32_t x = 0; x < width; x++, rgba += 4, rgb += 3) {
        uint32_t alpha = rgba[3], rest = 65535 - alpha;
        rgb[0] = (uint16_t)(((uint64_t)rgba[0] * alpha + 65535u * rest + 32767) / 65535);
        rgb[1] = (uint16_t)(((uint64_t)rgba[1] * alpha + 65535u * rest + 32767) / 65535);
        rgb[2] = (uint16_t)(((uint64_t)rgba[2] * alpha + 65535u * rest + 32767) / 65535);
    }
}

static void composite_on_white(const uint8_t *rgba, uint8_t *rgb, uint32_t width) {
    for (uint32_t x = 0; x < width; x++, rgba += 4, rgb += 3) {
        unsigned alpha = rgba[3], rest = 255 - alpha;
        rgb[0] = (uint8_t)((rgba[0] * alpha + 255 * rest + 127) / 255);
        rgb[1] = (uint8_t)((rgba[1] * alpha + 255 * rest + 127) / 255);
        rgb[2] = (uint8_t)((rgba[2] * alpha + 255 * rest + 127) / 255);
    }
}

uint32_t plpng_decode_rgb(plpng_reader *reader, uint8_t *out, size_t out_size, int *failed) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    // Assigned before a possible longjmp and read after it, hence volatile.
    uint8_t *volatile rgba = NULL;
    png_bytep *volatile rows = NULL;
    volatile uint32_t done = 0;
    *failed = 0;
    if (setjmp(png_jmpbuf(png))) {
        free(rgba);
        free(rows);
        *failed = 1;
        return done;
    }
    uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if ((size_t)width * 3 * height > out_size) png_error(png, "output buffer too small");
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    if (depth == 16) png_set_scale_16(png);
    // RGBA, composited on white here in sRGB values: png_set_background works in linear light
    // when the file has gAMA, which darkens soft edges compared with every viewer.
    int passes = set_rgba(png, info, color, depth == 16 ? 8 : depth);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row size");
    if (passes > 1) {
        // Adam7 needs the whole image before any row is final.
        rgba = malloc((size_t)width * 4 * height);
        rows = malloc(sizeof(png_bytep) * height);
        if (!rgba || !rows) png_error(png, "out of memory");
        for (uint32_t y = 0; y < height; y++) rows[y] = rgba + (size_t)y * width * 4;
        png_read_image(png, rows);
        for (uint32_t y = 0; y < height; y++) composite_on_white(rows[y], out + (size_t)y * width * 3, width);
        done = height;
    } else {
        rgba = malloc((size_t)width * 4);
        if (!rgba) png_error(png, "out of memory");
        for (uint32_t y = 0; y < height; y++) {
            png_read_row(png, rgba, NULL);
            composite_on_white(rgba, out + (size_t)y * width * 3, width);
            done = y + 1;
        }
    }
    free(rgba);
    free(rows);
    rgba = NULL;
    rows = NULL;
    return done;
}

int plpng_bit_depth(const plpng_reader *reader) { return png_get_bit_depth(reader->png, reader->info); }

uint32_t plpng_decode_rgb16(plpng_reader *reader, plpng_row16_sink sink, void *context, int *failed) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    uint16_t *volatile rgba = NULL;
    uint16_t *volatile rgb = NULL;
    png_bytep *volatile rows = NULL;
    volatile uint32_t done = 0;
    *failed = 0;
    if (setjmp(png_jmpbuf(png))) {
        free(rgba);
        free(rgb);
        free(rows);
        *failed = 1;
        return done;
    }
    uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    if (depth != 16) png_error(png, "not a 16-bit image");
    // PNG stores 16-bit samples big-endian; the transform reads them in the machine's order.
    const uint16_t one = 1;
    if (*(const uint8_t *)&one == 1) png_set_swap(png);
    int passes = set_rgba(png, info, color, depth);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 8) png_error(png, "unexpected row size");
    rgb = malloc((size_t)width * 6);
    if (!rgb) png_error(png, "out of memory");
    if (passes > 1) {
        rgba = malloc((size_t)width * 8 * height);
        rows = malloc(sizeof(png_bytep) * height);
        if (!rgba || !rows) png_error(png, "out of memory");
        for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * width * 4);
        png_read_image(png, rows);
        for (uint32_t y = 0; y < height; y++) {
            composite_on_white16((const uint16_t *)rows[y], rgb, width);
            sink(context, rgb, y);
            done = y + 1;
        }
    } else {
        rgba = malloc((size_t)width * 8);
        if (!rgba) png_error(png, "out of memory");
        for (uint32_t y = 0; y < height; y++) {
            png_read_row(png, (png_bytep)rgba, NULL);
            composite_on_white16(rgba, rgb, width);
            sink(context, rgb, y);
            done = y + 1;
        }
    }
    free(rgba);
    free(rgb);
    free(rows);
    rgba = NULL;
    rgb = NULL;
    rows = NULL;
    return done;
}

size_t plpng_decode_buffer_bytes(const plpng_reader *reader, int sixteen) {
    size_t width = png_get_image_width(reader->png, reader->info);
    size_t height = png_get_image_height(reader->png, reader->info);
    int interlaced = png_get_interlace_type(reader->png, reader->info) != PNG_INTERLACE_NONE;
    size_t pixel = sixteen ? 8 : 4;
    // libpng's own row buffers hold a row at the file's depth: 8 bytes a pixel at most.
    return (interlaced ? width * pixel * height + sizeof(png_bytep) * height : width * pixel) + width * 8 * 2 +
           (sixteen ? width * 6 : 0);
}

const char *plpng_message(const plpng_reader *reader) { return reader->error[0] ? reader->error : NULL; }
const char *plpng_first_warning(const plpng_reader *reader) { return reader->warning[0] ? reader->warning : NULL; }

long plpng_inflate(const uint8_t *data, size_t size, uint8_t *out, size_t capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return -1;
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)size;
    stream.next_out = out;
    stream.avail_out = (uInt)capacity;
    int code = inflate(&stream, Z_FINISH);
    long written = (long)stream.total_out;
    inflateEnd(&stream);
    return code == Z_STREAM_END ? written : -1;
}
