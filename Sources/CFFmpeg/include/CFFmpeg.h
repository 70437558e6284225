// FFmpeg's demuxers, decoders and scaler (libavformat, libavcodec, libswscale, libavutil).
// Their functions are defined in forwarding.c, which opens the four libraries (and the dozens
// of codec libraries they bring) the first time a video is read, rather than at every process
// start: a photo-only index never loads them.
#pragma once
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libswscale/swscale.h>

/// Opens the four libraries unless they are open already, and silences av_log (photolib says
/// one line per file itself): NULL when their functions can be called, else why not.
const char *photolib_ffmpeg_load(void);

/// Scales and converts `frame` into packed RGB24 of `width` x `height` at `target` (rows
/// `stride` bytes apart) with `scaler`: the frame's plane tuple, which Swift sees as a tuple
/// of eight pointers, passed as the arrays sws_scale takes. Returns sws_scale's result.
int photolib_ffmpeg_scale_frame(struct SwsContext *scaler, const AVFrame *frame, uint8_t *target, int stride);

/// True when `packet` holds a key frame (AV_PKT_FLAG_KEY, a macro Swift does not import).
int photolib_ffmpeg_packet_is_key(const AVPacket *packet);
