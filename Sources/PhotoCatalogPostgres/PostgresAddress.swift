import CLibPQ

/// Whether a connection may send the user's password (PGPASSWORD, a password file, a service file).
public enum PostgresCredentials: Sendable {
    /// The user's own address: libpq's usual sources.
    case user
    /// An address a library folder names and the user never confirmed (a hostile
    /// `settings.json` could name any server): libpq gets no password at all, so a server
    /// that asks for one is refused before anything is sent (`PGError.Reason.passwordWithheld`).
    case withheld
}

/// Where a PostgreSQL catalog lives: a libpq URL (the server and database) and the schema
/// that holds this library's tables.
///
/// The URL never holds a password: it is written into the library's settings, which anyone
/// who can read the library can read. Passwords come from libpq's own sources (`~/.pgpass`,
/// `PGPASSFILE`, `PGPASSWORD`, a service file).
public struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
    /// `postgresql://user@host:port/database?parameters`, as libpq reads it.
    public let url: String
    /// The schema, a plain lowercase SQL name (see `isValidSchemaName`).
    public let schema: String
    /// Whether connections to it may send the user's password. Not part of what the address
    /// is: two addresses that differ only here name the same catalog.
    public var credentials: PostgresCredentials

    /// Checks `url` as libpq would read it (and refuses a password in it) and `schema`.
    /// `credentials` is `.user` for an address the user gave (command line, environment, or
    /// trusted); one a library's settings hold is `.withheld` until the user trusts it.
    public init(url: String, schema: String, credentials: PostgresCredentials = .user) throws(PGError) {
        try Self.check(url: url)
        guard Self.isValidSchemaName(schema) else {
            throw PGError(
                .badAddress,
                message:
                    "invalid schema name '\(schema)': expected a lowercase letter or '_', then up to 62 lowercase letters, digits or '_'"
            )
        }
        self.url = url
        self.schema = schema
        self.credentials = credentials
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.url == rhs.url && lhs.schema == rhs.schema }

    /// What messages show: the URL and the schema.
    public var description: String { "\(url), schema \(schema)" }

    /// True for the text that names a PostgreSQL catalog rather than a file.
    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// A schema name that needs no quoting anywhere: `[a-z_][a-z0-9_]{0,62}` (PostgreSQL's
    /// identifiers are at most 63 bytes), and not `pg_…`, which the server reserves.
    public static func isValidSchemaName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 63, !name.hasPrefix("pg_") else { return false }
        func isLower(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || byte == 0x5F }
        return isLower(first) && bytes.allSatisfy { isLower($0) || (0x30...0x39).contains($0) }
    }

    /// Refuses what libpq would refuse (an unknown parameter, a malformed URL) with libpq's
    /// words, and a password, which must not be stored in the library's settings.
    static func check(url: String) throws(PGError) {
        guard isPostgresURL(url) else {
            throw PGError(
                .badAddress, message: "invalid catalog '\(url)': expected postgresql://[user@]host[:port]/database")
        }
        try PGConnection.loadLibPQ()
        var failure: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &failure) else {
            let message = failure.map { PGError.oneLine(String(cString: $0)) } ?? "out of memory"
            PQfreemem(failure)
            throw PGError(.badAddress, message: "invalid catalog URL '\(url)': \(message)")
        }
        defer { PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "password", option.pointee.val != nil {
                throw PGError(
                    .badAddress,
                    message:
                        "the catalog URL holds a password, which photolib would store in clear in the library's settings: leave it out and put it in ~/.pgpass (or PGPASSFILE, PGPASSWORD, a service file)"
                )
            }
            option += 1
        }
    }
}
