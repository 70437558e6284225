import Foundation
import PhotoCatalog
import PhotoSupport

/// Workers in batches: a worker claims several items in one statement, reads their catalog
/// rows in one query and completes them in one transaction, where one item at a time cost
/// some 15 round trips a folder (40 ms on a loaded 2-core machine, 4x the reading of 25 photos).
extension PostgresCatalog {
    /// Claims up to `limit` items of `run` (pending, or leased and expired), but no more than
    /// an even share of the pending ones among the run's live workers, so that a batch never
    /// leaves another worker idle. One statement, its own transaction: items whose workers kept
    /// dying on them are given up in it too (`maximumAttempts`), and the worker's current item
    /// is set. Empty when there is nothing to take now.
    public func claim(run: Int64, worker: WorkerIdentity, leaseSeconds: Double, limit: Int) throws -> [WorkLease] {
        try reconnecting {
            try connection.execute(
                """
                WITH given_up AS (
                    UPDATE work_items SET state = 'failed', leased_by = NULL, lease_expires_at = NULL, finished_at = now(),
                        error = coalesce(error, 'given up after ' || attempts || ' attempts (its workers stopped)')
                    WHERE run_id = $1 AND state = 'leased' AND lease_expires_at < now() AND attempts >= $2
                    RETURNING id
                ), next AS (
                    SELECT id FROM work_items
                    WHERE run_id = $1
                        AND (state = 'pending' OR (state = 'leased' AND lease_expires_at < now() AND attempts < $2))
                    ORDER BY id
                    LIMIT (SELECT least($5::int8, greatest(1, (p.count + w.count - 1) / w.count))
                           FROM (SELECT count(*) FROM work_items WHERE run_id = $1 AND state = 'pending') p,
                               (SELECT greatest(1, count(*)) AS count FROM workers
                                WHERE run_id = $1 AND finished_at IS NULL) w)
                    FOR UPDATE SKIP LOCKED
                ), claimed AS (
                    UPDATE work_items SET state = 'leased', leased_by = $3, attempts = work_items.attempts + 1,
                        lease_expires_at = now() + make_interval(secs => $4)
                    FROM next WHERE work_items.id = next.id
                    RETURNING work_items.id, work_items.attempts, work_items.target, work_items.folder_key,
                        work_items.is_root
                ), current AS (
                    UPDATE workers SET current_item = (SELECT min(id) FROM claimed), heartbeat_at = now()
                    WHERE id = $3
                )
                SELECT id, attempts, target, folder_key, is_root FROM claimed ORDER BY id
                """,
                [
                    .int(run), .int(Int64(Self.maximumAttempts)), .text(worker.id), .double(leaseSeconds),
                    .int(Int64(max(1, limit))),
                ]
            ).rows.map { row in
                WorkLease(
                    item: row.int64(0), run: run, attempt: Int(row.int64(1)),
                    target: WorkTarget(bytes: row.bytes(2), folderKey: row.optionalText(3)), isRoot: row.bool(4),
                    worker: worker.id)
            }
        }
    }

    /// The index records of the files directly in each of `folders` (not in their
    /// subfolders), in one query: by folder, every folder present (empty when it has none).
    public func indexRecords(inFolders folders: [RawPath]) throws -> [RawPath: [IndexRecord]] {
        var byFolder = Dictionary(folders.map { ($0, [IndexRecord]()) }, uniquingKeysWith: { first, _ in first })
        guard !folders.isEmpty else { return byFolder }
        var lower: [String] = []
        var upper: [String] = []
        for folder in folders {
            // Paths under the prefix: from the prefix up to the prefix with '/' raised to '0'.
            let prefix = folder.bytes.isEmpty ? [] : folder.bytes + [UInt8(ascii: "/")]
            var bound = prefix
            if !bound.isEmpty { bound[bound.count - 1] += 1 }
            lower.append(Self.hex(prefix))
            upper.append(Self.hex(bound))
        }
        let rows = try reconnecting {
            try connection.execute(
                """
                SELECT \(Self.indexRecordColumns) FROM unnest($1::text[], $2::text[]) AS f(lo, hi)
                JOIN assets ON relative_path >= decode(f.lo, 'hex') AND (f.hi = '' OR relative_path < decode(f.hi, 'hex'))
                WHERE position('\\x2f'::bytea IN substring(relative_path FROM length(decode(f.lo, 'hex')) + 1)) = 0
                """, [.textArray(lower), .textArray(upper)]
            ).rows.map(Self.indexRecord(fromRow:))
        }
        for record in rows {
            let path = record.file.relativePath
            let folder = path.bytes.contains(UInt8(ascii: "/")) ? path.parent : RawPath(bytes: [])
            byFolder[folder]?.append(record)
        }
        return byFolder
    }

    /// Finishes a batch of index items in one transaction with what they found: the files
    /// read are written (as `applyIndexChanges` writes them), every asset seen is stamped with
    /// the run, the subfolders become items. Only the items whose lease is still ours: one that
    /// expired and was taken over by another worker writes nothing. Returns the items completed.
    public func completeIndexItems(_ results: [IndexItemResult]) throws -> Set<Int64> {
        guard let worker = results.first?.lease.worker else { return [] }
        let now = Date().timeIntervalSince1970
        let items = PGValue.text("{" + results.map { String($0.lease.item) }.joined(separator: ",") + "}")
        let attempts = PGValue.text("{" + results.map { String($0.lease.attempt) }.joined(separator: ",") + "}")
        return try runOnce {
            try makeScanTable()
            return try connection.inRetriedTransaction {
                let held = Set(
                    try connection.execute(
                        """
                        SELECT id FROM work_items
                        WHERE (id, attempts) IN (SELECT * FROM unnest($1::bigint[], $2::int[]))
                            AND leased_by = $3 AND state = 'leased'
                        ORDER BY id FOR UPDATE
                        """, [items, attempts, .text(worker)]
                    ).rows.map { $0.int64(0) })
                let kept = results.filter { held.contains($0.lease.item) }
                guard let run = kept.first?.lease.run else { return [] }
                let scanned = kept.flatMap(\.scanned)
                if !scanned.isEmpty { try writeIndexBatch(scanned, missing: [], now: now) }
                let ids = Set(kept.flatMap(\.seen)).union(scanned.map(\.id)).map(\.hex)
                if !ids.isEmpty {
                    try connection.execute(
                        "UPDATE assets SET seen_run = $1 WHERE id = ANY($2::text[])", [.int(run), .textArray(ids)])
                }
                let subfolders = kept.flatMap(\.subfolders)
                if !subfolders.isEmpty {
                    // A folder key is never empty ("device:inode"): '' stands for none.
                    try connection.execute(
                        """
                        INSERT INTO work_items (run_id, target, folder_key, is_root)
                        SELECT $1, decode(t, 'hex'), nullif(k, ''), false FROM unnest($2::text[], $3::text[]) AS s(t, k)
                        ON CONFLICT DO NOTHING
                        """,
                        [
                            .int(run), .textArray(subfolders.map { Self.hex($0.bytes) }),
                            .textArray(subfolders.map { $0.folderKey ?? "" }),
                        ])
                }
                let done = "{" + kept.map { String($0.lease.item) }.joined(separator: ",") + "}"
                let files = "{" + kept.map { String($0.filesDone) }.joined(separator: ",") + "}"
                try connection.execute(
                    """
                    WITH done AS (
                        UPDATE work_items SET state = 'done', lease_expires_at = NULL, finished_at = now(),
                            files_done = d.files, error = NULL
                        FROM unnest($1::bigint[], $2::int[]) AS d(id, files) WHERE work_items.id = d.id
                        RETURNING d.files
                    )
                    UPDATE workers SET items_done = items_done + (SELECT count(*) FROM done),
                        files_done = files_done + (SELECT coalesce(sum(files), 0) FROM done), current_item = NULL,
                        heartbeat_at = now()
                    WHERE id = $3
                    """, [.text(done), .text(files), .text(worker)])
                return Set(kept.map(\.lease.item))
            }
        } landed: {
            // After a lost COMMIT: the batch landed whole or not at all.
            let landed = Set(
                try connection.execute(
                    """
                    SELECT id FROM work_items
                    WHERE (id, attempts) IN (SELECT * FROM unnest($1::bigint[], $2::int[]))
                        AND leased_by = $3 AND state IN ('done', 'failed')
                    """, [items, attempts, .text(worker)]
                ).rows.map { $0.int64(0) })
            return landed.isEmpty ? nil : landed
        }
    }

    /// Lowercase hex of `bytes`, for `decode(…, 'hex')` (paths in a text array need no escaping then).
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
