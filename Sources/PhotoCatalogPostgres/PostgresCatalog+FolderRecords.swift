import PhotoCatalog
import PhotoSupport

/// The slices of the catalog an index worker needs for one folder, instead of every record.
extension PostgresCatalog {
    /// The records of the files directly in `folder` (library-relative; empty for the root).
    public func indexRecords(inFolder folder: RawPath) throws -> [IndexRecord] {
        let prefix = folder.bytes.isEmpty ? [] : folder.bytes + [UInt8(ascii: "/")]
        // Paths under the prefix: from the prefix up to the prefix with '/' raised to '0';
        // then only those with no further '/' (files of the folder itself, not of subfolders).
        var sql =
            "SELECT \(Self.indexRecordColumns) FROM assets WHERE position('\\x2f'::bytea IN substring(relative_path FROM $1)) = 0"
        var values: [PGValue] = [.int(Int64(prefix.count + 1))]
        if !prefix.isEmpty {
            var bound = prefix
            bound[bound.count - 1] += 1
            sql += " AND relative_path >= $2 AND relative_path < $3"
            values += [.bytes(prefix), .bytes(bound)]
        }
        return try reconnecting { try connection.execute(sql, values).rows.map(Self.indexRecord(fromRow:)) }
    }

    public func indexRecords(in range: IndexPathRange, after: RawPath?, limit: Int) throws -> [IndexRecord] {
        // relative_path is bytea: compared byte by byte, as the walk orders paths.
        var sql = "SELECT \(Self.indexRecordColumns) FROM assets WHERE relative_path "
        var values: [PGValue] = []
        if let after, !after.bytes.lexicographicallyPrecedes(range.lower) {
            sql += "> $1"
            values.append(.bytes(after.bytes))
        } else {
            sql += ">= $1"
            values.append(.bytes(range.lower))
        }
        if let upper = range.upper {
            sql += " AND relative_path < $2"
            values.append(.bytes(upper))
        }
        sql += " ORDER BY relative_path LIMIT \(max(1, limit))"
        return try reconnecting { try connection.execute(sql, values).rows.map(Self.indexRecord(fromRow:)) }
    }

    public func indexRecords(
        withFingerprints fingerprints: [String], indexedBefore: Double? = nil
    ) throws
        -> [IndexRecord]
    {
        guard !fingerprints.isEmpty else { return [] }
        return try reconnecting {
            if let indexedBefore {
                return try connection.execute(
                    "SELECT \(Self.indexRecordColumns) FROM assets WHERE fingerprint = ANY($1::text[]) AND indexed_at < $2",
                    [.textArray(fingerprints), .double(indexedBefore)]
                ).rows.map(Self.indexRecord(fromRow:))
            }
            return try connection.execute(
                "SELECT \(Self.indexRecordColumns) FROM assets WHERE fingerprint = ANY($1::text[])",
                [.textArray(fingerprints)]
            ).rows.map(Self.indexRecord(fromRow:))
        }
    }
}
