// A shared library opened on first use rather than when photolib starts: the codec and
// client libraries (libheif, LibRaw, libpq) and the dozens they depend on cost every
// process their loading, relocation and constructors (libde265 fills its tables in one),
// though most commands never call them. Each of the C targets CHeif, CLibRaw and CLibPQ
// defines, under the library's own names, functions that call through the table this fills;
// they are hidden, so that neither the library nor anything else in the process binds to them.
#pragma once
#include <stddef.h>

typedef struct photolib_lazy_library {
    /// File names to try in order (sonames), and the functions to look up.
    const char *const *files;
    size_t file_count;
    const char *const *names;
    size_t count;
    /// Filled by `photolib_lazy_library_load`: one address for each name.
    void **table;
    /// 0 until loading was tried, then 1 when the table is filled, 2 when it failed.
    int state;
    /// Why the library could not be used.
    char failure[256];
} photolib_lazy_library;

/// Opens the library and looks up every function, once, whatever the thread. NULL on
/// success, else the reason (which stays the same for the life of the process).
const char *photolib_lazy_library_load(photolib_lazy_library *library);

/// The address of function `index`: called by the forwarding functions, which the Swift
/// side reaches only after `photolib_lazy_library_load` succeeded; a call before that is a
/// bug in photolib, and stops the process with the reason on stderr.
void *photolib_lazy_library_function(photolib_lazy_library *library, size_t index);

/// Between `begin` and `end` (on any thread; they nest), what the C library's `stderr` stream
/// is given is dropped; at other times it goes to descriptor 2 as before. The decoders libheif
/// brings print their complaints through it (dav1d's "Error parsing OBU data" and "Input
/// validation check ... failed in dav1d_send_data!") beside photolib's one line for the file,
/// and libheif lets no one replace dav1d's logger. The stream, not descriptor 2, is replaced:
/// nothing is redirected process-wide, photolib's own lines (written to descriptor 2) are never
/// held back, and the Swift runtime's crash reports (which go through the stream) are lost
/// only while a decode runs. CHeif and CLibRaw call these around the library's decoding calls.
void photolib_lazy_library_quiet_begin(void);
void photolib_lazy_library_quiet_end(void);
