extension SQLiteCatalog {
    /// Version 1: the assets, the indexes `list` needs, and `catalog_info`.
    ///
    /// Frozen: catalogs in use were made with this text, so it never changes; a change of mind
    /// is a new migration. It holds nothing computed at run time. (Its one edit, made with
    /// version 4, took out the `catalog_info` rows it inserted with the release version
    /// written into the text; `recordCreation` writes the same rows, so a catalog made before
    /// or after holds the same schema and rows.)
    static let assetsMigration = SQLiteMigration(
        version: 1, name: "assets",
        script: """
            -- Facts about the catalog itself, by name: 'created_at' and 'created_by', written by
            -- SQLiteCatalog.recordCreation in the transaction that runs this migration.
            CREATE TABLE catalog_info (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            ) WITHOUT ROWID;

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
    )
}
