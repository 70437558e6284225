import Foundation
import PhotoSupport

// MARK: - Moves of originals in flight, the library's id, and files that failed: the same on both stores

extension SQLRunner {
    /// Records each move before it is made, numbered in the order given, in one transaction.
    package func recordMoves(_ moves: [FileMove]) throws -> [FileMove] {
        guard !moves.isEmpty else { return [] }
        let now = Date().timeIntervalSince1970
        let p = dialect.placeholder
        let insert = """
            INSERT INTO file_moves (asset_id, kind, source, target, started_at)
            VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5))) RETURNING seq
            """
        return try transaction {
            try moves.map { move in
                var withNumber = move
                withNumber.sequence =
                    try rows(
                        insert,
                        [
                            .text(move.assetID.hex), .text(move.kind.rawValue), .bytes(move.source.bytes),
                            move.target.map { .bytes($0.bytes) } ?? .null, .real(now),
                        ]
                    ) { $0.int64(0) }.first ?? 0
                return withNumber
            }
        }
    }

    package func pendingMoves() throws -> [FileMove] {
        try rows("SELECT seq, asset_id, kind, source, target FROM file_moves ORDER BY seq", []) { row in
            FileMove(
                sequence: row.int64(0), assetID: try assetID(row, 1),
                kind: FileMove.Kind(rawValue: row.text(2)) ?? .trash, source: RawPath(bytes: row.bytes(3)),
                target: row.optionalBytes(4).map(RawPath.init(bytes:)))
        }
    }

    /// Removes the rows of finished moves: inside the transaction that finishes them, or
    /// in one of their own.
    package func deleteMoves(_ sequences: [Int64]) throws {
        guard !sequences.isEmpty else { return }
        _ = try runEach(
            "DELETE FROM file_moves WHERE seq = \(dialect.placeholder(1))", sequences.map { [.integer($0)] })
    }

    package func libraryID() throws -> String? {
        try rows("SELECT value FROM catalog_info WHERE key = 'library_id'", []) { $0.text(0) }.first
    }

    package func setLibraryID(_ id: String) throws {
        _ = try runEach(
            """
            INSERT INTO catalog_info (key, value) VALUES ('library_id', \(dialect.placeholder(1)))
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, [[.text(id)]])
    }

    package func indexFailures() throws -> [IndexFailure] {
        try rows(
            "SELECT relative_path, size, modified_ns, reason, failed_at FROM index_failures ORDER BY relative_path", []
        ) { row in
            IndexFailure(
                relativePath: RawPath(bytes: row.bytes(0)), size: row.int64(1), modifiedNanoseconds: row.int64(2),
                reason: row.text(3), failedAt: Date(timeIntervalSince1970: row.double(4)))
        }
    }

    /// Forgets the failures of `paths` and records `failures`, in one transaction.
    package func updateIndexFailures(recording failures: [IndexFailure], clearing paths: [RawPath]) throws {
        let p = dialect.placeholder
        try transaction {
            _ = try runEach(
                "DELETE FROM index_failures WHERE relative_path = \(p(1))", paths.map { [.bytes($0.bytes)] })
            _ = try runEach(
                """
                INSERT INTO index_failures (relative_path, size, modified_ns, reason, failed_at)
                VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)))
                ON CONFLICT (relative_path) DO UPDATE SET size = excluded.size,
                    modified_ns = excluded.modified_ns, reason = excluded.reason, failed_at = excluded.failed_at
                """,
                failures.map { failure in
                    [
                        .bytes(failure.relativePath.bytes), .integer(failure.size),
                        .integer(failure.modifiedNanoseconds), .text(failure.reason),
                        .real(failure.failedAt.timeIntervalSince1970),
                    ]
                })
        }
    }
}
