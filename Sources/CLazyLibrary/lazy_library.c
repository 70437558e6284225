#define _GNU_SOURCE
#include "lazy_library.h"

#include <errno.h>
#include <unistd.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { untried = 0, ready = 1, failed = 2 };

static pthread_mutex_t loading_lock = PTHREAD_MUTEX_INITIALIZER;

static int load_now(photolib_lazy_library *library) {
    void *handle = NULL;
    for (size_t i = 0; i < library->file_count && handle == NULL; i++) {
        handle = dlopen(library->files[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(library->failure, sizeof library->failure, "cannot load %s: %s", library->files[0],
                 reason ? reason : "not found");
        return failed;
    }
    for (size_t i = 0; i < library->count; i++) {
        library->table[i] = dlsym(handle, library->names[i]);
        if (library->table[i] == NULL) {
            snprintf(library->failure, sizeof library->failure, "%s has no function %s", library->files[0],
                     library->names[i]);
            return failed;
        }
    }
    return ready;
}

const char *photolib_lazy_library_load(photolib_lazy_library *library) {
    // Once ready, a forwarded call costs this one load (the table is written before the release store).
    int state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
    if (state == untried) {
        pthread_mutex_lock(&loading_lock);
        state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
        if (state == untried) {
            state = load_now(library);
            __atomic_store_n(&library->state, state, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&loading_lock);
    }
    return state == ready ? NULL : library->failure;
}

void *photolib_lazy_library_function(photolib_lazy_library *library, size_t index) {
    const char *failure = photolib_lazy_library_load(library);
    if (failure != NULL) {
        // Descriptor 2 itself: the stderr stream may be quiet at this moment.
        dprintf(2, "photolib: %s\n", failure);
        abort();
    }
    return library->table[index];
}

static int quiet_depth = 0;

static ssize_t forward(void *cookie, const char *buffer, size_t size) {
    (void)cookie;
    if (__atomic_load_n(&quiet_depth, __ATOMIC_ACQUIRE) > 0) return (ssize_t)size;
    size_t done = 0;
    while (done < size) {
        ssize_t written = write(2, buffer + done, size - done);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return done > 0 ? (ssize_t)done : -1;
        done += (size_t)written;
    }
    return (ssize_t)size;
}

static void replace_stream(void) {
    cookie_io_functions_t functions = {NULL, forward, NULL, NULL};
    FILE *stream = fopencookie(NULL, "w", functions);
    if (stream == NULL) return;
    // Unbuffered, as stderr is: a crash report must not wait in a buffer.
    setvbuf(stream, NULL, _IONBF, 0);
    // The old stream stays open: a thread may be writing through it at this moment.
    stderr = stream;
}

void photolib_lazy_library_quiet_begin(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, replace_stream);
    __atomic_add_fetch(&quiet_depth, 1, __ATOMIC_ACQ_REL);
}

void photolib_lazy_library_quiet_end(void) { __atomic_sub_fetch(&quiet_depth, 1, __ATOMIC_ACQ_REL); }
