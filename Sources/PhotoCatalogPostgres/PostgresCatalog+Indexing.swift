import Foundation
import PhotoCatalog

extension PostgresCatalog {
    /// Writes one index pass in one transaction (see `Catalog.applyIndexChanges`), with the
    /// SQLite catalog's rules: paths may change hands within a batch, so every known asset
    /// whose path changes is first parked at a placeholder (a NUL byte, then its id), an
    /// asset already missing gives its path up to a file found there, and flags, `added_at`
    /// and a user's caption or city are never touched.
    ///
    /// The batch goes to the server in one binary COPY into a temporary table, then four
    /// set-based statements do what the SQLite catalog does row by row: a round trip per
    /// row would cost about 50 µs each. Safe to repeat after a lost connection: it sets values.
    public func applyIndexChanges(scanned: [ScannedFile], added: [ScannedFile], missing: [AssetID]) throws {
        let scanned = scanned + added
        let now = Date().timeIntervalSince1970
        try reconnecting {
            try makeScanTable()
            do {
                try connection.inRetriedTransaction { try writeIndexBatch(scanned, missing: missing, now: now) }
            } catch let error as PGError where error.sqlState == "23505" {
                // Another machine inserted a file at one of these new paths between this batch's
                // check (`alreadyIndexedSQL`) and its insert; committed now, the check sees it.
                try connection.inRetriedTransaction { try writeIndexBatch(scanned, missing: missing, now: now) }
            }
        }
    }

    /// The body of `applyIndexChanges`, inside the caller's transaction (a worker's fenced
    /// completion writes its folder with it too), after `makeScanTable`.
    func writeIndexBatch(_ scanned: [ScannedFile], missing: [AssetID], now: Double) throws {
        // One row per id, the last one winning, as successive upserts would leave it.
        var latest: [AssetID: Int] = [:]
        for (index, file) in scanned.enumerated() { latest[file.id] = index }
        let rows = scanned.indices.filter { latest[scanned[$0].id] == $0 }.map { scanned[$0] }
        let names = Self.scannedColumns.map(\.name).joined(separator: ", ")
        try connection.copyIn(
            "COPY pg_temp.photolib_scan (\(names)) FROM STDIN (FORMAT binary)",
            types: Self.scannedColumns.map(\.type), rows: rows.lazy.map { Self.scannedValues($0, now: now) })
        let missingIDs = PGValue.textArray(missing.map(\.hex))
        // Every row the batch will change, locked first and in id order, as edits lock
        // theirs: otherwise an index and a toggle that reach two rows in opposite orders deadlock.
        try connection.execute(Self.lockSQL, [missingIDs])
        try connection.execute(Self.parkSQL)
        if !missing.isEmpty {
            try connection.execute("UPDATE assets SET missing = true WHERE id = ANY($1::text[])", [missingIDs])
        }
        try connection.execute(Self.yieldPathSQL)
        try connection.execute(Self.alreadyIndexedSQL)
        try connection.execute(Self.upsertSQL)
    }

    /// The session's temporary table for index batches, emptied at every commit. Made outside
    /// any transaction, so that a batch rolled back does not take the table with it.
    func makeScanTable() throws {
        guard !hasScanTable else { return }
        let columns = Self.scannedColumns.map { column in
            let type =
                switch column.type {
                case PGType.bytea: "bytea"
                case PGType.int8: "bigint"
                case PGType.int4: "integer"
                case PGType.float8: "double precision"
                case PGType.bool: "boolean"
                default: "text COLLATE \"C\""
                }
            return "\(column.name) \(type)"
        }
        try connection.execute(
            "CREATE TEMPORARY TABLE photolib_scan (\(columns.joined(separator: ", "))) ON COMMIT DELETE ROWS")
        hasScanTable = true
    }

    /// A path no file can have, unique per asset: a NUL byte followed by the id.
    private static let placeholderPath = "'\\x00'::bytea || convert_to(assets.id, 'UTF8')"

    /// The scanned assets, those to be marked missing and the missing ones holding a scanned
    /// path (which yield it), locked in id order.
    private static let lockSQL = """
        SELECT 1 FROM assets
        WHERE id IN (SELECT id FROM pg_temp.photolib_scan) OR id = ANY($1::text[])
            OR (missing AND relative_path IN (SELECT relative_path FROM pg_temp.photolib_scan))
        ORDER BY id FOR UPDATE
        """

    /// Moves each known asset whose path is about to change to its placeholder.
    private static let parkSQL = """
        UPDATE assets SET relative_path = \(placeholderPath)
        FROM pg_temp.photolib_scan scan
        WHERE assets.id = scan.id AND assets.relative_path <> scan.relative_path
        """

    /// Frees a scanned file's path when a missing asset still holds it.
    private static let yieldPathSQL = """
        UPDATE assets SET relative_path = \(placeholderPath)
        FROM pg_temp.photolib_scan scan
        WHERE assets.relative_path = scan.relative_path AND assets.missing AND assets.id <> scan.id
        """

    /// Drops the new assets whose path a present asset took since this batch read the catalog:
    /// another machine's watcher or index found the same file on the shared folder and wrote
    /// it first. Its row is the file's asset; inserting ours would break the path's uniqueness
    /// and fail the whole batch. (A path two rows of this batch claim is still an error.)
    private static let alreadyIndexedSQL = """
        DELETE FROM pg_temp.photolib_scan scan
        USING assets
        WHERE assets.relative_path = scan.relative_path AND assets.id <> scan.id AND NOT assets.missing
            AND NOT EXISTS (SELECT 1 FROM assets known WHERE known.id = scan.id)
            AND NOT EXISTS (SELECT 1 FROM pg_temp.photolib_scan mine WHERE mine.id = assets.id)
        """

    /// Inserts new assets and refreshes known ones, keeping flags, `added_at`, `popped_at`
    /// and the caption or city columns a user edited.
    private static let upsertSQL: String = {
        let columns = scannedColumns.map(\.name)
        let assignments = SQLDialect.postgres.indexRefresh(columns)
        return """
            INSERT INTO assets (\(columns.joined(separator: ", ")), added_at)
            SELECT \(columns.joined(separator: ", ")), indexed_at FROM pg_temp.photolib_scan
            ON CONFLICT (id) DO UPDATE SET
                \(assignments.joined(separator: ", ")),
                missing = false
            """
    }()
}
