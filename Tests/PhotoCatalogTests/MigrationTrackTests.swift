import Foundation
import Testing

@testable import PhotoCatalog
@testable import PhotoCatalogPostgres

/// Both stores' schema histories on one version track: version N is the same schema on SQLite
/// and on PostgreSQL, and step N has the same name on both (docs/development.md, "Adding an
/// asset field"). Needs no server: it reads the two lists.
@Suite struct MigrationTrackTests {
    static let sqlite = SQLiteCatalog.migrations
    static let postgres = PostgresCatalog.migrator.migrations

    /// PostgreSQL's steps released before the track, kept as they are stored (1 to 11).
    static var legacy: [PostgresMigration] { postgres.filter { $0.storedVersion != $0.version } }

    @Test func bothStoresReachTheSameVersion() {
        #expect(SQLiteCatalog.schemaVersion == PostgresCatalog.schemaVersion)
        #expect(Self.sqlite.map(\.version) == Array(1...SQLiteCatalog.schemaVersion))
    }

    /// From the first step after the legacy ones, step by step: same versions, same names.
    @Test func theStepsAfterTheLegacyOnesAgreeStepByStep() {
        let start = (Self.legacy.last?.version ?? 0) + 1
        let sqliteSteps = Self.sqlite.filter { $0.version >= start }.map { "\($0.version) \($0.name)" }
        let postgresSteps = Self.postgres.filter { $0.version >= start }.map { "\($0.version) \($0.name)" }
        #expect(sqliteSteps == postgresSteps)
        for step in Self.postgres where step.version >= start {
            #expect(step.storedVersion == step.version, "step \(step.name) is stored under its track version")
        }
    }

    /// The legacy map: PostgreSQL's version 11 is the track's 14, and a legacy step that does
    /// what a SQLite step does (the same name) lands on that step's version.
    @Test func legacyStepsMapOntoTheTrack() {
        #expect(Self.legacy.map(\.storedVersion) == Array(1...11))
        #expect(Self.legacy.last?.version == 14)
        let sqliteVersions = Dictionary(uniqueKeysWithValues: Self.sqlite.map { ($0.name, $0.version) })
        var shared = 0
        for step in Self.legacy {
            guard let version = sqliteVersions[step.name] else { continue }
            #expect(step.version == version, "legacy step \(step.storedVersion) (\(step.name))")
            shared += 1
        }
        #expect(shared == 7)
        let migrator = PostgresCatalog.migrator
        #expect(migrator.trackVersion(stored: 0) == 0)
        #expect(migrator.trackVersion(stored: 1) == 3 && migrator.trackVersion(stored: 7) == 10)
        #expect(migrator.trackVersion(stored: 11) == 14)
        // A newer photolib's schema keeps its number, so that refusing it names the track's.
        #expect(migrator.trackVersion(stored: 99) == 99)
    }

    @Test func namesAreUniqueWords() {
        for names in [Self.sqlite.map(\.name), Self.postgres.map(\.name)] {
            #expect(Set(names).count == names.count)
            #expect(names.allSatisfy { $0.first?.isLowercase == true && $0.allSatisfy { $0.isLetter } })
        }
    }

    /// PostgreSQL's released steps, by their text's FNV-1a hash, as SQLite's are in
    /// `SQLiteCatalogMigrationTests`: an edit fails here. The initial step writes the release
    /// into `catalog_info`, so it is hashed with the release taken out.
    static let frozenPostgresHashes: [Int: String] = [
        1: "7ff5c34fd63d2993", 2: "ca34b8c2d53c602", 3: "e62693e116999d1a", 4: "f2e7c4b81a94a5b6",
        5: "9c58438ea9062dce", 6: "f773e4d912518e59", 7: "86f46d19d846d8a1", 8: "3ebd23eaca76bff9",
        9: "f5d1a03364651171", 10: "76d64014d3daf897", 11: "e4c58b296e06f4fa", 15: "f5f70170f5fef6e6",
        16: "7a83dc792aa002ba", 17: "58c74f596fd45034", 18: "57577ccafea36d3e",
    ]

    @Test func releasedPostgresStepsAreNeverEdited() {
        for step in Self.postgres {
            let text = step.script.replacingOccurrences(of: PostgresCatalog.creator, with: "photolib")
            #expect(
                fnv1a(text) == Self.frozenPostgresHashes[step.storedVersion],
                "PostgreSQL step \(step.storedVersion) (\(step.name)) changed: its text is frozen; add a step instead")
        }
    }

    private func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
