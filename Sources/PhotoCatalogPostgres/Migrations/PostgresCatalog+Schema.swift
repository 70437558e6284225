import PhotoSupport

extension PostgresCatalog {
    /// Written into a new catalog's `catalog_info` as `created_by`, and beside each applied step.
    static let creator = "photolib \(PhotolibRelease.version)"

    /// The schema's history, separate from the SQLite catalog's. Append, never edit.
    static let migrator = PostgresMigrator([
        PostgresMigration(version: 1, script: schemaVersion1),
        // The work queue of `index --worker` and `render --worker` (PostgresCatalog+WorkSchema.swift).
        PostgresMigration(version: 2, script: workQueueSchema),
        // Undecodable originals apart from damage (PostgresCatalog+Schema3.swift).
        PostgresMigration(version: 3, script: undecodableSchema),
        // Collections from covering indexes (PostgresCatalog+Schema4.swift).
        PostgresMigration(version: 4, script: coveringCollectionsSchema),
        // Where dates and positions came from (PostgresCatalog+Schema5.swift).
        PostgresMigration(version: 5, script: metadataSourcesSchema),
        // Indexes in the order of browse's pages (PostgresCatalog+Schema6.swift).
        PostgresMigration(version: 6, script: pageOrderSchema),
        // File moves, remembered index failures, formats (PostgresCatalog+Schema7.swift).
        PostgresMigration(version: 7, script: trustAndFormatsSchema),
        // Keywords and ratings people set (PostgresCatalog+Schema8.swift).
        PostgresMigration(version: 8, script: keywordsSchema),
        // What export copied where (PostgresCatalog+Schema9.swift).
        PostgresMigration(version: 9, script: exportRecordsSchema),
        // The whole content's hash, for duplicates and renditions (PostgresCatalog+Schema10.swift).
        PostgresMigration(version: 10, script: contentHashSchema),
        // Collections from stored counts (PostgresCatalog+Schema11.swift).
        PostgresMigration(version: 11, script: storedCountsSchema),
        // Perceptual fingerprints for `similar` (PostgresCatalog+VisualHashSchema.swift).
        PostgresMigration(version: 12, script: visualHashSchema),
    ])

    /// The schema version this photolib writes.
    public static var schemaVersion: Int { migrator.latestVersion }

    /// Version 1: what SQLite's versions 1 to 3 hold, in the types that keep every value and
    /// every order identical to the SQLite catalog's:
    ///
    /// - `text COLLATE "C"` wherever text is compared, sorted or grouped: byte order, as
    ///   SQLite's BINARY, whatever the database's own collation is (`ids(withPrefix:)` counts
    ///   on ':' sorting below 'a', which an ICU collation does not do);
    /// - `bytea` paths, compared as bytes like SQLite's BLOBs;
    /// - seconds since 1970 as `double precision`, the same 8 bytes as SQLite's REAL (a
    ///   timestamptz keeps microseconds only, and a rounded value would print differently);
    /// - `caption_folded` and `city_folded`, photolib's own case folding (NFC, then Swift's
    ///   lowercasing) written beside the text: no server function gives the same bytes, and
    ///   `--caption` and `--city` must find what they find on SQLite;
    /// - `lower(city)` under "C" folds ASCII letters only, which is SQLite's NOCASE.
    ///
    /// `creator` is our own constant (no quote in it), the one value written into SQL text.
    private static let schemaVersion1 = """
        CREATE TABLE catalog_info (
            key text COLLATE "C" PRIMARY KEY,
            value text NOT NULL
        );
        INSERT INTO catalog_info (key, value) VALUES
            ('created_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
            ('created_by', '\(creator)');

        CREATE TABLE assets (
            id text COLLATE "C" PRIMARY KEY CHECK (id ~ '^[0-9a-f]{16}$'),
            relative_path bytea NOT NULL UNIQUE,
            file_size bigint NOT NULL,
            modified_ns bigint NOT NULL,
            fingerprint text COLLATE "C" NOT NULL,
            pixel_width integer,
            pixel_height integer,
            orientation integer NOT NULL DEFAULT 1,
            taken_local text COLLATE "C",
            taken_offset text COLLATE "C",
            camera_make text COLLATE "C",
            camera_model text COLLATE "C",
            gps_latitude double precision,
            gps_longitude double precision,
            gps_altitude double precision,
            embedded_caption text COLLATE "C",
            caption text COLLATE "C",
            caption_source text COLLATE "C",
            caption_folded text COLLATE "C",
            city text COLLATE "C",
            city_source text COLLATE "C",
            city_folded text COLLATE "C",
            region text COLLATE "C",
            country text COLLATE "C",
            country_name text COLLATE "C",
            rating integer,
            favourite boolean NOT NULL DEFAULT false,
            liked boolean NOT NULL DEFAULT false,
            trashed boolean NOT NULL DEFAULT false,
            missing boolean NOT NULL DEFAULT false,
            damage text COLLATE "C",
            indexed_at double precision NOT NULL,
            added_at double precision NOT NULL,
            popped_at double precision,
            trashed_at double precision,
            trash_path bytea,
            sidecar_stamp text COLLATE "C"
        );
        CREATE INDEX assets_by_fingerprint ON assets (fingerprint);
        CREATE INDEX assets_by_taken_local ON assets (taken_local);
        CREATE INDEX assets_by_city ON assets (lower(city));
        CREATE INDEX assets_by_city_folded ON assets (city_folded);
        CREATE INDEX assets_favourite ON assets (id) WHERE favourite;
        CREATE INDEX assets_liked ON assets (id) WHERE liked;
        CREATE INDEX assets_trashed ON assets (id) WHERE trashed;
        CREATE INDEX assets_missing ON assets (id) WHERE missing;
        -- Each collection's count reads an index holding exactly the rows it counts.
        CREATE INDEX assets_shown_by_city ON assets (lower(city)) WHERE NOT trashed AND city IS NOT NULL;
        CREATE INDEX assets_shown_by_year ON assets (substr(taken_local, 1, 4)) WHERE NOT trashed AND taken_local IS NOT NULL;
        CREATE INDEX assets_shown_by_added ON assets (added_at) WHERE NOT trashed;
        CREATE INDEX assets_shown_by_popped ON assets (popped_at) WHERE NOT trashed AND popped_at IS NOT NULL;
        CREATE INDEX assets_shown_favourite ON assets (trashed) WHERE favourite;
        CREATE INDEX assets_shown_liked ON assets (trashed) WHERE liked;

        -- The action log. No foreign key: an asset purged for good keeps its history.
        CREATE TABLE asset_events (
            sequence bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            asset_id text COLLATE "C" NOT NULL CHECK (length(asset_id) = 16),
            at double precision NOT NULL,
            action text COLLATE "C" NOT NULL,
            field text COLLATE "C" NOT NULL,
            old_value text COLLATE "C",
            new_value text COLLATE "C",
            batch text COLLATE "C" NOT NULL
        );
        CREATE INDEX asset_events_by_asset ON asset_events (asset_id, sequence);
        -- After a connection broke during COMMIT: did that batch land?
        CREATE INDEX asset_events_by_batch ON asset_events (batch);
        """
}
