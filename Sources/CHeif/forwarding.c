// libheif, opened when the first HEIF or AVIF file is read.
// One function for each that photolib calls, with the header's prototype, calling through the
// table CLazyLibrary fills. A call to a function not listed here fails to link: add it here.
#include "CHeif.h"

#include "lazy_library.h"

static const char *const files[] = {"libheif.so.1"};
static const char *const names[] = {
    "heif_context_alloc",
    "heif_context_free",
    "heif_context_get_primary_image_handle",
    "heif_context_read_from_memory_without_copy",
    "heif_context_set_max_decoding_threads",
    "heif_context_set_maximum_image_size_limit",
    "heif_decode_image",
    "heif_decoding_options_alloc",
    "heif_decoding_options_free",
    "heif_get_file_mime_type",
    "heif_image_get_height",
    "heif_image_get_plane_readonly",
    "heif_image_get_width",
    "heif_image_handle_get_height",
    "heif_image_handle_get_ispe_height",
    "heif_image_handle_get_ispe_width",
    "heif_image_handle_get_list_of_metadata_block_IDs",
    "heif_image_handle_get_list_of_thumbnail_IDs",
    "heif_image_handle_get_metadata",
    "heif_image_handle_get_metadata_content_type",
    "heif_image_handle_get_metadata_size",
    "heif_image_handle_get_number_of_metadata_blocks",
    "heif_image_handle_get_number_of_thumbnails",
    "heif_image_handle_get_thumbnail",
    "heif_image_handle_get_width",
    "heif_image_handle_release",
    "heif_image_release",
    "heif_image_handle_get_luma_bits_per_pixel",
    "heif_image_handle_has_alpha_channel",
};
static void *table[sizeof names / sizeof names[0]];
static photolib_lazy_library library = {files, sizeof files / sizeof files[0], names, sizeof names / sizeof names[0], table, 0, {0}};

const char *photolib_libheif_load(void) { return photolib_lazy_library_load(&library); }

#define HIDDEN __attribute__((visibility("hidden")))

HIDDEN struct heif_context *heif_context_alloc(void) {
    return ((struct heif_context * (*)(void))photolib_lazy_library_function(&library, 0))();
}
HIDDEN void heif_context_free(struct heif_context *a0) {
    ((void (*)(struct heif_context *a0))photolib_lazy_library_function(&library, 1))(a0);
}
HIDDEN struct heif_error heif_context_get_primary_image_handle(struct heif_context * ctx, struct heif_image_handle * *a1) {
    return ((struct heif_error (*)(struct heif_context * ctx, struct heif_image_handle * *a1))photolib_lazy_library_function(&library, 2))(ctx, a1);
}
HIDDEN struct heif_error heif_context_read_from_memory_without_copy(struct heif_context *a0, const void * mem, size_t size, const struct heif_reading_options *a3) {
    return ((struct heif_error (*)(struct heif_context *a0, const void * mem, size_t size, const struct heif_reading_options *a3))photolib_lazy_library_function(&library, 3))(a0, mem, size, a3);
}
HIDDEN void heif_context_set_max_decoding_threads(struct heif_context * ctx, int max_threads) {
    ((void (*)(struct heif_context * ctx, int max_threads))photolib_lazy_library_function(&library, 4))(ctx, max_threads);
}
HIDDEN void heif_context_set_maximum_image_size_limit(struct heif_context * ctx, int maximum_width) {
    ((void (*)(struct heif_context * ctx, int maximum_width))photolib_lazy_library_function(&library, 5))(ctx, maximum_width);
}
HIDDEN struct heif_error heif_decode_image(const struct heif_image_handle * in_handle, struct heif_image ** out_img, enum heif_colorspace colorspace, enum heif_chroma chroma, const struct heif_decoding_options * options) {
    // The decoder plugins' messages would stand beside photolib's own line for the file.
    photolib_lazy_library_quiet_begin();
    struct heif_error error = ((struct heif_error (*)(const struct heif_image_handle * in_handle, struct heif_image ** out_img, enum heif_colorspace colorspace, enum heif_chroma chroma, const struct heif_decoding_options * options))photolib_lazy_library_function(&library, 6))(in_handle, out_img, colorspace, chroma, options);
    photolib_lazy_library_quiet_end();
    return error;
}
HIDDEN struct heif_decoding_options *heif_decoding_options_alloc(void) {
    return ((struct heif_decoding_options * (*)(void))photolib_lazy_library_function(&library, 7))();
}
HIDDEN void heif_decoding_options_free(struct heif_decoding_options *a0) {
    ((void (*)(struct heif_decoding_options *a0))photolib_lazy_library_function(&library, 8))(a0);
}
HIDDEN const char *heif_get_file_mime_type(const uint8_t * data, int len) {
    return ((const char * (*)(const uint8_t * data, int len))photolib_lazy_library_function(&library, 9))(data, len);
}
HIDDEN int heif_image_get_height(const struct heif_image *a0, enum heif_channel channel) {
    return ((int (*)(const struct heif_image *a0, enum heif_channel channel))photolib_lazy_library_function(&library, 10))(a0, channel);
}
HIDDEN const uint8_t *heif_image_get_plane_readonly(const struct heif_image *a0, enum heif_channel channel, int * out_stride) {
    return ((const uint8_t * (*)(const struct heif_image *a0, enum heif_channel channel, int * out_stride))photolib_lazy_library_function(&library, 11))(a0, channel, out_stride);
}
HIDDEN int heif_image_get_width(const struct heif_image *a0, enum heif_channel channel) {
    return ((int (*)(const struct heif_image *a0, enum heif_channel channel))photolib_lazy_library_function(&library, 12))(a0, channel);
}
HIDDEN int heif_image_handle_get_height(const struct heif_image_handle * handle) {
    return ((int (*)(const struct heif_image_handle * handle))photolib_lazy_library_function(&library, 13))(handle);
}
HIDDEN int heif_image_handle_get_ispe_height(const struct heif_image_handle * handle) {
    return ((int (*)(const struct heif_image_handle * handle))photolib_lazy_library_function(&library, 14))(handle);
}
HIDDEN int heif_image_handle_get_ispe_width(const struct heif_image_handle * handle) {
    return ((int (*)(const struct heif_image_handle * handle))photolib_lazy_library_function(&library, 15))(handle);
}
HIDDEN int heif_image_handle_get_list_of_metadata_block_IDs(const struct heif_image_handle * handle, const char * type_filter, heif_item_id * ids, int count) {
    return ((int (*)(const struct heif_image_handle * handle, const char * type_filter, heif_item_id * ids, int count))photolib_lazy_library_function(&library, 16))(handle, type_filter, ids, count);
}
HIDDEN int heif_image_handle_get_list_of_thumbnail_IDs(const struct heif_image_handle * handle, heif_item_id * ids, int count) {
    return ((int (*)(const struct heif_image_handle * handle, heif_item_id * ids, int count))photolib_lazy_library_function(&library, 17))(handle, ids, count);
}
HIDDEN struct heif_error heif_image_handle_get_metadata(const struct heif_image_handle * handle, heif_item_id metadata_id, void * out_data) {
    return ((struct heif_error (*)(const struct heif_image_handle * handle, heif_item_id metadata_id, void * out_data))photolib_lazy_library_function(&library, 18))(handle, metadata_id, out_data);
}
HIDDEN const char *heif_image_handle_get_metadata_content_type(const struct heif_image_handle * handle, heif_item_id metadata_id) {
    return ((const char * (*)(const struct heif_image_handle * handle, heif_item_id metadata_id))photolib_lazy_library_function(&library, 19))(handle, metadata_id);
}
HIDDEN size_t heif_image_handle_get_metadata_size(const struct heif_image_handle * handle, heif_item_id metadata_id) {
    return ((size_t (*)(const struct heif_image_handle * handle, heif_item_id metadata_id))photolib_lazy_library_function(&library, 20))(handle, metadata_id);
}
HIDDEN int heif_image_handle_get_number_of_metadata_blocks(const struct heif_image_handle * handle, const char * type_filter) {
    return ((int (*)(const struct heif_image_handle * handle, const char * type_filter))photolib_lazy_library_function(&library, 21))(handle, type_filter);
}
HIDDEN int heif_image_handle_get_number_of_thumbnails(const struct heif_image_handle * handle) {
    return ((int (*)(const struct heif_image_handle * handle))photolib_lazy_library_function(&library, 22))(handle);
}
HIDDEN struct heif_error heif_image_handle_get_thumbnail(const struct heif_image_handle * main_image_handle, heif_item_id thumbnail_id, struct heif_image_handle ** out_thumbnail_handle) {
    return ((struct heif_error (*)(const struct heif_image_handle * main_image_handle, heif_item_id thumbnail_id, struct heif_image_handle ** out_thumbnail_handle))photolib_lazy_library_function(&library, 23))(main_image_handle, thumbnail_id, out_thumbnail_handle);
}
HIDDEN int heif_image_handle_get_width(const struct heif_image_handle * handle) {
    return ((int (*)(const struct heif_image_handle * handle))photolib_lazy_library_function(&library, 24))(handle);
}
HIDDEN void heif_image_handle_release(const struct heif_image_handle *a0) {
    ((void (*)(const struct heif_image_handle *a0))photolib_lazy_library_function(&library, 25))(a0);
}
HIDDEN void heif_image_release(const struct heif_image *a0) {
    ((void (*)(const struct heif_image *a0))photolib_lazy_library_function(&library, 26))(a0);
}
HIDDEN int heif_image_handle_get_luma_bits_per_pixel(const struct heif_image_handle *a0) {
    return ((int (*)(const struct heif_image_handle *a0))photolib_lazy_library_function(&library, 27))(a0);
}
HIDDEN int heif_image_handle_has_alpha_channel(const struct heif_image_handle *a0) {
    return ((int (*)(const struct heif_image_handle *a0))photolib_lazy_library_function(&library, 28))(a0);
}
