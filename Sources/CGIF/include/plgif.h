// giflib behind a few plain calls. giflib reports errors by return code (no longjmp), but
// reading from memory needs a callback, its high-level API keeps every frame it has seen,
// and walking past frames takes a loop of low-level calls: all of that lives here.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct plgif_file plgif_file;

/// Opens the GIF in `size` bytes at `data` (borrowed for the file's life) and reads its
/// logical screen descriptor. NULL on failure, with giflib's error code in `error`.
plgif_file *plgif_open(const uint8_t *data, size_t size, int *error);
void plgif_close(plgif_file *file);

/// The logical screen (the canvas every frame is placed on).
void plgif_screen(const plgif_file *file, int *width, int *height);

/// Walks the rest of the file. When `rgb` is not NULL the first frame is decoded into it
/// (screen width x height x 3 bytes, `rgb_size`), placed at its offset on a white canvas,
/// its transparent colour white; a first frame of more than `max_frame_pixels` pixels is
/// refused (D_GIF_ERR_DATA_TOO_BIG) before any of it is decoded. Every later frame is
/// skipped without decoding its pixels, only counted, up to `max_frames`.
/// Returns 0 when the whole file was read; else giflib's error code, with the frames
/// counted before it in `frames` (a file cut after its first frame still gave that frame).
int plgif_read(plgif_file *file, uint8_t *rgb, size_t rgb_size, int64_t max_frame_pixels, int max_frames,
               int *frames);

/// giflib's text for an error code.
const char *plgif_error_text(int error);
