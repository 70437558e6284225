import CLibPQ
import Foundation

/// One connection to a PostgreSQL server, closed (PQfinish) when the object goes away.
///
/// Not Sendable: a PGconn serves one thread at a time, so each process or task opens its own.
final class PGConnection {
    private let handle: OpaquePointer

    /// Connects with a URL (`postgresql://user@host:port/db?sslmode=…`); what it leaves out
    /// comes from libpq's usual sources (PGHOST, ~/.pgpass, PGSERVICE and pg_service.conf,
    /// …), and the password only with `.user` credentials. photolib's own keywords go around
    /// the URL (`PGConnectionParameters`).
    ///
    /// Throws `.passwordWithheld` when the password was withheld and the server asked for one:
    /// nothing was sent to it.
    init(_ url: String, credentials: PostgresCredentials = .user) throws(PGError) {
        try Self.loadLibPQ()
        // libpq reads these variables itself; they are read here only to know what it will do.
        let parameters = try PGConnectionParameters(
            url: url, credentials: credentials, environment: ProcessInfo.processInfo.environment,
            libpqVersion: Int(PQlibVersion()))
        let connection: OpaquePointer?
        if parameters.refusesCleartext {
            connection = try Self.connectRefusingCleartext(
                keywords: parameters.keywords, values: parameters.values, timeout: parameters.connectTimeout,
                libpqVersion: Int(PQlibVersion()))
        } else {
            connection = withCStrings(parameters.keywords) { keywords in
                withCStrings(parameters.values) { values in PQconnectdbParams(keywords, values, 1) }
            }
        }
        guard let connection else { throw PGError(.client, message: "out of memory (PQconnectdbParams)") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let withheld = credentials == .withheld && PQconnectionNeedsPassword(connection) == 1
            let message = PGError.oneLine(String(cString: PQerrorMessage(connection)))
            PQfinish(connection)
            guard !withheld else { throw PGError.passwordWithheld }
            throw PGError(.connectionFailed, message: message)
        }
        handle = connection
        // Notices ("relation already exists, skipping") would go to stderr.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    /// Connects to `address` with its credentials.
    convenience init(_ address: PostgresAddress) throws(PGError) {
        try self.init(address.url, credentials: address.credentials)
    }

    deinit { PQfinish(handle) }

    /// Opens libpq unless it is open already (CLibPQ opens it on first use, not with every
    /// process): before the first call into it.
    static func loadLibPQ() throws(PGError) {
        if let failure = photolib_libpq_load() { throw PGError(.client, message: String(cString: failure)) }
    }

    var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

    /// True between BEGIN and COMMIT (or while a failed transaction waits for its ROLLBACK).
    var isInTransaction: Bool { isConnected && PQtransactionStatus(handle) != PQTRANS_IDLE }

    /// Connects again with the same parameters after the connection broke. Session state
    /// (SET, temporary tables) is gone with the old session.
    func reset() throws(PGError) {
        PQreset(handle)
        guard isConnected else {
            throw PGError(.connectionFailed, message: PGError.oneLine(String(cString: PQerrorMessage(handle))))
        }
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    // MARK: - Statements

    /// Runs one statement; parameters are `$1`, `$2`, …; rows come back in binary format.
    @discardableResult
    func execute(_ sql: String, _ values: [PGValue] = []) throws(PGError) -> PGResult {
        let parameters = try PGParameters(values)
        let result = parameters.withPointers { count, types, values, lengths, formats in
            PQexecParams(handle, sql, count, types, values, lengths, formats, 1)
        }
        return try check(result, sql: sql)
    }

    /// Runs a script of several statements without parameters (the schema's migrations).
    func executeScript(_ sql: String) throws(PGError) {
        try check(PQexec(handle, sql), sql: sql)
    }

    /// The first column of the first row of `sql`, read by `read`, or nil when there is no row.
    func value<T>(_ sql: String, _ values: [PGValue] = [], _ read: (PGRow) -> T) throws(PGError) -> T? {
        try execute(sql, values).rows.first.map(read)
    }

    /// Turns a PGresult into a PGResult, or a PGError (clearing the result).
    @discardableResult
    func check(_ result: OpaquePointer?, sql: String?) throws(PGError) -> PGResult {
        guard let result else { throw PGError.from(result: nil, connection: handle, sql: sql) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_COPY_IN:
            return PGResult(result)
        default:
            let error = PGError.from(result: result, connection: handle, sql: sql)
            PQclear(result)
            throw error
        }
    }

    // MARK: - Transactions

    /// Runs `body` in a READ COMMITTED transaction: committed when it returns, rolled back
    /// when it throws.
    @discardableResult
    func inTransaction<R>(_ body: () throws -> R) throws -> R {
        try execute("BEGIN ISOLATION LEVEL READ COMMITTED")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isConnected, PQtransactionStatus(handle) != PQTRANS_IDLE { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    /// `inTransaction`, run again (up to `attempts` times) after a serialization failure or
    /// a deadlock, the two errors PostgreSQL expects a client to retry.
    func inRetriedTransaction<R>(attempts: Int = 5, _ body: () throws -> R) throws -> R {
        var attempt = 1
        while true {
            do {
                return try inTransaction(body)
            } catch let error as PGError where error.isTransient && attempt < attempts {
                attempt += 1
            }
        }
    }

    /// The raw handle, for the COPY extension in this folder only.
    var rawHandle: OpaquePointer { handle }
}

/// NULL-terminated C strings for `strings`, valid inside `body`.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
