// libmicrohttpd, opened when the first server starts. One function for each that photolib
// calls, with the header's prototype, calling through the table CLazyLibrary fills; the
// variadic ones are called only from the two functions at the end, with their arguments fixed.
#include "CMicroHTTPD.h"

#include <errno.h>

#include "lazy_library.h"

static const char *const files[] = {"libmicrohttpd.so.12"};
static const char *const names[] = {
    "MHD_stop_daemon",
    "MHD_create_response_from_buffer",
    "MHD_create_response_from_fd_at_offset64",
    "MHD_add_response_header",
    "MHD_queue_response",
    "MHD_destroy_response",
    "MHD_lookup_connection_value",
    "MHD_get_connection_values",
    "MHD_start_daemon",
    "MHD_get_daemon_info",
    "MHD_create_response_from_callback",
    "MHD_suspend_connection",
    "MHD_resume_connection",
};
static void *table[sizeof names / sizeof names[0]];
static photolib_lazy_library library = {files, sizeof files / sizeof files[0], names, sizeof names / sizeof names[0], table, 0, {0}};

const char *photolib_mhd_load(void) { return photolib_lazy_library_load(&library); }

#define HIDDEN __attribute__((visibility("hidden")))

HIDDEN void MHD_stop_daemon(struct MHD_Daemon *daemon) {
    ((void (*)(struct MHD_Daemon *daemon))photolib_lazy_library_function(&library, 0))(daemon);
}
HIDDEN struct MHD_Response * MHD_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    return ((struct MHD_Response * (*)(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode))photolib_lazy_library_function(&library, 1))(size, buffer, mode);
}
HIDDEN struct MHD_Response * MHD_create_response_from_fd_at_offset64(uint64_t size, int fd, uint64_t offset) {
    return ((struct MHD_Response * (*)(uint64_t size, int fd, uint64_t offset))photolib_lazy_library_function(&library, 2))(size, fd, offset);
}
HIDDEN enum MHD_Result MHD_add_response_header(struct MHD_Response *response, const char *header, const char *content) {
    return ((enum MHD_Result (*)(struct MHD_Response *response, const char *header, const char *content))photolib_lazy_library_function(&library, 3))(response, header, content);
}
HIDDEN enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response) {
    return ((enum MHD_Result (*)(struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response))photolib_lazy_library_function(&library, 4))(connection, status_code, response);
}
HIDDEN void MHD_destroy_response(struct MHD_Response *response) {
    ((void (*)(struct MHD_Response *response))photolib_lazy_library_function(&library, 5))(response);
}
HIDDEN const char * MHD_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key) {
    return ((const char * (*)(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key))photolib_lazy_library_function(&library, 6))(connection, kind, key);
}
HIDDEN int MHD_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                     MHD_KeyValueIterator iterator, void *iterator_cls) {
    return ((int (*)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *))
                photolib_lazy_library_function(&library, 7))(connection, kind, iterator, iterator_cls);
}

HIDDEN struct MHD_Response *MHD_create_response_from_callback(uint64_t size, size_t block_size,
                                                              MHD_ContentReaderCallback crc, void *crc_cls,
                                                              MHD_ContentReaderFreeCallback crfc) {
    return ((struct MHD_Response * (*)(uint64_t, size_t, MHD_ContentReaderCallback, void *,
                                       MHD_ContentReaderFreeCallback))photolib_lazy_library_function(&library, 10))(
        size, block_size, crc, crc_cls, crfc);
}
HIDDEN void MHD_suspend_connection(struct MHD_Connection *connection) {
    ((void (*)(struct MHD_Connection *))photolib_lazy_library_function(&library, 11))(connection);
}
HIDDEN void MHD_resume_connection(struct MHD_Connection *connection) {
    ((void (*)(struct MHD_Connection *))photolib_lazy_library_function(&library, 12))(connection);
}

typedef struct MHD_Daemon *(*start_function)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                             MHD_AccessHandlerCallback, void *, ...);
typedef const union MHD_DaemonInfo *(*info_function)(struct MHD_Daemon *, enum MHD_DaemonInfoType, ...);

struct MHD_Daemon *photolib_mhd_start(
    const struct sockaddr *address, unsigned int threads, unsigned int connection_limit,
    unsigned int timeout_seconds, MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
    void *context) {
    // Suspending needs the daemon's inter-thread channel, which this flag brings.
    unsigned int flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    if (address->sa_family == AF_INET6) flags |= MHD_USE_IPv6;
    start_function start = (start_function)photolib_lazy_library_function(&library, 8);
    // Without MHD_USE_ERROR_LOG the library writes nothing to stderr; every failure reaches
    // photolib as a return value. The thread pool needs threads > 1; one polling thread else.
    if (threads > 1) {
        return start(flags, 0, NULL, NULL, handler, context,
                     MHD_OPTION_SOCK_ADDR, address,
                     MHD_OPTION_THREAD_POOL_SIZE, threads,
                     MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                     MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                     MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                     MHD_OPTION_END);
    }
    return start(flags, 0, NULL, NULL, handler, context,
                 MHD_OPTION_SOCK_ADDR, address,
                 MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                 MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                 MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                 MHD_OPTION_END);
}

uint16_t photolib_mhd_port(struct MHD_Daemon *daemon) {
    info_function info = (info_function)photolib_lazy_library_function(&library, 9);
    const union MHD_DaemonInfo *answer = info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return answer ? answer->port : 0;
}

