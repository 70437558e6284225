import Foundation
import PhotoCatalog
import PhotoSupport

/// The catalog kept in a PostgreSQL database, one schema per library, so that several
/// machines can share a library (and several libraries one database).
///
/// It gives the same answers as `SQLiteCatalog` for the same edits: the same ids, timestamps
/// to the bit, orders, case folding and history. Edits run in READ COMMITTED transactions
/// that lock their rows first (`SELECT … FOR UPDATE`), so concurrent toggles from many
/// machines lose nothing; readers never wait for writers.
///
/// One object is one connection, used from one thread at a time. When the connection breaks
/// (a server restart), each call reconnects for up to `reconnectWindow` and runs again.
public final class PostgresCatalog: Catalog {
    public let address: PostgresAddress
    let connection: PGConnection
    /// How long a call keeps trying to reconnect after the connection broke.
    var reconnectWindow: Double = 30
    /// True once this session has its temporary table for index batches.
    var hasScanTable = false

    /// Connects, makes the library's schema when missing and brings it up to date.
    ///
    /// Throws `PGError`: `.connectionFailed` with libpq's reason (refused, bad password, no
    /// such database), `.schemaTooNew` for a catalog of a newer photolib.
    public init(address: PostgresAddress) throws {
        self.address = address
        do {
            connection = try PGConnection(address)
            try Self.migrator.migrate(connection, schema: address.schema)
            try startSession()
        } catch var error as PGError {
            error.catalog = error.catalog ?? address.description
            throw error
        }
    }

    /// Throws `.schemaInUse` when `address`'s schema already holds a photolib catalog: a new
    /// library must not adopt (and mix with) another library's assets.
    public static func refuseExisting(at address: PostgresAddress) throws {
        do {
            let connection = try PGConnection(address)
            let schema = "\"\(address.schema)\""
            let exists = try connection.value("SELECT to_regclass($1) IS NOT NULL", [.text("\(schema).assets")]) {
                $0.bool(0)
            }
            guard exists == true else { return }
            let count = try connection.value("SELECT count(*) FROM \(schema).assets") { $0.int64(0) } ?? 0
            throw PGError(
                .schemaInUse,
                message:
                    "schema \(address.schema) in \(address.url) already holds a photolib catalog (\(count) assets): choose another schema, or open the library that uses it"
            )
        } catch var error as PGError {
            error.catalog = error.catalog ?? address.description
            throw error
        }
    }

    /// What every session needs: the library's schema as the only place names are looked up
    /// (`pg_catalog` stays implicitly first, so nothing in a writable `public` can shadow a
    /// function or an operator).
    private func startSession() throws {
        try connection.execute("SET search_path TO \"\(address.schema)\"")
        hasScanTable = false
    }

    /// Runs `body`; when the connection is lost, reconnects (waiting a little longer each
    /// time, for up to `reconnectWindow` seconds) and runs `body` again from the start. For
    /// work that is safe to repeat: reads, and writes that set rather than change values.
    @discardableResult
    func reconnecting<R>(_ body: () throws -> R) throws -> R {
        // Inside a transaction a new session would run the rest outside it: the transaction's
        // own caller retries the whole of it instead.
        if connection.isInTransaction { return try body() }
        let deadline = Date().addingTimeInterval(reconnectWindow)
        var pause = 0.05
        while true {
            do {
                return try body()
            } catch var error as PGError where error.isConnectionLost {
                error.catalog = address.description
                try reconnect(until: deadline, pause: &pause, after: error)
            }
        }
    }

    /// Runs `body`, a transaction that must not be applied twice. When the connection breaks,
    /// reconnects and asks `landed` whether the COMMIT happened after all (it answers the
    /// result then, nil when not); only if it did not is `body` run again.
    func runOnce<R>(_ body: () throws -> R, landed: () throws -> R?) throws -> R {
        let deadline = Date().addingTimeInterval(reconnectWindow)
        var pause = 0.05
        while true {
            do {
                return try body()
            } catch var error as PGError where error.isConnectionLost {
                error.catalog = address.description
                try reconnect(until: deadline, pause: &pause, after: error)
                if let result = try reconnecting(landed) { return result }
            }
        }
    }

    /// Connects again, retrying until `deadline`; throws `lost` (the reason the connection
    /// went) when the server stays away.
    func reconnect(until deadline: Date, pause: inout Double, after lost: PGError) throws {
        while true {
            guard Date() < deadline else { throw lost }
            Thread.sleep(forTimeInterval: pause)
            pause = min(pause * 2, 2)
            do {
                try connection.reset()
                try startSession()
                return
            } catch let error as PGError where error.reason == .connectionFailed || error.isConnectionLost {
                continue
            }
        }
    }

    // MARK: - Catalog

    public func count() throws -> Int {
        try reconnecting { Int(try connection.value("SELECT count(*) FROM assets") { $0.int64(0) } ?? 0) }
    }

    public func asset(id: AssetID) throws -> Asset? {
        try reconnecting {
            try connection.execute("SELECT \(Self.assetColumns) FROM assets WHERE id = $1", [.text(id.hex)])
                .rows.first.map(Self.asset(fromRow:))
        }
    }

    public func indexRecords() throws -> [IndexRecord] {
        try reconnecting {
            try connection.execute("SELECT \(Self.indexRecordColumns) FROM assets").rows.map(Self.indexRecord(fromRow:))
        }
    }
}
