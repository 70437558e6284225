// LibRaw (its thread-safe build), opened when the first RAW file is read.
// One function for each that photolib calls, with the header's prototype, calling through the
// table CLazyLibrary fills. A call to a function not listed here fails to link: add it here.
#include "CLibRaw.h"

#include "lazy_library.h"

#define PHOTOLIB_STRINGIFY(x) #x
#define PHOTOLIB_STRING(x) PHOTOLIB_STRINGIFY(x)
// libtool names the file CURRENT - AGE, which is CURRENT while AGE is 0.
#if LIBRAW_SHLIB_AGE != 0
#error "the LibRaw file is libraw_r.so.(CURRENT - AGE): name it here"
#endif

static const char *const files[] = {"libraw_r.so." PHOTOLIB_STRING(LIBRAW_SHLIB_CURRENT)};
static const char *const names[] = {
    "libraw_close",
    "libraw_dcraw_clear_mem",
    "libraw_dcraw_make_mem_image",
    "libraw_dcraw_make_mem_thumb",
    "libraw_dcraw_process",
    "libraw_init",
    "libraw_open_buffer",
    "libraw_open_file",
    "libraw_strerror",
    "libraw_unpack",
    "libraw_unpack_thumb",
};
static void *table[sizeof names / sizeof names[0]];
static photolib_lazy_library library = {files, sizeof files / sizeof files[0], names, sizeof names / sizeof names[0], table, 0, {0}};

const char *photolib_libraw_load(void) { return photolib_lazy_library_load(&library); }

#define HIDDEN __attribute__((visibility("hidden")))

HIDDEN void libraw_close(libraw_data_t *a0) {
    ((void (*)(libraw_data_t *a0))photolib_lazy_library_function(&library, 0))(a0);
}
HIDDEN void libraw_dcraw_clear_mem(libraw_processed_image_t *a0) {
    ((void (*)(libraw_processed_image_t *a0))photolib_lazy_library_function(&library, 1))(a0);
}
HIDDEN libraw_processed_image_t *libraw_dcraw_make_mem_image(libraw_data_t *lr, int *errc) {
    return ((libraw_processed_image_t * (*)(libraw_data_t *lr, int *errc))photolib_lazy_library_function(&library, 2))(lr, errc);
}
HIDDEN libraw_processed_image_t *libraw_dcraw_make_mem_thumb(libraw_data_t *lr, int *errc) {
    return ((libraw_processed_image_t * (*)(libraw_data_t *lr, int *errc))photolib_lazy_library_function(&library, 3))(lr, errc);
}
HIDDEN int libraw_dcraw_process(libraw_data_t *lr) {
    return ((int (*)(libraw_data_t *lr))photolib_lazy_library_function(&library, 4))(lr);
}
HIDDEN libraw_data_t *libraw_init(unsigned int flags) {
    return ((libraw_data_t * (*)(unsigned int flags))photolib_lazy_library_function(&library, 5))(flags);
}
// Opened in photolib itself (for a raw's size and flip): LibRaw's data-error callback prints
// "Unexpected end of file" through stderr. Its worker children have stderr on /dev/null.
HIDDEN int libraw_open_buffer(libraw_data_t *a0, void *buffer, size_t size) {
    photolib_lazy_library_quiet_begin();
    int result = ((int (*)(libraw_data_t *a0, void *buffer, size_t size))photolib_lazy_library_function(&library, 6))(a0, buffer, size);
    photolib_lazy_library_quiet_end();
    return result;
}
HIDDEN int libraw_open_file(libraw_data_t *a0, const char *a1) {
    photolib_lazy_library_quiet_begin();
    int result = ((int (*)(libraw_data_t *a0, const char *a1))photolib_lazy_library_function(&library, 7))(a0, a1);
    photolib_lazy_library_quiet_end();
    return result;
}
HIDDEN const char *libraw_strerror(int errorcode) {
    return ((const char * (*)(int errorcode))photolib_lazy_library_function(&library, 8))(errorcode);
}
HIDDEN int libraw_unpack(libraw_data_t *a0) {
    return ((int (*)(libraw_data_t *a0))photolib_lazy_library_function(&library, 9))(a0);
}
HIDDEN int libraw_unpack_thumb(libraw_data_t *a0) {
    return ((int (*)(libraw_data_t *a0))photolib_lazy_library_function(&library, 10))(a0);
}
