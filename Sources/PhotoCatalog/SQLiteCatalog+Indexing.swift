import Foundation

extension SQLiteCatalog {
    /// Writes one index pass in one transaction (see `Catalog.applyIndexChanges`).
    ///
    /// Paths may change hands within a batch (a moved to b while a new file took a's
    /// path, or two files swapped), and `relative_path` is UNIQUE at every statement, not
    /// only at commit. So every known asset whose path changes is first parked at a
    /// placeholder no file can have (a NUL byte, then its id), and only then are the real
    /// paths written. An asset already marked missing gives its path up to a file found
    /// there (keeping the placeholder), since it cannot be at that path any more.
    ///
    /// An id both scanned and listed missing ends up present: the scan is the stronger evidence.
    /// Flags (favourite, liked, trashed), `added_at`, and a caption, city, rating or keywords
    /// whose source is `user` are never touched.
    public func applyIndexChanges(scanned known: [ScannedFile], added: [ScannedFile], missing: [AssetID]) throws {
        let now = Date().timeIntervalSince1970
        // Not copied when one list is empty, as in a first index (a thousand bytes a file).
        let scanned = known.isEmpty ? added : added.isEmpty ? known : known + added
        // A batch of an index pass, not a file or two: room for its pages (see `enlargeCache`).
        if scanned.count >= 100 { try database.enlargeCache() }
        try database.inTransaction {
            // An added file's id is in no row: parking it, and freeing paths when no asset is
            // missing, were statements that found nothing, a tenth of a first index's writes.
            let park = try database.cachedStatement(Self.parkSQL)
            for file in known {
                try park.run([.text(file.id.hex), .blob(file.file.relativePath.bytes)])
            }
            let markMissing = try database.cachedStatement("UPDATE assets SET missing = 1 WHERE id = ?")
            for id in missing {
                try markMissing.run([.text(id.hex)])
            }
            if try database.cachedStatement(Self.anyMissingSQL).firstRow([], { $0.bool(at: 0) }) == true {
                let yieldPath = try database.cachedStatement(Self.yieldPathSQL)
                for file in scanned {
                    try yieldPath.run([.blob(file.file.relativePath.bytes), .text(file.id.hex)])
                }
            }
            // Many rows a statement, fewer runs of it (each with its statement journal); the
            // rows are written in the same order, each with its own triggers.
            var start = scanned.startIndex
            while start < scanned.endIndex {
                // The largest statement that fits what is left: 16 rows, then 4, then one, each
                // cached, so a pass's many short batches never parse a statement again
                // (preparing each batch's last, shorter one was 5% of a first index).
                let (size, sql) = Self.upsertStatements.first { $0.rows <= scanned.endIndex - start }!
                let rows = scanned[start..<(start + size)]
                var values: [SQLiteValue] = []
                values.reserveCapacity(size * (Self.scannedColumns.count + 1))
                for row in rows {
                    let first = values.count
                    Self.appendScannedValues(row, now: now, to: &values)
                    // `added_at` takes the row's `indexed_at` (see `upsertSQL`).
                    values.append(values[first + Self.indexedAtColumn])
                }
                try database.cachedStatement(sql).run(values)
                start = rows.endIndex
            }
        }
    }

    public func holdWrites() { database.holdWrites() }

    public func commitHeldWrites() throws { try database.commitHeldWrites() }

    /// Whether any asset is marked missing: only such an asset can hold a path a file now has.
    private static let anyMissingSQL = "SELECT EXISTS (SELECT 1 FROM assets WHERE missing = 1)"

    /// Moves a known asset to its placeholder path when its path is about to change.
    private static let parkSQL = """
        UPDATE assets SET relative_path = \(placeholderPath)
        WHERE id = ?1 AND relative_path IS NOT ?2
        """

    /// Frees a path for a scanned file when a missing asset still holds it.
    private static let yieldPathSQL = """
        UPDATE assets SET relative_path = \(placeholderPath)
        WHERE relative_path = ?1 AND missing = 1 AND id IS NOT ?2
        """

    /// A path no file can have, unique per asset: a NUL byte followed by the id.
    private static let placeholderPath = "CAST(X'00' || id AS BLOB)"

    /// Rows an upsert statement writes at most. Since the CHECKs compare instead of building
    /// tables, a run costs little beyond its rows, while compiling the statements costs by
    /// their rows: 64, 32, … 1 took more to prepare than 16, 4 and 1 save in runs.
    static let upsertRows = 16

    /// The upserts of `upsertRows` rows and of each quarter of it down to one row, largest first.
    private static let upsertStatements: [(rows: Int, sql: String)] = sequence(first: upsertRows) {
        $0 > 1 ? $0 / 4 : nil
    }.map { ($0, upsertSQL(rows: $0)) }

    /// Where `indexed_at` is among `scannedColumns`: a new row's `added_at` is bound to it too.
    private static let indexedAtColumn = scannedColumns.firstIndex(of: "indexed_at")!

    /// Inserts `rows` new assets or refreshes known ones, parameters as `appendScannedValues` gives
    /// them followed by `indexed_at` again (for `added_at`), one row after the other. A refresh
    /// keeps flags, `added_at`, `popped_at`, and the caption or city columns a user edited.
    ///
    /// Parameters are plain `?`, numbered by their place: SQLite looks each numbered `?NNN`
    /// up in a list of every parameter while it compiles the statement, which for the 64-row
    /// statement's 5,800 parameters was 2.4% of a first index's instructions.
    private static func upsertSQL(rows: Int) -> String {
        let columns = scannedColumns
        let assignments = upsertAssignments
        let tuple = "(" + Array(repeating: "?", count: columns.count + 1).joined(separator: ", ") + ")"
        let tuples = Array(repeating: tuple, count: rows)
        return """
            INSERT INTO assets (\(columns.joined(separator: ", ")), added_at)
            VALUES \(tuples.joined(separator: ", "))
            ON CONFLICT (id) DO UPDATE SET
                \(assignments.joined(separator: ", ")),
                missing = 0
            """
    }

    private static let upsertAssignments = SQLDialect.sqlite.indexRefresh(scannedColumns)
}
