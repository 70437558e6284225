#pragma once
#include <sqlite3.h>

/// sqlite3_config is variadic, which Swift cannot call: this sets how many bytes of a
/// statement journal stay in memory before SQLite writes it to a temporary file. Only before
/// SQLite initialises (the first open); SQLITE_MISUSE after.
static inline int pl_sqlite3_config_statement_journal_spill(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}

/// Turns off SQLite's memory statistics, before SQLite initialises (SQLITE_MISUSE after).
/// Keeping them takes a process-wide mutex around every allocation and free SQLite makes,
/// 157,000 lock and unlock pairs on the writing thread of a first index of 2,420 files.
/// photolib never asks for them (`sqlite3_memory_used`, `sqlite3_status`).
static inline int pl_sqlite3_config_no_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
