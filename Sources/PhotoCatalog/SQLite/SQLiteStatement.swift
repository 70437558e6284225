import CSQLite

/// SQLite's `SQLITE_TRANSIENT` (a macro Swift does not import): tells SQLite to copy a
/// bound text or blob before the call returns, so Swift's buffer may go away.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// SQLite's `SQLITE_STATIC`: the bytes bound stay where they are, unchanged, until the
/// parameter is bound again or cleared (see `SQLiteStatement.boundBytes`).
let sqliteStatic: sqlite3_destructor_type? = nil

/// One prepared statement; finalized when the object goes away.
///
/// Statements are reused (see `SQLiteDatabase.cachedStatement`): every way of running
/// one resets it afterwards, so that no half-read SELECT keeps a read snapshot open.
final class SQLiteStatement {
    private let handle: OpaquePointer
    /// The SQL text, for error messages.
    let sql: String

    /// `handle` must come from a successful `sqlite3_prepare_v2`; the statement now owns it.
    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit {
        // The result repeats the last step's error, which was already thrown.
        sqlite3_finalize(handle)
        boundBytes.deallocate()
    }

    private var connection: OpaquePointer? { sqlite3_db_handle(handle) }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection, sql: sql) }
    }

    // MARK: - Binding

    /// Resets the statement and binds `values` to parameters 1, 2, … in order.
    func bind(_ values: [SQLiteValue]) throws {
        reset()
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw SQLiteError(
                .result(
                    extendedCode: SQLITE_RANGE,
                    message: "\(values.count) values bound to \(expected) parameters", sql: sql))
        }
        // Every parameter NULL again in one call, and NULLs not bound one by one: most of an
        // index batch's values are NULL (64% of a first index's 133,000). It also lets go of
        // the last bind's bytes before they are overwritten below.
        sqlite3_clear_bindings(handle)
        reserveBoundBytes(for: values)
        var used = 0
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1), bytesUsed: &used)
        }
    }

    /// The bytes of the texts and blobs bound last, which SQLite reads in place
    /// (`SQLITE_STATIC`) instead of copying each into memory of its own (a `malloc` and a
    /// `free` a value, a third of binding an index batch). They stay unchanged until the next
    /// `bind` clears the bindings, and are freed after the statement is finalized.
    private var boundBytes = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// Makes `boundBytes` large enough for the texts and blobs of `values`.
    private func reserveBoundBytes(for values: [SQLiteValue]) {
        var needed = 0
        for value in values {
            switch value {
            case .text(let string): needed += string.utf8.count
            case .blob(let bytes): needed += bytes.count
            default: break
            }
        }
        guard needed > boundBytes.count else { return }
        boundBytes.deallocate()
        boundBytes = .allocate(byteCount: max(needed, 2 * boundBytes.count), alignment: 8)
    }

    /// Copies `bytes` into `boundBytes` after the first `used` bytes, where the caller's
    /// `reserveBoundBytes` made room, and gives where they are.
    private func keep(_ bytes: UnsafeRawBufferPointer, used: inout Int) -> UnsafeMutableRawPointer {
        let destination = boundBytes.baseAddress! + used
        destination.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        used += bytes.count
        return destination
    }

    private func bind(_ value: SQLiteValue, at index: Int32, bytesUsed used: inout Int) throws {
        switch value {
        case .null:
            break  // cleared in `bind`
        case .integer(let number):
            try check(sqlite3_bind_int64(handle, index, number))
        case .real(let number):
            try check(sqlite3_bind_double(handle, index, number))
        case .text(var string):
            try string.withUTF8 { utf8 in
                // A nil pointer would bind NULL, not the empty string.
                guard utf8.count > 0 else {
                    return try check(sqlite3_bind_text(handle, index, "", 0, sqliteTransient))
                }
                let kept = keep(UnsafeRawBufferPointer(utf8), used: &used)
                try check(
                    sqlite3_bind_text(
                        handle, index, kept.assumingMemoryBound(to: CChar.self), Int32(utf8.count), sqliteStatic))
            }
        case .blob(let bytes):
            guard !bytes.isEmpty else {
                // Same trap as text: an empty blob needs a zero-length blob, not a nil pointer.
                return try check(sqlite3_bind_zeroblob(handle, index, 0))
            }
            try bytes.withUnsafeBytes { buffer in
                let kept = keep(buffer, used: &used)
                try check(sqlite3_bind_blob(handle, index, kept, Int32(buffer.count), sqliteStatic))
            }
        }
    }

    /// Makes the statement ready to run again; bindings are kept until the next `bind`.
    func reset() {
        // sqlite3_reset repeats the error of the last step, which `step` already threw.
        sqlite3_reset(handle)
    }

    // MARK: - Running

    /// Advances to the next row: true when one is ready to read, false when done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteError(code: code, connection: connection, sql: sql)
        }
    }

    /// Runs a statement that returns no rows, with `values` bound to its parameters.
    func run(_ values: [SQLiteValue] = []) throws {
        try bind(values)
        defer { reset() }
        while try step() {}
    }

    /// Runs a query and turns each row into a value with `makeValue`.
    func rows<Value>(_ values: [SQLiteValue] = [], _ makeValue: (SQLiteStatement) throws -> Value) throws -> [Value] {
        try bind(values)
        defer { reset() }
        var result: [Value] = []
        while try step() { result.append(try makeValue(self)) }
        return result
    }

    /// Runs a query and hands each row to `body` as it is read, until `body` returns false:
    /// nothing is kept, so the first row is ready as soon as SQLite has it.
    func forEachRow(_ values: [SQLiteValue] = [], _ body: (SQLiteStatement) throws -> Bool) throws {
        try bind(values)
        defer { reset() }
        while try step() { guard try body(self) else { return } }
    }

    /// The first row of a query turned into a value, or nil when there is none.
    func firstRow<Value>(_ values: [SQLiteValue] = [], _ makeValue: (SQLiteStatement) throws -> Value) throws -> Value?
    {
        try bind(values)
        defer { reset() }
        return try step() ? try makeValue(self) : nil
    }

    // MARK: - Reading the current row (columns count from 0)

    func isNull(at column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func int64(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func double(at column: Int32) -> Double { sqlite3_column_double(handle, column) }

    func bool(at column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }

    /// The column as text (a NULL reads as the empty string; see `optionalText`).
    func text(at column: Int32) -> String {
        guard let characters = sqlite3_column_text(handle, column) else { return "" }
        // Ask for the length after the text: asking first could convert the value twice.
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
    }

    /// The column's bytes (a NULL reads as no bytes).
    func blob(at column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    func optionalInt64(at column: Int32) -> Int64? { isNull(at: column) ? nil : int64(at: column) }

    func optionalInt(at column: Int32) -> Int? { isNull(at: column) ? nil : Int(int64(at: column)) }

    func optionalDouble(at column: Int32) -> Double? { isNull(at: column) ? nil : double(at: column) }

    func optionalText(at column: Int32) -> String? { isNull(at: column) ? nil : text(at: column) }
}
