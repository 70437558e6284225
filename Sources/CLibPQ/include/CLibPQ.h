// libpq's API. Its functions are defined in forwarding.c, which opens libpq (and the TLS,
// Kerberos and LDAP libraries it depends on) the first time one is called, rather than at
// every process start: most libraries are SQLite ones.
#pragma once
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif

/// Opens libpq unless it is open already: NULL when its functions can be called, else why not.
const char *photolib_libpq_load(void);
