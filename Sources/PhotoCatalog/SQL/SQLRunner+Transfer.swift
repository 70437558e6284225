import Foundation

// MARK: - `catalog copy`'s reads and its small writes, the same on both stores (`CatalogTransfer`)

extension SQLRunner {
    package func exportAssets(after: AssetID?, limit: Int) throws -> [StoredAsset] {
        let p = dialect.placeholder
        return try rows(
            "SELECT \(AssetFields.storedColumns.names) FROM assets WHERE id > \(p(1)) ORDER BY id LIMIT \(p(2))",
            [.text(after?.hex ?? ""), .integer(Int64(limit))]
        ) { try AssetFields.storedColumns.read($0) }
    }

    package func exportInfo() throws -> [String: String] {
        var info: [String: String] = [:]
        for (key, value) in try rows("SELECT key, value FROM catalog_info", [], { ($0.text(0), $0.text(1)) }) {
            info[key] = value
        }
        return info
    }

    package func contentCounts() throws -> (assets: Int, events: Int) {
        (try integer("SELECT count(*) FROM assets"), try integer("SELECT count(*) FROM asset_events"))
    }

    package func importInfo(_ info: [String: String]) throws {
        let p = dialect.placeholder
        _ = try runEach(
            """
            INSERT INTO catalog_info (key, value) VALUES (\(p(1)), \(p(2)))
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, info.sorted { $0.key < $1.key }.map { [.text($0.key), .text($0.value)] })
    }
}
