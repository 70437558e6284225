// FFmpeg, opened when the first video is read: one lazy library for each of its four files,
// and one function for each that photolib calls, with the header's prototype, calling through
// the table CLazyLibrary fills. A call to a function not listed here fails to link: add it here.
#include "CFFmpeg.h"

#include "lazy_library.h"

#define PHOTOLIB_STRINGIFY(x) #x
#define PHOTOLIB_STRING(x) PHOTOLIB_STRINGIFY(x)
#define SONAME(name, major) "lib" name ".so." PHOTOLIB_STRING(major)
#define COUNT(array) (sizeof array / sizeof array[0])
#define HIDDEN __attribute__((visibility("hidden")))

// libavformat first: loading it loads the three others it links, so that each later dlopen
// finds its file already mapped.
static const char *const format_files[] = {SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR)};
static const char *const format_names[] = {
    "av_find_best_stream", "av_read_frame",         "av_seek_frame",           "av_stream_get_side_data",
    "avformat_close_input", "avformat_find_stream_info", "avformat_open_input",
};
static void *format_table[COUNT(format_names)];
static photolib_lazy_library format_library = {
    format_files, COUNT(format_files), format_names, COUNT(format_names), format_table, 0, {0}};

static const char *const codec_files[] = {SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR)};
static const char *const codec_names[] = {
    "av_packet_alloc",       "av_packet_free",        "av_packet_unref",         "avcodec_alloc_context3",
    "avcodec_find_decoder",  "avcodec_flush_buffers", "avcodec_free_context",    "avcodec_get_name",
    "avcodec_open2",         "avcodec_parameters_to_context", "avcodec_receive_frame", "avcodec_send_packet",
};
static void *codec_table[COUNT(codec_names)];
static photolib_lazy_library codec_library = {
    codec_files, COUNT(codec_files), codec_names, COUNT(codec_names), codec_table, 0, {0}};

static const char *const scale_files[] = {SONAME("swscale", LIBSWSCALE_VERSION_MAJOR)};
static const char *const scale_names[] = {"sws_freeContext", "sws_getContext", "sws_scale"};
static void *scale_table[COUNT(scale_names)];
static photolib_lazy_library scale_library = {
    scale_files, COUNT(scale_files), scale_names, COUNT(scale_names), scale_table, 0, {0}};

static const char *const util_files[] = {SONAME("avutil", LIBAVUTIL_VERSION_MAJOR)};
static const char *const util_names[] = {
    "av_dict_free",  "av_dict_get",      "av_dict_set", "av_display_rotation_get",
    "av_frame_alloc", "av_frame_free", "av_log_set_level", "av_strerror",
};
static void *util_table[COUNT(util_names)];
static photolib_lazy_library util_library = {
    util_files, COUNT(util_files), util_names, COUNT(util_names), util_table, 0, {0}};

#define FORMAT(index) photolib_lazy_library_function(&format_library, index)
#define CODEC(index) photolib_lazy_library_function(&codec_library, index)
#define SCALE(index) photolib_lazy_library_function(&scale_library, index)
#define UTIL(index) photolib_lazy_library_function(&util_library, index)

const char *photolib_ffmpeg_load(void) {
    photolib_lazy_library *libraries[] = {&format_library, &codec_library, &scale_library, &util_library};
    for (size_t i = 0; i < COUNT(libraries); i++) {
        const char *failure = photolib_lazy_library_load(libraries[i]);
        if (failure != NULL) return failure;
    }
    // Every demuxer and decoder complains through av_log, to stderr by default: photolib
    // says one line for the file itself. Setting it again is harmless.
    ((void (*)(int))UTIL(6))(AV_LOG_QUIET);
    return NULL;
}

// libavformat
HIDDEN int av_find_best_stream(AVFormatContext *ic, enum AVMediaType type, int wanted_stream_nb, int related_stream,
                               const AVCodec **decoder_ret, int flags) {
    return ((int (*)(AVFormatContext *, enum AVMediaType, int, int, const AVCodec **, int))FORMAT(0))(
        ic, type, wanted_stream_nb, related_stream, decoder_ret, flags);
}
HIDDEN int av_read_frame(AVFormatContext *s, AVPacket *pkt) {
    return ((int (*)(AVFormatContext *, AVPacket *))FORMAT(1))(s, pkt);
}
HIDDEN int av_seek_frame(AVFormatContext *s, int stream_index, int64_t timestamp, int flags) {
    return ((int (*)(AVFormatContext *, int, int64_t, int))FORMAT(2))(s, stream_index, timestamp, flags);
}
HIDDEN uint8_t *av_stream_get_side_data(const AVStream *stream, enum AVPacketSideDataType type, size_t *size) {
    return ((uint8_t * (*)(const AVStream *, enum AVPacketSideDataType, size_t *)) FORMAT(3))(stream, type, size);
}
HIDDEN void avformat_close_input(AVFormatContext **s) { ((void (*)(AVFormatContext **))FORMAT(4))(s); }
HIDDEN int avformat_find_stream_info(AVFormatContext *ic, AVDictionary **options) {
    return ((int (*)(AVFormatContext *, AVDictionary **))FORMAT(5))(ic, options);
}
HIDDEN int avformat_open_input(AVFormatContext **ps, const char *url, const AVInputFormat *fmt,
                               AVDictionary **options) {
    return ((int (*)(AVFormatContext **, const char *, const AVInputFormat *, AVDictionary **))FORMAT(6))(
        ps, url, fmt, options);
}

// libavcodec
HIDDEN AVPacket *av_packet_alloc(void) { return ((AVPacket * (*)(void)) CODEC(0))(); }
HIDDEN void av_packet_free(AVPacket **pkt) { ((void (*)(AVPacket **))CODEC(1))(pkt); }
HIDDEN void av_packet_unref(AVPacket *pkt) { ((void (*)(AVPacket *))CODEC(2))(pkt); }
HIDDEN AVCodecContext *avcodec_alloc_context3(const AVCodec *codec) {
    return ((AVCodecContext * (*)(const AVCodec *)) CODEC(3))(codec);
}
HIDDEN const AVCodec *avcodec_find_decoder(enum AVCodecID id) {
    return ((const AVCodec *(*)(enum AVCodecID))CODEC(4))(id);
}
HIDDEN void avcodec_flush_buffers(AVCodecContext *avctx) { ((void (*)(AVCodecContext *))CODEC(5))(avctx); }
HIDDEN void avcodec_free_context(AVCodecContext **avctx) { ((void (*)(AVCodecContext **))CODEC(6))(avctx); }
HIDDEN const char *avcodec_get_name(enum AVCodecID id) { return ((const char *(*)(enum AVCodecID))CODEC(7))(id); }
HIDDEN int avcodec_open2(AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options) {
    return ((int (*)(AVCodecContext *, const AVCodec *, AVDictionary **))CODEC(8))(avctx, codec, options);
}
HIDDEN int avcodec_parameters_to_context(AVCodecContext *codec, const AVCodecParameters *par) {
    return ((int (*)(AVCodecContext *, const AVCodecParameters *))CODEC(9))(codec, par);
}
HIDDEN int avcodec_receive_frame(AVCodecContext *avctx, AVFrame *frame) {
    return ((int (*)(AVCodecContext *, AVFrame *))CODEC(10))(avctx, frame);
}
HIDDEN int avcodec_send_packet(AVCodecContext *avctx, const AVPacket *avpkt) {
    return ((int (*)(AVCodecContext *, const AVPacket *))CODEC(11))(avctx, avpkt);
}

// libswscale
HIDDEN void sws_freeContext(struct SwsContext *swsContext) { ((void (*)(struct SwsContext *))SCALE(0))(swsContext); }
HIDDEN struct SwsContext *sws_getContext(int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH,
                                         enum AVPixelFormat dstFormat, int flags, SwsFilter *srcFilter,
                                         SwsFilter *dstFilter, const double *param) {
    return ((struct SwsContext * (*)(int, int, enum AVPixelFormat, int, int, enum AVPixelFormat, int, SwsFilter *,
                                     SwsFilter *, const double *)) SCALE(1))(
        srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param);
}
HIDDEN int sws_scale(struct SwsContext *c, const uint8_t *const srcSlice[], const int srcStride[], int srcSliceY,
                     int srcSliceH, uint8_t *const dst[], const int dstStride[]) {
    return ((int (*)(struct SwsContext *, const uint8_t *const[], const int[], int, int, uint8_t *const[],
                     const int[]))SCALE(2))(c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride);
}

// libavutil
HIDDEN void av_dict_free(AVDictionary **m) { ((void (*)(AVDictionary **))UTIL(0))(m); }
HIDDEN AVDictionaryEntry *av_dict_get(const AVDictionary *m, const char *key, const AVDictionaryEntry *prev,
                                      int flags) {
    return ((AVDictionaryEntry * (*)(const AVDictionary *, const char *, const AVDictionaryEntry *, int)) UTIL(1))(
        m, key, prev, flags);
}
HIDDEN int av_dict_set(AVDictionary **pm, const char *key, const char *value, int flags) {
    return ((int (*)(AVDictionary **, const char *, const char *, int))UTIL(2))(pm, key, value, flags);
}
HIDDEN double av_display_rotation_get(const int32_t matrix[9]) {
    return ((double (*)(const int32_t *))UTIL(3))(matrix);
}
HIDDEN AVFrame *av_frame_alloc(void) { return ((AVFrame * (*)(void)) UTIL(4))(); }
HIDDEN void av_frame_free(AVFrame **frame) { ((void (*)(AVFrame **))UTIL(5))(frame); }
HIDDEN void av_log_set_level(int level) { ((void (*)(int))UTIL(6))(level); }
HIDDEN int av_strerror(int errnum, char *errbuf, size_t errbuf_size) {
    return ((int (*)(int, char *, size_t))UTIL(7))(errnum, errbuf, errbuf_size);
}

int photolib_ffmpeg_scale_frame(struct SwsContext *scaler, const AVFrame *frame, uint8_t *target, int stride) {
    uint8_t *const planes[4] = {target, NULL, NULL, NULL};
    const int strides[4] = {stride, 0, 0, 0};
    return sws_scale(scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
}

int photolib_ffmpeg_packet_is_key(const AVPacket *packet) { return (packet->flags & AV_PKT_FLAG_KEY) != 0; }
