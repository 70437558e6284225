#include "plgif.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

struct plgif_file {
    GifFileType *gif;
    const uint8_t *data;
    size_t size;
    size_t position;
};

// giflib's input callback: copies from the borrowed bytes, fewer at the end (giflib then
// reports D_GIF_ERR_READ_FAILED).
static int read_memory(GifFileType *gif, GifByteType *buffer, int count) {
    plgif_file *file = gif->UserData;
    size_t left = file->size - file->position;
    size_t n = count < 0 ? 0 : (size_t)count;
    if (n > left) n = left;
    memcpy(buffer, file->data + file->position, n);
    file->position += n;
    return (int)n;
}

plgif_file *plgif_open(const uint8_t *data, size_t size, int *error) {
    plgif_file *file = calloc(1, sizeof *file);
    if (file == NULL) {
        *error = D_GIF_ERR_NOT_ENOUGH_MEM;
        return NULL;
    }
    file->data = data;
    file->size = size;
    file->gif = DGifOpen(file, read_memory, error);
    if (file->gif == NULL) {
        free(file);
        return NULL;
    }
    return file;
}

void plgif_close(plgif_file *file) {
    if (file == NULL) return;
    int error = 0;
    DGifCloseFile(file->gif, &error);
    free(file);
}

void plgif_screen(const plgif_file *file, int *width, int *height) {
    *width = file->gif->SWidth;
    *height = file->gif->SHeight;
}

// DGifGetImageDesc appends each frame's descriptor (and a copy of its colour map) to
// SavedImages: freed at once, so that a file of many frames costs no more than one.
static void forget_saved_images(GifFileType *gif) {
    GifFreeSavedImages(gif);
    gif->ImageCount = 0;
}

static int skip_code_blocks(GifFileType *gif) {
    int code_size = 0;
    GifByteType *block = NULL;
    if (DGifGetCode(gif, &code_size, &block) == GIF_ERROR) return gif->Error;
    while (block != NULL) {
        if (DGifGetCodeNext(gif, &block) == GIF_ERROR) return gif->Error;
    }
    return 0;
}

static int decode_first(GifFileType *gif, uint8_t *rgb, int transparent, int64_t max_frame_pixels) {
    const GifImageDesc *desc = &gif->Image;
    const ColorMapObject *map = desc->ColorMap != NULL ? desc->ColorMap : gif->SColorMap;
    if (map == NULL) return D_GIF_ERR_NO_COLOR_MAP;
    if (desc->Width <= 0 || desc->Height <= 0) return D_GIF_ERR_IMAGE_DEFECT;
    if ((int64_t)desc->Width * desc->Height > max_frame_pixels) return D_GIF_ERR_DATA_TOO_BIG;
    GifPixelType *line = malloc((size_t)desc->Width);
    if (line == NULL) return D_GIF_ERR_NOT_ENOUGH_MEM;
    static const int starts[] = {0, 4, 2, 1};
    static const int steps[] = {8, 8, 4, 2};
    int passes = desc->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = desc->Interlace ? starts[pass] : 0;
        int step = desc->Interlace ? steps[pass] : 1;
        for (int row = start; row < desc->Height; row += step) {
            if (DGifGetLine(gif, line, desc->Width) == GIF_ERROR) {
                free(line);
                return gif->Error;
            }
            int y = desc->Top + row;
            if (y < 0 || y >= gif->SHeight) continue;
            for (int column = 0; column < desc->Width; column++) {
                int x = desc->Left + column;
                if (x < 0 || x >= gif->SWidth) continue;
                int index = line[column];
                // Transparent and out-of-map indices leave the canvas white.
                if (index == transparent || index >= map->ColorCount) continue;
                uint8_t *pixel = rgb + ((size_t)y * gif->SWidth + x) * 3;
                pixel[0] = map->Colors[index].Red;
                pixel[1] = map->Colors[index].Green;
                pixel[2] = map->Colors[index].Blue;
            }
        }
    }
    free(line);
    return 0;
}

int plgif_read(plgif_file *file, uint8_t *rgb, size_t rgb_size, int64_t max_frame_pixels, int max_frames,
               int *frames) {
    GifFileType *gif = file->gif;
    *frames = 0;
    if (rgb != NULL) {
        if ((size_t)gif->SWidth * gif->SHeight * 3 > rgb_size) return D_GIF_ERR_DATA_TOO_BIG;
        memset(rgb, 255, (size_t)gif->SWidth * gif->SHeight * 3);
    }
    int transparent = NO_TRANSPARENT_COLOR;
    for (;;) {
        GifRecordType type = UNDEFINED_RECORD_TYPE;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) return gif->Error;
        switch (type) {
        case IMAGE_DESC_RECORD_TYPE: {
            if (DGifGetImageDesc(gif) == GIF_ERROR) return gif->Error;
            forget_saved_images(gif);
            int status = (*frames == 0 && rgb != NULL) ? decode_first(gif, rgb, transparent, max_frame_pixels)
                                                        : skip_code_blocks(gif);
            if (status != 0) return status;
            *frames += 1;
            if (*frames >= max_frames) return 0;
            transparent = NO_TRANSPARENT_COLOR;
            break;
        }
        case EXTENSION_RECORD_TYPE: {
            int code = 0;
            GifByteType *block = NULL;
            if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) return gif->Error;
            if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) {
                GraphicsControlBlock control;
                if (DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK) {
                    transparent = control.TransparentColor;
                }
            }
            while (block != NULL) {
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return gif->Error;
            }
            break;
        }
        case TERMINATE_RECORD_TYPE:
            return 0;
        default:
            return D_GIF_ERR_WRONG_RECORD;
        }
    }
}

const char *plgif_error_text(int error) {
    const char *text = GifErrorString(error);
    return text != NULL ? text : "unknown error";
}
