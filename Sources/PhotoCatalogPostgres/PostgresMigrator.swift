/// One step of the PostgreSQL schema's history: the SQL that takes the schema from the step
/// before to `version`. Released steps never change; a change of mind is a new step.
struct PostgresMigration: Sendable {
    /// The step's number on the one track both stores share: the SQLite catalog's step of this
    /// version has the same name and leaves the same schema.
    let version: Int
    /// What the step does, the same word as the SQLite step's of this version.
    let name: String
    let script: String
    /// The number `schema_migrations` holds for the step: `version`, but for the eleven steps
    /// released before the track, which keep their own numbers 1 to 11.
    let storedVersion: Int

    init(version: Int, name: String, script: String) {
        self.init(stored: version, version: version, name: name, script: script)
    }

    private init(stored: Int, version: Int, name: String, script: String) {
        self.version = version
        self.name = name
        self.script = script
        self.storedVersion = stored
    }

    /// A step released before the track: stored as `stored`, read as track version `track`.
    static func legacy(_ stored: Int, track: Int, name: String, script: String) -> PostgresMigration {
        PostgresMigration(stored: stored, version: track, name: name, script: script)
    }
}

/// Brings a library's schema up to date, under an advisory lock so that two machines
/// opening (or upgrading) the same library at once do not both run a step.
///
/// The applied versions are rows of `schema_migrations` in the library's schema. PostgreSQL's
/// DDL is transactional, so every missing step runs in one transaction with its version rows:
/// a machine that dies halfway leaves the schema as it was.
struct PostgresMigrator: Sendable {
    /// The legacy steps stored as 1, 2, 3, …, then the track's versions one after another.
    let migrations: [PostgresMigration]

    init(_ migrations: [PostgresMigration]) {
        let legacy = migrations.prefix { $0.storedVersion != $0.version }
        let track = migrations.dropFirst(legacy.count)
        precondition(
            legacy.enumerated().allSatisfy { $0.element.storedVersion == $0.offset + 1 }
                && zip(legacy, legacy.dropFirst()).allSatisfy { $0.version <= $1.version },
            "legacy migrations must be stored as 1, 2, 3, … and never go back on the track")
        precondition(
            track.enumerated().allSatisfy {
                $0.element.storedVersion == $0.element.version
                    && $0.element.version == (legacy.last?.version ?? 0) + $0.offset + 1
            },
            "migrations after the legacy ones must follow on the track without gaps")
        self.migrations = migrations
    }

    /// The track version the newest step reaches.
    var latestVersion: Int { migrations.last?.version ?? 0 }

    /// What `schema_migrations` holds once the newest step is applied.
    var latestStoredVersion: Int { migrations.last?.storedVersion ?? 0 }

    /// The track version of a schema whose `schema_migrations` holds up to `stored`: the legacy
    /// steps' fixed map, the number itself from the track on (and for a newer photolib's).
    func trackVersion(stored: Int) -> Int {
        if stored > latestStoredVersion { return stored }
        return migrations.last { $0.storedVersion <= stored }?.version ?? 0
    }

    /// photolib's advisory lock class ("phlb"), so that its locks never meet another
    /// application's in the same database.
    static let lockClass: Int32 = 0x7068_6C62

    /// The second half of the lock key: FNV-1a of the schema name, computed here rather than
    /// with the server's `hashtext`, which is internal and may change between versions.
    static func lockKey(_ schema: String) -> Int32 {
        var hash: UInt32 = 2_166_136_261
        for byte in schema.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int32(bitPattern: hash)
    }

    /// Applies the steps `schema` lacks (creating it when missing) and returns the versions it
    /// wrote into `schema_migrations`. A schema newer than this photolib's is refused untouched.
    @discardableResult
    func migrate(_ connection: PGConnection, schema: String) throws -> [Int] {
        // Most opens find the schema current: answered without taking the lock.
        if let current = try currentVersion(connection, schema: schema) {
            try refuseIfNewer(current)
            if current == latestStoredVersion { return [] }
        }
        var attempt = 1
        while true {
            do {
                return try connection.inTransaction { try migrateLocked(connection, schema: schema) }
            } catch let error as PGError where error.sqlState == "55P03" && attempt < 5 {
                // A step's DDL waited too long for a reader (lock_timeout): try again.
                attempt += 1
            }
        }
    }

    private func migrateLocked(_ connection: PGConnection, schema: String) throws -> [Int] {
        try connection.execute(
            "SELECT pg_advisory_xact_lock($1::int4, $2::int4)",
            [.int(Int64(Self.lockClass)), .int(Int64(Self.lockKey(schema)))])
        // An ALTER TABLE waiting behind a long reader makes every later reader wait behind
        // it: better fail fast and retry than stall every machine.
        try connection.execute("SET LOCAL lock_timeout = '5s'")
        try connection.executeScript(
            """
            CREATE SCHEMA IF NOT EXISTS "\(schema)";
            SET LOCAL search_path TO "\(schema)";
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version integer PRIMARY KEY,
                applied_at double precision NOT NULL,
                applied_by text NOT NULL
            );
            """)
        // Read only now, under the lock: another machine may have just finished.
        let current =
            try connection.value("SELECT coalesce(max(version), 0) FROM schema_migrations") {
                Int($0.int64(0))
            } ?? 0
        try refuseIfNewer(current)
        var applied: [Int] = []
        for migration in migrations where migration.storedVersion > current {
            // A step only SQLite needs has no script here (libpq refuses an empty one).
            if !migration.script.isEmpty { try connection.executeScript(migration.script) }
            try connection.execute(
                "INSERT INTO schema_migrations (version, applied_at, applied_by) VALUES ($1, extract(epoch FROM now()), $2)",
                [.int(Int64(migration.storedVersion)), .text(PostgresCatalog.creator)])
            applied.append(migration.storedVersion)
        }
        return applied
    }

    /// The schema's stored version, nil when it has no `schema_migrations` table yet.
    private func currentVersion(_ connection: PGConnection, schema: String) throws -> Int? {
        let exists = try connection.value(
            "SELECT to_regclass($1) IS NOT NULL", [.text("\"\(schema)\".schema_migrations")]
        ) { $0.bool(0) }
        guard exists == true else { return nil }
        return try connection.value("SELECT coalesce(max(version), 0) FROM \"\(schema)\".schema_migrations") {
            Int($0.int64(0))
        }
    }

    /// `stored` is what `schema_migrations` holds; the error names track versions.
    private func refuseIfNewer(_ stored: Int) throws {
        guard stored <= latestStoredVersion else {
            throw PGError(.schemaTooNew(found: trackVersion(stored: stored), known: latestVersion), message: "")
        }
    }
}
