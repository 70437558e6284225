import Foundation
import PhotoSupport

// MARK: - Purge and forget: rows removed for good, each with a log entry, on both stores

extension SQLRunner {
    /// Removes those of `ids` still in the trash, logging a `purge` with each one's path; the
    /// caller holds the transaction (PostgreSQL's makes sure a lost COMMIT is not run twice).
    package func purge(_ ids: [AssetID], at now: Date, batch: String) throws -> [AssetID] {
        try deleteLogged(ids, where: dialect.isTrue("trashed"), action: "purge", at: now, batch: batch)
    }

    /// Removes those of `ids` whose original is gone (missing, not in the trash), logging a
    /// `forget` with each one's path; their history is kept.
    package func forget(_ ids: [AssetID], at now: Date, batch: String) throws -> [AssetID] {
        let condition = "\(dialect.isTrue("missing")) AND \(dialect.isFalse("trashed"))"
        return try deleteLogged(ids, where: condition, action: "forget", at: now, batch: batch)
    }

    /// Deletes the assets of `ids` whose row meets `condition`, in the order of `ids`, logging
    /// `action` with the path each had. The rows are read first and, on PostgreSQL, locked in
    /// id order as edits lock theirs, so that a purge and a toggle cannot deadlock.
    private func deleteLogged(
        _ ids: [AssetID], where condition: String, action: String, at now: Date, batch: String
    ) throws -> [AssetID] {
        var paths: [AssetID: RawPath] = [:]
        var start = 0
        while start < ids.count {
            let part = ids[start..<min(start + 500, ids.count)]
            var arguments = SQLArguments(dialect)
            let placeholders = part.map { arguments.add(.text($0.hex)) }.joined(separator: ", ")
            let sql = """
                SELECT id, relative_path FROM assets WHERE id IN (\(placeholders)) AND \(condition)\
                \(dialect.lockedInIDOrder)
                """
            for (id, path) in try rows(
                sql, arguments.values, { (try AssetFields.id($0, 0), RawPath(bytes: $0.bytes(1))) })
            {
                paths[id] = path
            }
            start += part.count
        }
        var removed: [AssetID] = []
        for id in ids {
            guard let path = paths.removeValue(forKey: id) else { continue }
            _ = try runEach("DELETE FROM assets WHERE id = \(dialect.placeholder(1))", [[.text(id.hex)]])
            let change = FieldChange(field: "path", oldValue: path.description, newValue: nil)
            try logEvents(id: id, changes: [change], action: action, at: now, batch: batch)
            removed.append(id)
        }
        return removed
    }
}

extension SQLDialect {
    /// What ends a SELECT of rows about to be changed: PostgreSQL locks them, in id order so
    /// that two transactions cannot wait on each other; SQLite's writer already holds the file.
    package var lockedInIDOrder: String {
        switch self {
        case .sqlite: ""
        case .postgres: " ORDER BY id FOR UPDATE"
        }
    }
}
