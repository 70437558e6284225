import CSQLite
import Foundation
import PhotoSupport

/// One connection to an SQLite file, closed when the object goes away.
///
/// A connection belongs to one thread at a time (it is opened `NOMUTEX`), which is why
/// this class is not `Sendable`: each process or task opens its own.
final class SQLiteDatabase {
    /// The `sqlite3*`, for the SQLite files' extensions; nothing else may touch it.
    let handle: OpaquePointer
    /// The file, for messages.
    let path: RawPath
    private var statementCache: [String: SQLiteStatement] = [:]
    /// The statements last looked up, found by where their SQL's bytes are: most callers pass
    /// the same static string each time, and hashing an index batch's upsert (16 rows of every
    /// column, 15 KB of SQL) to find it in `statementCache` was 29,000 instructions a run.
    private var recentStatements: [(sql: String, storage: UnsafeRawPointer, statement: SQLiteStatement)] = []
    private static let recentStatementCount = 8
    private var hasLargeCache = false
    /// True while transactions join one left open (`holdWrites`).
    private(set) var holdsWrites = false

    /// How long a write waits for another process's write to finish before giving up.
    static let busyTimeoutMilliseconds: Int32 = 10_000

    /// SQLite's process-wide settings, made once before the first open; false when SQLite
    /// was initialised before (its defaults then stay).
    ///
    /// - Statement journals stay in memory up to 16 MiB. A statement that writes many rows
    ///   inside a transaction (an index batch's upserts, with their indexes and triggers)
    ///   keeps the pages it changes in a statement journal, to undo it alone if it fails. Past
    ///   SQLite's default of 64 KiB the journal goes to a temporary file: a first index of
    ///   2,420 files wrote 20,000 pages there, more than nine in ten of its writes.
    /// - No memory statistics (see `pl_sqlite3_config_no_memory_statistics`).
    private static let processSettingsMade: Bool =
        pl_sqlite3_config_statement_journal_spill(16 << 20) == SQLITE_OK
        && pl_sqlite3_config_no_memory_statistics() == SQLITE_OK

    /// Opens (creating when missing) the database file at `path`, in WAL mode with
    /// foreign keys on and a busy timeout.
    init(path: RawPath, access: SQLiteAccess = .readWrite) throws {
        _ = Self.processSettingsMade
        var opened: OpaquePointer?
        let flags: Int32 =
            switch access {
            case .readWrite: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
            case .readOnly: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            case .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
            }
        // SQLite passes the name's bytes to open(2) unchanged, so non-UTF-8 paths work (as a
        // URI, percent-encoded, which SQLite decodes back to the same bytes).
        let name = access == .immutable ? RawPath(Self.immutableURI(path)) : path
        let code = name.withCString { sqlite3_open_v2($0, &opened, flags, nil) }
        guard code == SQLITE_OK, let opened else {
            // Even a failed open may allocate a handle, which holds the message and must be closed.
            let message =
                opened.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
                ?? String(cString: sqlite3_errstr(code))
            let extendedCode = opened.map { sqlite3_extended_errcode($0) } ?? code
            sqlite3_close_v2(opened)
            throw SQLiteError(.result(extendedCode: extendedCode, message: "\(message) (\(path))", sql: nil))
        }
        self.handle = opened
        self.path = path
        try check(sqlite3_extended_result_codes(handle, 1), sql: nil)
        // The timeout comes first: switching to WAL itself may wait for another process.
        try check(sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds), sql: nil)
        if access == .readWrite {
            try switchToWriteAheadLog()
            try execute("PRAGMA synchronous = NORMAL")
        } else {
            try execute("PRAGMA query_only = ON")
        }
        try execute("PRAGMA foreign_keys = ON")
        // SQLite's own page cache (2 MiB) until a large write asks for more (`enlargeCache`):
        // reads go through the cache, which grows to its size, so an unchanged re-index or a
        // list of a large catalog would otherwise hold, and fault in, as much memory as it allows.
    }

    /// `file:PATH?immutable=1`: a database no process can be writing (a read-only folder),
    /// read without locks or the WAL index, which could not be created beside it.
    static func immutableURI(_ path: RawPath) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        let encoded = path.bytes.map {
            unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0)
        }
        return "file:" + encoded.joined() + "?immutable=1"
    }

    /// Raises the page cache to 16 MiB for the rest of the connection's life, for transactions
    /// that write thousands of rows: with 2 MiB, an index pass writing 100,000 rows spilled
    /// pages and read them back, which took half of its time. Not more: the cache fills up to
    /// its size over a large catalog, and at 64 MiB it was half of the peak memory of a first
    /// index of a million files.
    func enlargeCache() throws {
        guard !hasLargeCache else { return }
        try execute("PRAGMA cache_size = -16384")
        hasLargeCache = true
    }

    /// `PRAGMA journal_mode = WAL`, retried while another process holds the file: when
    /// several processes open a brand-new catalog at once, SQLite answers SQLITE_BUSY to the
    /// switch at once, without calling the busy handler (it could deadlock otherwise).
    private func switchToWriteAheadLog() throws {
        let deadline = Date().addingTimeInterval(Double(Self.busyTimeoutMilliseconds) / 1000)
        while true {
            do {
                try execute("PRAGMA journal_mode = WAL")
                return
            } catch let error as SQLiteError where error.resultCode == SQLITE_BUSY && Date() < deadline {
                usleep(10_000)
            }
        }
    }

    deinit {
        // close_v2 waits for cached statements, finalized just after this, before closing.
        sqlite3_close_v2(handle)
    }

    private func check(_ code: Int32, sql: String?) throws {
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle, sql: sql) }
    }

    // MARK: - Statements

    /// Compiles one SQL statement.
    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, 0, &statement, nil)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle, sql: sql) }
        guard let statement else {
            throw SQLiteError(.result(extendedCode: SQLITE_MISUSE, message: "no statement in the SQL text", sql: sql))
        }
        return SQLiteStatement(handle: statement, sql: sql)
    }

    /// The compiled statement for `sql`, compiled once per connection: for statements run
    /// many times (inserts in a loop, lookups per id).
    func cachedStatement(_ sql: String) throws -> SQLiteStatement {
        let storage = Self.storageAddress(of: sql)
        if let storage, let recent = recentStatements.first(where: { $0.storage == storage }) {
            return recent.statement
        }
        if let statement = statementCache[sql] {
            if let storage { remember(statement, for: sql, at: storage) }
            return statement
        }
        var statement: OpaquePointer?
        // PERSISTENT tells SQLite the statement will live long, so it allocates accordingly.
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw SQLiteError(code: code, connection: handle, sql: sql) }
        let wrapped = SQLiteStatement(handle: statement, sql: sql)
        statementCache[sql] = wrapped
        if let storage { remember(wrapped, for: sql, at: storage) }
        return wrapped
    }

    /// Where the bytes of `sql` are kept, when they are kept in one place that lives as long
    /// as the string: a literal's, or a heap string's (a string of up to 15 bytes is kept in
    /// the value itself, and its bytes are only lent at a passing address).
    private static func storageAddress(of sql: String) -> UnsafeRawPointer? {
        guard sql.utf8.count > 15 else { return nil }
        return sql.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    /// Keeps `statement` findable by where the bytes of `sql` are, holding `sql` so that those
    /// bytes cannot be freed and the address taken by another string.
    private func remember(_ statement: SQLiteStatement, for sql: String, at storage: UnsafeRawPointer) {
        if recentStatements.count == Self.recentStatementCount { recentStatements.removeFirst() }
        recentStatements.append((sql, storage, statement))
    }

    /// The SQL of every statement `cachedStatement` compiled, so that tests can check the
    /// query plans of exactly the queries the catalog runs.
    var cachedSQL: [String] { statementCache.keys.sorted() }

    /// Runs a script of one or more statements, discarding any rows they return.
    func execute(_ script: String) throws {
        try script.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while var remaining = next {
                // Skipped so that an error quotes the statement itself, not the blank before it.
                while [0x20, 0x09, 0x0A, 0x0D].contains(remaining.pointee) { remaining += 1 }
                if remaining.pointee == 0 { break }
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, remaining, -1, &statement, &tail)
                guard code == SQLITE_OK else {
                    throw SQLiteError(code: code, connection: handle, sql: String(cString: remaining))
                }
                next = tail
                // Only whitespace or a comment was left.
                guard let statement else { continue }
                try SQLiteStatement(handle: statement, sql: String(cString: sqlite3_sql(statement))).run()
            }
        }
    }

    // MARK: - Transactions

    /// True while a transaction is open on this connection.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` in a write transaction: committed when it returns, rolled back when it throws.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock up front, so a second process waits (up to the
    /// busy timeout) at the start instead of failing with "database is locked" halfway through.
    /// Transactions do not nest.
    ///
    /// While writes are held (`holdWrites`), the first body opens the transaction and leaves
    /// it open, and later ones run in a savepoint of it: each is still all or nothing, and
    /// `commitHeldWrites` commits them together.
    func inTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        if holdsWrites, isInTransaction { return try inSavepoint(body) }
        if holdsWrites {
            try cachedStatement("BEGIN IMMEDIATE").run()
            do {
                return try body()
            } catch {
                if isInTransaction { try? cachedStatement("ROLLBACK").run() }
                throw error
            }
        }
        guard !isInTransaction else {
            throw SQLiteError(
                .result(
                    extendedCode: SQLITE_MISUSE,
                    message: "a transaction is already open on this connection", sql: "BEGIN IMMEDIATE"))
        }
        try cachedStatement("BEGIN IMMEDIATE").run()
        let result: Result
        do {
            result = try body()
            try cachedStatement("COMMIT").run()
        } catch {
            // A failed COMMIT may already have rolled back; only roll back what is still open.
            if isInTransaction { try? cachedStatement("ROLLBACK").run() }
            throw error
        }
        return result
    }

    /// Lets the transactions that follow share one, opened by the first and committed by
    /// `commitHeldWrites`: a commit writes every page its transaction changed to the log, and
    /// batches of an index pass change mostly the same pages (the indexes' leaves). The write
    /// lock is held until then, so other writers wait: hold only while the writes come fast.
    func holdWrites() { holdsWrites = true }

    /// Commits what the held writes wrote, if anything, and stops holding.
    func commitHeldWrites() throws {
        guard holdsWrites else { return }
        holdsWrites = false
        if isInTransaction { try cachedStatement("COMMIT").run() }
    }

    private func inSavepoint<Result>(_ body: () throws -> Result) throws -> Result {
        try cachedStatement("SAVEPOINT held").run()
        do {
            let result = try body()
            try cachedStatement("RELEASE held").run()
            return result
        } catch {
            if isInTransaction {
                try? cachedStatement("ROLLBACK TO held").run()
                try? cachedStatement("RELEASE held").run()
            }
            throw error
        }
    }

    // MARK: - Small queries

    /// The first column of the first row of `sql`, as text (nil for no row or NULL).
    func textValue(_ sql: String, _ values: [SQLiteValue] = []) throws -> String? {
        try prepare(sql).firstRow(values) { $0.optionalText(at: 0) } ?? nil
    }

    /// The first column of the first row of `sql`, as an integer (nil for no row or NULL).
    func integerValue(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int64? {
        try prepare(sql).firstRow(values) { $0.optionalInt64(at: 0) } ?? nil
    }

    /// How many rows the latest INSERT, UPDATE or DELETE on this connection changed.
    var changeCount: Int { Int(sqlite3_changes(handle)) }

    /// `PRAGMA user_version`: the schema version of the file, 0 for a new one.
    func userVersion() throws -> Int {
        Int(try integerValue("PRAGMA user_version") ?? 0)
    }

    /// Sets `PRAGMA user_version` (a pragma takes no bound parameters, hence the number in the text).
    func setUserVersion(_ version: Int) throws {
        try execute("PRAGMA user_version = \(version)")
    }
}

/// How a catalog file is opened.
public enum SQLiteAccess: Sendable, Equatable {
    /// Read and write, created when missing, in WAL mode.
    case readWrite
    /// Read only; the folder is writable, so SQLite can keep its WAL index beside the file.
    case readOnly
    /// Read only, in a folder nobody can write: no locks and no WAL index (`immutable=1`).
    case immutable
}
