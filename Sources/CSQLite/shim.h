#pragma once
#include <sqlite3.h>

/// sqlite3_config is variadic, which Swift cannot call: this sets how many bytes of a
/// statement journal stay in memory before SQLite writes it to a temporary file. Only before
/// SQLite initialises (the first open); SQLITE_MISUSE after.
static inline int pl_sqlite3_config_statement_journal_spill(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}
