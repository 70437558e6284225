// libmicrohttpd, opened when `photolib serve` starts: the one HTTP server library photolib
// uses, behind this target alone. Swift cannot call its variadic functions (the daemon's
// start and its info query), so the few calls photolib makes of those are C functions here.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Opens libmicrohttpd and looks up its functions: NULL on success, else the reason.
const char *photolib_mhd_load(void);

/// Starts a daemon on `address` (IPv4 or IPv6, port 0 for any) with its own polling threads
/// (epoll where the system has it), connections that may be suspended and resumed (the event
/// streams wait suspended, not polled), at most `connection_limit` connections at once, and
/// `timeout_seconds` of silence before a connection is closed (slow clients). Every request
/// goes to `handler` with `context`, and `completed` is called with it once each request's
/// response has been sent (or the request ended otherwise). The library logs nothing. NULL
/// when it cannot start, with errno as the system left it (EADDRINUSE, EACCES).
struct MHD_Daemon *photolib_mhd_start(
    const struct sockaddr *address, unsigned int threads, unsigned int connection_limit,
    unsigned int timeout_seconds, MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
    void *context);

/// The port the daemon listens on (the one the system chose for port 0).
uint16_t photolib_mhd_port(struct MHD_Daemon *daemon);

// libmicrohttpd's enums are closed, which Swift imports as enums of its own naming; these are
// the values photolib passes and compares, under the library's own spelling.
static const enum MHD_Result photolib_mhd_yes = MHD_YES;
static const enum MHD_Result photolib_mhd_no = MHD_NO;
static const enum MHD_ValueKind photolib_mhd_header_kind = MHD_HEADER_KIND;
static const enum MHD_ValueKind photolib_mhd_cookie_kind = MHD_COOKIE_KIND;
static const enum MHD_ValueKind photolib_mhd_argument_kind = MHD_GET_ARGUMENT_KIND;
static const enum MHD_ResponseMemoryMode photolib_mhd_must_copy = MHD_RESPMEM_MUST_COPY;
/// The size of a response whose end is not known in advance (an event stream, sent chunked).
static const uint64_t photolib_mhd_size_unknown = MHD_SIZE_UNKNOWN;
/// What a content reader returns to end its stream.
static const ssize_t photolib_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
