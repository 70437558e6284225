import Foundation
import PhotoCatalog
import PhotoSupport

// The SQLite catalog's SQLiteCatalog+FileMoves.swift and IndexFailure.swift, on PostgreSQL.
extension PostgresCatalog {
    public func recordMoves(_ moves: [FileMove]) throws -> [FileMove] {
        guard !moves.isEmpty else { return [] }
        let now = Date().timeIntervalSince1970
        return try reconnecting {
            try connection.inRetriedTransaction {
                var recorded: [FileMove] = []
                for move in moves {
                    let values: [PGValue] = [
                        .text(move.assetID.hex), .text(move.kind.rawValue), .bytes(move.source.bytes),
                        move.target.map { .bytes($0.bytes) } ?? .null, .double(now),
                    ]
                    var withNumber = move
                    withNumber.sequence =
                        try connection.value(
                            """
                            INSERT INTO file_moves (asset_id, kind, source, target, started_at)
                            VALUES ($1, $2, $3, $4, $5) RETURNING seq
                            """, values
                        ) { $0.int64(0) } ?? 0
                    recorded.append(withNumber)
                }
                return recorded
            }
        }
    }

    public func pendingMoves() throws -> [FileMove] {
        try reconnecting {
            try connection.execute("SELECT seq, asset_id, kind, source, target FROM file_moves ORDER BY seq").rows
                .map { row in
                    FileMove(
                        sequence: row.int64(0), assetID: try Self.assetID(fromRow: row, column: 1),
                        kind: FileMove.Kind(rawValue: row.text(2)) ?? .trash,
                        source: RawPath(bytes: row.bytes(3)),
                        target: row.optionalBytes(4).map(RawPath.init(bytes:)))
                }
        }
    }

    public func dropMoves(_ sequences: [Int64]) throws {
        guard !sequences.isEmpty else { return }
        try reconnecting { try connection.inRetriedTransaction { try deleteMoves(sequences) } }
    }

    /// Removes the rows of finished moves; called inside the transaction that finishes them.
    func deleteMoves(_ sequences: [Int64]) throws {
        guard !sequences.isEmpty else { return }
        try connection.execute(
            "DELETE FROM file_moves WHERE seq = ANY($1::bigint[])", [.textArray(sequences.map(String.init))])
    }

    public func libraryID() throws -> String? {
        try reconnecting {
            try connection.value("SELECT value FROM catalog_info WHERE key = 'library_id'") { $0.text(0) }
        }
    }

    public func setLibraryID(_ id: String) throws {
        try reconnecting {
            try connection.execute(
                """
                INSERT INTO catalog_info (key, value) VALUES ('library_id', $1)
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, [.text(id)])
        }
    }

    public func indexFailures() throws -> [IndexFailure] {
        try reconnecting {
            try connection.execute(
                "SELECT relative_path, size, modified_ns, reason, failed_at FROM index_failures ORDER BY relative_path"
            ).rows.map { row in
                IndexFailure(
                    relativePath: RawPath(bytes: row.bytes(0)), size: row.int64(1),
                    modifiedNanoseconds: row.int64(2), reason: row.text(3),
                    failedAt: Date(timeIntervalSince1970: row.double(4)))
            }
        }
    }

    public func updateIndexFailures(recording failures: [IndexFailure], clearing paths: [RawPath]) throws {
        try reconnecting {
            try connection.inRetriedTransaction {
                for path in paths {
                    try connection.execute("DELETE FROM index_failures WHERE relative_path = $1", [.bytes(path.bytes)])
                }
                for failure in failures {
                    try connection.execute(
                        """
                        INSERT INTO index_failures (relative_path, size, modified_ns, reason, failed_at)
                        VALUES ($1, $2, $3, $4, $5)
                        ON CONFLICT (relative_path) DO UPDATE SET size = excluded.size,
                            modified_ns = excluded.modified_ns, reason = excluded.reason, failed_at = excluded.failed_at
                        """,
                        [
                            .bytes(failure.relativePath.bytes), .int(failure.size), .int(failure.modifiedNanoseconds),
                            .text(failure.reason), .double(failure.failedAt.timeIntervalSince1970),
                        ])
                }
            }
        }
    }
}
