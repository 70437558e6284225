/// One step of the version track both stores share, declared once with both stores' scripts:
/// the step's name and number cannot part between the stores, and declaring the step is
/// all it takes to apply it (`CatalogTrack.steps`).
///
/// A step, once released, never changes: a later change of mind is a new step. `frozen`
/// holds the FNV-1a hash of its scripts (`hash`), which `MigrationTrackTests` checks, so
/// that an edit of a released script fails the tests instead of passing unnoticed; a new
/// step's test failure prints the value to write.
package struct CatalogMigration: Sendable {
    /// What the step does, a lowercase camel-case word (`visualHash`), never its number.
    package let name: String
    /// The SQL that takes a SQLite catalog from the previous version to this one.
    package let sqlite: String
    /// The same for a PostgreSQL schema; empty for a step only SQLite needs (and the other
    /// way round), so that the numbers never part.
    package let postgres: String
    package let frozen: String

    init(_ name: String, frozen: String, sqlite: String, postgres: String) {
        self.name = name
        self.frozen = frozen
        self.sqlite = sqlite
        self.postgres = postgres
    }

    /// The FNV-1a hash (64 bits, in hex) of both scripts, as `frozen` records it.
    package var hash: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (sqlite + "\u{0}" + postgres).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

extension CatalogTrack {
    /// The steps of `steps` with their numbers: the first is `firstVersion`, and each next
    /// one the one after. The number is written nowhere else, so two branches that each
    /// append a step merge by keeping both, in either order.
    package static var numberedSteps: [(version: Int, step: CatalogMigration)] {
        steps.enumerated().map { (firstVersion + $0.offset, $0.element) }
    }
}
