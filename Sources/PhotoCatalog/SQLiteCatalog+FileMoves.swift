import Foundation
import PhotoSupport

extension SQLiteCatalog {
    public func recordMoves(_ moves: [FileMove]) throws -> [FileMove] {
        guard !moves.isEmpty else { return [] }
        let now = Date().timeIntervalSince1970
        return try database.inTransaction {
            let insert = try database.cachedStatement(
                """
                INSERT INTO file_moves (asset_id, kind, source, target, started_at) VALUES (?, ?, ?, ?, ?)
                RETURNING seq
                """)
            var recorded: [FileMove] = []
            for move in moves {
                let values: [SQLiteValue] = [
                    .text(move.assetID.hex), .text(move.kind.rawValue), .blob(move.source.bytes),
                    move.target.map { .blob($0.bytes) } ?? .null, .real(now),
                ]
                var withNumber = move
                withNumber.sequence = try insert.firstRow(values) { $0.int64(at: 0) } ?? 0
                recorded.append(withNumber)
            }
            return recorded
        }
    }

    public func pendingMoves() throws -> [FileMove] {
        try database.cachedStatement("SELECT seq, asset_id, kind, source, target FROM file_moves ORDER BY seq")
            .rows([]) { row in
                FileMove(
                    sequence: row.int64(at: 0), assetID: try Self.assetID(fromRow: row, column: 1),
                    kind: FileMove.Kind(rawValue: row.text(at: 2)) ?? .trash,
                    source: RawPath(bytes: row.blob(at: 3)),
                    target: row.isNull(at: 4) ? nil : RawPath(bytes: row.blob(at: 4)))
            }
    }

    public func dropMoves(_ sequences: [Int64]) throws {
        guard !sequences.isEmpty else { return }
        try database.inTransaction { try deleteMoves(sequences) }
    }

    /// Removes the rows of finished moves; called inside the transaction that finishes them.
    func deleteMoves(_ sequences: [Int64]) throws {
        let delete = try database.cachedStatement("DELETE FROM file_moves WHERE seq = ?")
        for sequence in sequences { try delete.run([.integer(sequence)]) }
    }

    public func libraryID() throws -> String? {
        try database.textValue("SELECT value FROM catalog_info WHERE key = 'library_id'")
    }

    public func setLibraryID(_ id: String) throws {
        try database.inTransaction {
            try database.prepare("INSERT OR REPLACE INTO catalog_info (key, value) VALUES ('library_id', ?)")
                .run([.text(id)])
        }
    }
}
