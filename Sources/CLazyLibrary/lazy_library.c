#include "lazy_library.h"

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
        fprintf(stderr, "photolib: %s\n", failure);
        abort();
    }
    return library->table[index];
}
