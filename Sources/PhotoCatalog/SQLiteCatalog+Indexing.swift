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
    public func applyIndexChanges(scanned: [ScannedFile], missing: [AssetID]) throws {
        let now = Date().timeIntervalSince1970
        // A batch of an index pass, not a file or two: room for its pages (see `enlargeCache`).
        if scanned.count >= 100 { try database.enlargeCache() }
        try database.inTransaction {
            let park = try database.cachedStatement(Self.parkSQL)
            for file in scanned {
                try park.run([.text(file.id.hex), .blob(file.file.relativePath.bytes)])
            }
            let markMissing = try database.cachedStatement("UPDATE assets SET missing = 1 WHERE id = ?")
            for id in missing {
                try markMissing.run([.text(id.hex)])
            }
            let yieldPath = try database.cachedStatement(Self.yieldPathSQL)
            for file in scanned {
                try yieldPath.run([.blob(file.file.relativePath.bytes), .text(file.id.hex)])
            }
            // Many rows a statement: each run of it builds the ephemeral tables of the schema's
            // `IN (…)` CHECKs again (five for an asset row), which cost more than the row.
            // The rows are written in the same order, each with its own triggers.
            var start = scanned.startIndex
            while start < scanned.endIndex {
                let rows = scanned[start..<min(start + Self.upsertRows, scanned.endIndex)]
                // A full batch's statement is cached; the last, shorter one is made for once.
                let upsert =
                    rows.count == Self.upsertRows
                    ? try database.cachedStatement(Self.fullUpsertSQL)
                    : try database.prepare(Self.upsertSQL(rows: rows.count))
                try upsert.run(rows.flatMap { Self.scannedValues($0, now: now) })
                start = rows.endIndex
            }
        }
    }

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

    /// Rows an upsert statement writes at most: 64 x the scanned columns stays far below
    /// SQLite's 32,766 parameters.
    static let upsertRows = 64

    /// The upsert of a full batch of `upsertRows`, made once.
    private static let fullUpsertSQL = upsertSQL(rows: upsertRows)

    /// Inserts `rows` new assets or refreshes known ones, parameters as `scannedValues` gives
    /// them, one row after the other. A refresh keeps flags, `added_at`, `popped_at`, and the
    /// caption or city columns a user edited.
    private static func upsertSQL(rows: Int) -> String {
        let columns = scannedColumns
        let assignments = upsertAssignments
        let indexedAt = columns.firstIndex(of: "indexed_at")!
        let tuples = (0..<rows).map { row in
            let first = row * columns.count + 1
            let parameters = columns.indices.map { "?\(first + $0)" }
            return "(" + (parameters + [parameters[indexedAt]]).joined(separator: ", ") + ")"
        }
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
