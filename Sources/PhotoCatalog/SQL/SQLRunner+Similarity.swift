// MARK: - The light rows `similar` searches, and whole assets by id, the same on both stores

extension SQLRunner {
    /// The fingerprinted assets `query` matches that are not missing, in its order (a name
    /// sort is read in path order): `SimilarityRecord`.
    package func similarityRecords(matching query: AssetQuery) throws -> [SimilarityRecord] {
        var query = query
        query.missing = false
        if query.sort == .name { query.sort = .path }
        let (sql, values) = query.selectSQL(
            "id, visual_hash, visual_centre_hash, camera_make, camera_model, taken_local, taken_source, "
                + "taken_subsecond, burst_id",
            dialect: dialect)
        return try rows(sql, values) { row -> SimilarityRecord? in
            guard !row.isNull(1) else { return nil }
            let model = row.optionalText(4)
            let exifDate = row.optionalText(6) == "exif"
            return SimilarityRecord(
                id: try AssetFields.id(row, 0), visualHash: row.text(1) + (row.optionalText(2) ?? ""),
                camera: model.map { (row.optionalText(3) ?? "") + "\u{0}" + $0 },
                takenLocal: row.optionalText(5), takenSubsecond: exifDate ? row.optionalText(7) : nil,
                burstId: row.optionalText(8))
        }.compactMap { $0 }
    }

    /// The assets with these ids (those still in the catalog), in no particular order: read
    /// a few hundred a statement.
    package func assets(ids: [AssetID]) throws -> [Asset] {
        var found: [Asset] = []
        found.reserveCapacity(ids.count)
        var start = 0
        while start < ids.count {
            let batch = ids[start..<min(start + 500, ids.count)]
            var arguments = SQLArguments(dialect)
            let placeholders = batch.map { arguments.add(.text($0.hex)) }.joined(separator: ", ")
            found += try assets(
                "SELECT \(AssetFields.assetColumns.names) FROM assets WHERE id IN (\(placeholders))", arguments.values)
            start += batch.count
        }
        return found
    }
}
