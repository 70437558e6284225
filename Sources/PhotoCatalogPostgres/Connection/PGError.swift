import CLibPQ
import PhotoSupport

/// A failure of the PostgreSQL catalog: what went wrong (`reason`) and the server's words,
/// always one line.
public struct PGError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        /// Connecting failed: refused, unknown host, bad password, no such database. libpq
        /// gives no SQLSTATE for these; its text is all there is.
        case connectionFailed
        /// The connection broke (server restart, network). A statement running when the
        /// server shut down carries 57P01; an idle session learns of it with no SQLSTATE.
        case connectionLost(sqlState: String?)
        /// The server refused a statement; the SQLSTATE says why (23505, 40001, 40P01, …).
        case server(sqlState: String)
        /// libpq failed without the server's word (out of memory, a value it cannot send).
        case client
        /// The catalog's schema was written by a newer photolib.
        case schemaTooNew(found: Int, known: Int)
        /// A catalog address photolib refuses (a password in it, an unknown parameter).
        case badAddress
        /// A new library's schema already holds a catalog.
        case schemaInUse
        /// The server asked for a password, which photolib withheld: the address came from
        /// a library's settings and the user never trusted it (`PostgresCredentials.withheld`).
        case passwordWithheld
    }

    public var reason: Reason
    /// The primary message, one line (libpq's multi-line messages joined).
    public var message: String
    public var detail: String?
    /// The statement that failed, when there was one.
    public var sql: String?
    /// Where the catalog is (address without password, and schema), for messages.
    public var catalog: String?

    public init(_ reason: Reason, message: String, detail: String? = nil, sql: String? = nil) {
        self.reason = reason
        self.message = message
        self.detail = detail
        self.sql = sql
    }

    public var sqlState: String? {
        switch reason {
        case .server(let state): state
        case .connectionLost(let state): state
        default: nil
        }
    }

    /// The connection is gone: reconnecting may help.
    public var isConnectionLost: Bool {
        if case .connectionLost = reason { return true }
        return false
    }

    /// Worth running the whole transaction again: a serialization failure or a deadlock.
    public var isTransient: Bool { sqlState == "40001" || sqlState == "40P01" }

    public var kind: ErrorKind {
        switch reason {
        case .badAddress, .schemaInUse: .usage
        default: .failure
        }
    }

    /// The server asked for a password that photolib withheld (see `Reason.passwordWithheld`).
    static let passwordWithheld = PGError(
        .passwordWithheld,
        message:
            "the server asks for a password, and photolib sends none to a catalog address that a library's settings name until you trust it: check the address, then run 'photolib catalog trust' in the library (or name the address in PHOTOLIB_CATALOG)"
    )

    public var description: String {
        let place = catalog.map { " (\($0))" } ?? ""
        switch reason {
        case .passwordWithheld:
            return "PostgreSQL catalog\(place): \(message)"
        case .connectionFailed:
            return "cannot connect to the PostgreSQL catalog\(place): \(message)"
        case .connectionLost:
            return "lost the connection to the PostgreSQL catalog\(place): \(message)"
        case .schemaTooNew(let found, let known):
            return
                "PostgreSQL catalog\(place): schema \(found) is newer than this photolib (knows \(known)); upgrade photolib"
        case .badAddress, .schemaInUse:
            return message
        case .server, .client:
            var text = "PostgreSQL"
            if let sqlState { text += " error \(sqlState)" }
            text += "\(place): \(message)"
            if let detail { text += " (\(detail))" }
            if let sql { text += " - while executing `\(Self.oneLine(sql))`" }
            return text
        }
    }

    /// libpq's text as one line: its messages end in a newline and may hold several
    /// ("connection to server … failed: Connection refused\n\tIs the server running …").
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The error a failed result carries, or the connection's when there is no result.
    static func from(result: OpaquePointer?, connection: OpaquePointer, sql: String?) -> PGError {
        func field(_ code: UInt8) -> String? {
            guard let result, let value = PQresultErrorField(result, Int32(code)) else { return nil }
            return String(cString: value)
        }
        let state = field(Diagnostic.sqlState)
        let whole = result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) } ?? ""
        let text = field(Diagnostic.primary) ?? (whole.isEmpty ? String(cString: PQerrorMessage(connection)) : whole)
        let message = oneLine(text).isEmpty ? "no message from libpq" : oneLine(text)
        if PQstatus(connection) == CONNECTION_BAD {
            return PGError(.connectionLost(sqlState: state), message: message, sql: sql)
        }
        guard let state else { return PGError(.client, message: message, sql: sql) }
        return PGError(
            .server(sqlState: state), message: message, detail: field(Diagnostic.detail).map(oneLine), sql: sql)
    }
}

/// PG_DIAG_* of postgres_ext.h: character-literal macros ('C'), which Swift does not import.
enum Diagnostic {
    static let sqlState = UInt8(ascii: "C")
    static let primary = UInt8(ascii: "M")
    static let detail = UInt8(ascii: "D")
}
