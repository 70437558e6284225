import Foundation
import PhotoCatalog
import PhotoSupport

/// The work queue (schema version 2): claims with `FOR UPDATE SKIP LOCKED`, leases that
/// expire on the server's clock, completions fenced by `(item, attempt)`.
extension PostgresCatalog: WorkQueueCatalog {
    public var workQueue: (any WorkQueueCatalog)? { self }

    public var reconnector: @Sendable () throws -> any WorkQueueCatalog {
        { [address] in try PostgresCatalog(address: address) }
    }

    /// An item claimed and lost this many times (its workers died on it) is given up.
    public static let maximumAttempts = 5

    /// Joins the open run of `kind`, or starts one seeded with `seed()` (under an advisory
    /// lock: two workers starting at once make one run); registers `worker` in it.
    public func joinRun(kind: WorkKind, worker: WorkerIdentity, seed: () throws -> [WorkTarget]) throws -> Int64 {
        try reconnecting {
            try connection.inRetriedTransaction {
                try connection.execute(
                    "SELECT pg_advisory_xact_lock($1::int4, $2::int4)",
                    [.int(Int64(PostgresMigrator.lockClass)), .int(Int64(PostgresMigrator.lockKey("run:\(kind)")))])
                var run = try connection.value(
                    "SELECT id FROM work_runs WHERE kind = $1 AND finished_at IS NULL", [.text(kind.rawValue)]
                ) { $0.int64(0) }
                if run == nil {
                    run = try connection.value(
                        "INSERT INTO work_runs (kind, started_by) VALUES ($1, $2) RETURNING id",
                        [.text(kind.rawValue), .text(worker.id)]
                    ) { $0.int64(0) }
                    try insertItems(seed(), run: run!, roots: true)
                }
                try connection.execute(
                    """
                    INSERT INTO workers (id, host, pid, kind, run_id) VALUES ($1, $2, $3, $4, $5)
                    ON CONFLICT (id) DO UPDATE SET run_id = excluded.run_id, heartbeat_at = now(), finished_at = NULL
                    """,
                    [.text(worker.id), .text(worker.host), .int(Int64(worker.pid)), .text(kind.rawValue), .int(run!)])
                return run!
            }
        }
    }

    /// Adds items to `run`; a target (or folder) already there is skipped.
    func insertItems(_ targets: [WorkTarget], run: Int64, roots: Bool) throws {
        for target in targets {
            try connection.execute(
                """
                INSERT INTO work_items (run_id, target, folder_key, is_root) VALUES ($1, $2, $3, $4)
                ON CONFLICT DO NOTHING
                """, [.int(run), .bytes(target.bytes), PGValue(target.folderKey), .bool(roots)])
        }
    }

    /// Claims the next item of `run` that is pending or whose lease expired, leased for
    /// `leaseSeconds`; nil when there is none to take now. A second worker claiming meanwhile
    /// skips the locked rows and takes others, without waiting.
    public func claim(run: Int64, worker: WorkerIdentity, leaseSeconds: Double) throws -> WorkLease? {
        try claim(run: run, worker: worker, leaseSeconds: leaseSeconds, limit: 1).first
    }

    /// Items of `run` still pending or leased.
    public func openItemCount(run: Int64) throws -> Int {
        try reconnecting {
            Int(
                try connection.value(
                    "SELECT count(*) FROM work_items WHERE run_id = $1 AND state IN ('pending', 'leased')", [.int(run)]
                ) { $0.int64(0) } ?? 0)
        }
    }

    /// Extends `lease` by `leaseSeconds` from now; false when it is no longer ours.
    public func renew(_ lease: WorkLease, leaseSeconds: Double) throws -> Bool {
        try reconnecting {
            try connection.execute(
                "UPDATE workers SET heartbeat_at = now() WHERE id = $1", [.text(lease.worker)])
            return try connection.execute(
                """
                UPDATE work_items SET lease_expires_at = now() + make_interval(secs => $4)
                WHERE id = $1 AND leased_by = $2 AND attempts = $3 AND state = 'leased'
                """, [.int(lease.item), .text(lease.worker), .int(Int64(lease.attempt)), .double(leaseSeconds)]
            ).affectedRows == 1
        }
    }

    /// Finishes a render item (or any item with nothing to write): fenced as above.
    public func completeItem(_ lease: WorkLease, filesDone: Int, error: String?) throws -> Bool {
        try runOnce {
            try connection.inRetriedTransaction {
                guard try lockLease(lease) else { return false }
                try markDone(lease, filesDone: filesDone, error: error)
                return true
            }
        } landed: {
            try leaseLanded(lease) ? true : nil
        }
    }

    /// Locks the item if `lease` still holds it (same worker, same attempt, still leased).
    private func lockLease(_ lease: WorkLease) throws -> Bool {
        try connection.value(
            """
            SELECT 1 FROM work_items WHERE id = $1 AND leased_by = $2 AND attempts = $3 AND state = 'leased'
            FOR UPDATE
            """, [.int(lease.item), .text(lease.worker), .int(Int64(lease.attempt))]
        ) { _ in true } ?? false
    }

    private func markDone(_ lease: WorkLease, filesDone: Int, error: String?) throws {
        try connection.execute(
            """
            UPDATE work_items SET state = $2, lease_expires_at = NULL, finished_at = now(), files_done = $3,
                error = $4
            WHERE id = $1
            """, [.int(lease.item), .text(error == nil ? "done" : "failed"), .int(Int64(filesDone)), PGValue(error)])
        try connection.execute(
            """
            UPDATE workers SET items_done = items_done + 1, files_done = files_done + $2, current_item = NULL,
                heartbeat_at = now()
            WHERE id = $1
            """, [.text(lease.worker), .int(Int64(filesDone))])
    }

    /// After a lost COMMIT: did this lease's completion land?
    private func leaseLanded(_ lease: WorkLease) throws -> Bool {
        try connection.value(
            """
            SELECT 1 FROM work_items WHERE id = $1 AND leased_by = $2 AND attempts = $3 AND state IN ('done', 'failed')
            """, [.int(lease.item), .text(lease.worker), .int(Int64(lease.attempt))]
        ) { _ in true } ?? false
    }

    /// Closes `run` when no item is open, once: the worker that wins the run's advisory
    /// lock asks `missing` which of the assets the run never saw are gone (it is handed
    /// their ids and paths and the run's root folders) and marks those missing. Returns how
    /// many it marked, nil when the run is not over or another worker closes it.
    public func finishRun(
        _ run: Int64, missing: ([(id: AssetID, path: RawPath)], [RawPath]) throws -> [AssetID]
    ) throws -> Int? {
        try reconnecting {
            try connection.inRetriedTransaction {
                let locked = try connection.value(
                    "SELECT pg_try_advisory_xact_lock($1::int4, $2::int4)",
                    [.int(Int64(PostgresMigrator.lockClass)), .int(Int64(PostgresMigrator.lockKey("finish:\(run)")))]
                ) { $0.bool(0) }
                guard locked == true else { return nil }
                let open = try connection.value(
                    """
                    SELECT count(*) FILTER (WHERE state IN ('pending', 'leased')), bool_or(r.finished_at IS NOT NULL)
                    FROM work_items JOIN work_runs r ON r.id = work_items.run_id WHERE run_id = $1
                    """, [.int(run)]
                ) { ($0.int64(0), $0.bool(1)) }
                guard let open, open.0 == 0, !open.1 else { return nil }
                let kind = try connection.value("SELECT kind FROM work_runs WHERE id = $1", [.int(run)]) { $0.text(0) }
                var marked: [AssetID] = []
                if kind == WorkKind.index.rawValue {
                    let roots = try connection.execute(
                        "SELECT target FROM work_items WHERE run_id = $1 AND is_root", [.int(run)]
                    ).rows.map { RawPath(bytes: $0.bytes(0)) }
                    let unseen = try connection.execute(
                        "SELECT id, relative_path FROM assets WHERE NOT missing AND seen_run IS DISTINCT FROM $1",
                        [.int(run)]
                    ).rows.map { (id: try Self.assetID(fromRow: $0, column: 0), path: RawPath(bytes: $0.bytes(1))) }
                    marked = try missing(unseen, roots)
                    if !marked.isEmpty {
                        try connection.execute(
                            "UPDATE assets SET missing = true WHERE id = ANY($1::text[])",
                            [.textArray(marked.map(\.hex))])
                    }
                }
                try connection.execute("UPDATE work_runs SET finished_at = now() WHERE id = $1", [.int(run)])
                return marked.count
            }
        }
    }

    /// Marks `worker` as gone (its counters stay for `status`).
    public func leave(_ worker: WorkerIdentity) throws {
        try reconnecting {
            try connection.execute(
                "UPDATE workers SET finished_at = now(), current_item = NULL WHERE id = $1", [.text(worker.id)])
        }
    }

    /// The latest run of each kind, with its items by state and its workers.
    public func workStatus() throws -> WorkStatus {
        try reconnecting {
            let runs = try connection.execute(
                """
                SELECT DISTINCT ON (kind) id, kind, started_by, extract(epoch FROM now() - started_at)::float8,
                    finished_at IS NOT NULL
                FROM work_runs ORDER BY kind, id DESC
                """
            ).rows.map { row in
                WorkStatus.Run(
                    id: row.int64(0), kind: WorkKind(rawValue: row.text(1)) ?? .index, startedBy: row.text(2),
                    age: row.double(3), finished: row.bool(4), items: [:], filesDone: 0, errors: [])
            }
            var detailed: [WorkStatus.Run] = []
            for var run in runs.sorted(by: { $0.id > $1.id }) {
                for row in try connection.execute(
                    "SELECT state, count(*), sum(files_done) FROM work_items WHERE run_id = $1 GROUP BY state",
                    [.int(run.id)]
                ).rows {
                    run.items[row.text(0)] = Int(row.int64(1))
                    run.filesDone += Int(row.optionalInt64(2) ?? 0)
                }
                // Targets are path bytes (or ids), not always UTF-8: made text here, not on the server.
                run.errors = try connection.execute(
                    "SELECT target, error FROM work_items WHERE run_id = $1 AND error IS NOT NULL ORDER BY id LIMIT 5",
                    [.int(run.id)]
                ).rows.map { "\(RawPath(bytes: $0.bytes(0))): \($0.text(1))" }
                detailed.append(run)
            }
            let workers = try connection.execute(
                """
                SELECT w.id, w.kind, w.run_id, extract(epoch FROM now() - w.heartbeat_at)::float8,
                    w.finished_at IS NOT NULL, w.items_done, w.files_done, i.target, i.folder_key IS NULL
                FROM workers w LEFT JOIN work_items i ON i.id = w.current_item
                WHERE w.run_id = ANY($1::bigint[]) ORDER BY w.started_at, w.id
                """, [.text("{" + detailed.map { String($0.id) }.joined(separator: ",") + "}")]
            ).rows.map { row in
                let current: String? = row.optionalBytes(7).map { bytes in
                    row.bool(8)
                        ? "\(bytes.split(separator: UInt8(ascii: ",")).count) assets"
                        : (bytes.isEmpty ? "." : RawPath(bytes: bytes).description)
                }
                return WorkStatus.Worker(
                    id: row.text(0), kind: WorkKind(rawValue: row.text(1)) ?? .index, run: row.optionalInt64(2),
                    silence: row.double(3), finished: row.bool(4), itemsDone: Int(row.int64(5)),
                    filesDone: Int(row.int64(6)), current: current)
            }
            return WorkStatus(runs: detailed, workers: workers)
        }
    }
}
