import PhotoSupport

extension SQLiteCatalog {
    /// Written into a new catalog's `catalog_info` as `created_by`.
    /// (photolib has no project-wide version constant yet; this one is the catalog's.)
    static let creator = "photolib \(PhotolibRelease.version)"

    /// The catalog's schema history. Append, never edit: released catalogs depend on each step.
    static let migrator = SQLiteMigrator([
        SQLiteMigration(version: 1, script: schemaVersion1),
        // The preview workflow: action log, pop and trash state (SQLiteCatalog+Schema2.swift).
        SQLiteMigration(version: 2, script: schemaVersion2),
        // Places, XMP/IPTC text, sidecars and collections (SQLiteCatalog+Schema3.swift or below).
        SQLiteMigration(version: 3, script: placesAndCollectionsSchema),
        // Indexes in the order of each sort's pages, for browse and pick (SQLiteCatalog+PagesSchema.swift).
        SQLiteMigration(version: 4, script: pagesSchema),
    ])

    /// The schema version this photolib writes.
    public static var schemaVersion: Int { migrator.latestVersion }

    // `creator` is our own constant (no quote in it), the one value ever written into SQL text.
    private static let schemaVersion1 = """
        CREATE TABLE catalog_info (
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO catalog_info (key, value) VALUES
            ('created_at', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            ('created_by', '\(creator)');

        CREATE TABLE assets (
            -- 16 lowercase hex digits (AssetID).
            id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 16 AND id NOT GLOB '*[^0-9a-f]*'),
            -- The path's bytes relative to the library root: file names need not be UTF-8.
            relative_path BLOB NOT NULL UNIQUE,
            file_size INTEGER NOT NULL,
            modified_ns INTEGER NOT NULL,
            fingerprint TEXT NOT NULL,
            pixel_width INTEGER,
            pixel_height INTEGER,
            orientation INTEGER NOT NULL DEFAULT 1,
            -- YYYY-MM-DDTHH:MM:SS as the camera's clock said, so that text order is time order.
            taken_local TEXT,
            taken_offset TEXT,
            camera_make TEXT,
            camera_model TEXT,
            gps_latitude REAL,
            gps_longitude REAL,
            gps_altitude REAL,
            -- What the file says; `caption` is what is shown, which a user's edit may replace.
            embedded_caption TEXT,
            caption TEXT,
            caption_source TEXT,
            city TEXT,
            city_source TEXT,
            country TEXT,
            favourite INTEGER NOT NULL DEFAULT 0 CHECK (favourite IN (0, 1)),
            liked INTEGER NOT NULL DEFAULT 0 CHECK (liked IN (0, 1)),
            trashed INTEGER NOT NULL DEFAULT 0 CHECK (trashed IN (0, 1)),
            missing INTEGER NOT NULL DEFAULT 0 CHECK (missing IN (0, 1)),
            damage TEXT,
            -- Seconds since 1970.
            indexed_at REAL NOT NULL,
            added_at REAL NOT NULL
        );
        CREATE INDEX assets_by_fingerprint ON assets (fingerprint);
        CREATE INDEX assets_by_taken_local ON assets (taken_local);
        CREATE INDEX assets_by_city ON assets (city COLLATE NOCASE);
        -- Few assets carry each flag: partial indexes stay small and serve `WHERE flag = 1`.
        CREATE INDEX assets_favourite ON assets (favourite) WHERE favourite = 1;
        CREATE INDEX assets_liked ON assets (liked) WHERE liked = 1;
        CREATE INDEX assets_trashed ON assets (trashed) WHERE trashed = 1;
        CREATE INDEX assets_missing ON assets (missing) WHERE missing = 1;
        """
}
