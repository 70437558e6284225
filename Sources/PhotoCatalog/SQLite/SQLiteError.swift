import CSQLite
import PhotoSupport

/// A failure of the SQLite catalog: a result code SQLite returned, or a catalog file
/// this photolib cannot use.
public struct SQLiteError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        /// SQLite said no. `extendedCode` keeps the detail (2067 is a UNIQUE violation);
        /// `sql` is the statement that failed, when there was one.
        case result(extendedCode: Int32, message: String, sql: String?)
        /// The catalog was written by a newer photolib whose schema this one does not know.
        case schemaTooNew(found: Int, known: Int, path: RawPath)
    }

    public var reason: Reason

    public init(_ reason: Reason) { self.reason = reason }

    /// The primary result code (`SQLITE_CONSTRAINT` for every kind of constraint failure), or nil.
    public var resultCode: Int32? {
        if case .result(let extendedCode, _, _) = reason { return extendedCode & 0xFF }
        return nil
    }

    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, …), or nil.
    public var extendedResultCode: Int32? {
        if case .result(let extendedCode, _, _) = reason { return extendedCode }
        return nil
    }

    public var kind: ErrorKind { .failure }

    /// The error without the SQL that met it: what a person needs to hear of a damaged file.
    public var shortDescription: String {
        if case .result(let extendedCode, let message, _) = reason { return "SQLite error \(extendedCode): \(message)" }
        return description
    }

    public var description: String {
        switch reason {
        case .result(let extendedCode, let message, let sql):
            let statement = sql.map { " - while executing `\(singleLine($0))`" } ?? ""
            return "SQLite error \(extendedCode & 0xFF): \(message)\(statement)"
        case .schemaTooNew(let found, let known, let path):
            return "\(path): catalog schema \(found) is newer than this photolib (knows \(known)); upgrade photolib"
        }
    }
}

/// `sql` with each line break and the indentation after it turned into one space, so that
/// an error stays one line however the statement was laid out in the source.
private func singleLine(_ sql: String) -> String {
    guard sql.contains(where: \.isNewline) else { return sql }
    var result = ""
    var pendingBreak = false
    for character in sql {
        if character.isNewline {
            pendingBreak = true
        } else if pendingBreak, character.isWhitespace {
            continue
        } else {
            if pendingBreak, !result.isEmpty, result.last != " " { result.append(" ") }
            pendingBreak = false
            result.append(character)
        }
    }
    return result
}

extension SQLiteError {
    /// The error SQLite recorded on `connection` for a call that returned `code`.
    ///
    /// `code` is what the call returned, not `sqlite3_errcode`: the two differ after an
    /// API misuse, which SQLite does not record on the connection.
    init(code: Int32, connection: OpaquePointer?, sql: String?) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's code is about this failure only when its primary part agrees.
        let chosen = (extended & 0xFF) == (code & 0xFF) ? extended : code
        let message =
            connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(.result(extendedCode: chosen, message: message, sql: sql))
    }
}

extension SQLiteError {
    /// A value in the file that the schema's constraints should have kept out (reported as
    /// SQLite reports corruption).
    static func corrupt(_ message: String, sql: String?) -> SQLiteError {
        SQLiteError(.result(extendedCode: SQLITE_CORRUPT, message: message, sql: sql))
    }
}
