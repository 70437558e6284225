extension PostgresCatalog {
    /// Legacy version 2 (track version 3): work spread over machines (`index --worker`, `render --worker`).
    ///
    /// - `work_runs`: one index or render pass, which any number of workers join; at most one
    ///   open run of each kind.
    /// - `work_items`: what a worker claims: a folder (its files, not its subfolders) for an
    ///   index, a slice of asset ids for a render. A claim is a lease that expires, so a killed
    ///   worker's item is taken over; `(id, attempts)` fences a late completion out.
    ///   `folder_key` (device and inode) keeps a folder reached twice through a symlink single.
    /// - `workers`: who works, on what, how far; a heartbeat older than a minute means gone.
    /// - `assets.seen_run`: the index run that last saw the file, so that the run's last
    ///   worker can tell which assets went missing.
    ///
    /// Lease times are the server's (`now()`): the machines' clocks may disagree.
    static let workQueueSchema = """
        ALTER TABLE assets ADD COLUMN seen_run bigint;

        CREATE TABLE work_runs (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            kind text COLLATE "C" NOT NULL CHECK (kind IN ('index', 'render')),
            started_at timestamptz NOT NULL DEFAULT now(),
            started_by text NOT NULL,
            finished_at timestamptz,
            options text NOT NULL DEFAULT ''
        );
        CREATE UNIQUE INDEX work_runs_one_open ON work_runs (kind) WHERE finished_at IS NULL;

        CREATE TABLE work_items (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            run_id bigint NOT NULL REFERENCES work_runs ON DELETE CASCADE,
            target bytea NOT NULL,
            folder_key text COLLATE "C",
            is_root boolean NOT NULL DEFAULT false,
            state text COLLATE "C" NOT NULL DEFAULT 'pending'
                CHECK (state IN ('pending', 'leased', 'done', 'failed')),
            attempts integer NOT NULL DEFAULT 0,
            leased_by text COLLATE "C",
            lease_expires_at timestamptz,
            finished_at timestamptz,
            files_done integer NOT NULL DEFAULT 0,
            error text,
            UNIQUE (run_id, target),
            CHECK ((state = 'leased') = (leased_by IS NOT NULL AND lease_expires_at IS NOT NULL))
        );
        CREATE UNIQUE INDEX work_items_by_folder ON work_items (run_id, folder_key) WHERE folder_key IS NOT NULL;
        CREATE INDEX work_items_open ON work_items (run_id, id) WHERE state IN ('pending', 'leased');

        CREATE TABLE workers (
            id text COLLATE "C" PRIMARY KEY,
            host text NOT NULL,
            pid integer NOT NULL,
            kind text COLLATE "C" NOT NULL,
            run_id bigint REFERENCES work_runs ON DELETE SET NULL,
            started_at timestamptz NOT NULL DEFAULT now(),
            heartbeat_at timestamptz NOT NULL DEFAULT now(),
            finished_at timestamptz,
            items_done integer NOT NULL DEFAULT 0,
            files_done integer NOT NULL DEFAULT 0,
            current_item bigint
        );
        """
}
