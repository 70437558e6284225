/// One step of a schema's history: the SQL that takes version `version - 1` to `version`.
///
/// A migration, once released, never changes: a later change of mind is a new migration.
/// `version` is the step's number on the one track both stores share (docs/development.md,
/// "Adding an asset field"), kept in `PRAGMA user_version`; `name` says what the step does and
/// is the same on the PostgreSQL store's step of that version.
struct SQLiteMigration: Sendable {
    let version: Int
    let name: String
    let script: String
}

/// Brings a database's schema up to date, using `PRAGMA user_version` as the version.
struct SQLiteMigrator: Sendable {
    /// Versions 1, 2, 3, … in order, without gaps.
    let migrations: [SQLiteMigration]
    /// Run once per database, in the transaction that applies version 1, after its script:
    /// facts about the new database (when, by what) that no frozen migration text may hold.
    let created: @Sendable (SQLiteDatabase) throws -> Void

    init(_ migrations: [SQLiteMigration], created: @escaping @Sendable (SQLiteDatabase) throws -> Void = { _ in }) {
        precondition(
            migrations.enumerated().allSatisfy { $0.element.version == $0.offset + 1 },
            "migrations must be numbered 1, 2, 3, … in order")
        self.migrations = migrations
        self.created = created
    }

    /// The version the newest migration reaches.
    var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Applies every migration the database lacks, each in its own transaction, and returns
    /// the versions applied. A database newer than `latestVersion` is refused untouched.
    ///
    /// Two processes may open a new catalog at once: the version is read again inside each
    /// write transaction, so a migration another process finished meanwhile is not run twice.
    @discardableResult
    func migrate(_ database: SQLiteDatabase) throws -> [Int] {
        var applied: [Int] = []
        var current = try database.userVersion()
        try refuseIfNewer(current, database)
        while current < latestVersion {
            let didApply = try database.inTransaction { () throws -> Bool in
                let version = try database.userVersion()
                try refuseIfNewer(version, database)
                guard version == current else { return false }
                let migration = migrations[current]
                try database.execute(migration.script)
                if migration.version == 1 { try created(database) }
                try database.setUserVersion(migration.version)
                return true
            }
            if didApply { applied.append(current + 1) }
            current = try database.userVersion()
        }
        return applied
    }

    private func refuseIfNewer(_ version: Int, _ database: SQLiteDatabase) throws {
        guard version <= latestVersion else {
            throw SQLiteError(.schemaTooNew(found: version, known: latestVersion, path: database.path))
        }
    }
}
