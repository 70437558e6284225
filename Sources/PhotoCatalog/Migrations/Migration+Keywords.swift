extension SQLiteCatalog {
    /// Version 11: keywords, and ratings people set.
    ///
    /// - `keywords`: the asset's keywords, one a line (hierarchies as `Places/France/Bordeaux`),
    ///   NULL when none; `keywords_source` says where they came from ('user' once edited, which
    ///   an index then keeps). `keywords_folded` holds them as a JSON array of
    ///   `[folded, as written]` pairs, from which triggers keep `asset_keywords` in step.
    /// - `asset_keywords`: one row per asset and keyword, by folded keyword, for `list --keyword`
    ///   (a range of the primary key finds a hierarchy and everything below it) and the keyword
    ///   collections. Triggers rather than application code fill it, so that every writer
    ///   (index, edits, `catalog copy`) keeps it right.
    /// - `rating_source`: where `rating` came from, 'user' once someone set it.
    /// - Every asset's `sidecar_stamp` is changed, so that the next index reads each photo again
    ///   once and finds the keywords it already holds.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let keywordsMigration = SQLiteMigration(
        version: 11, name: "keywords",
        script: """
            ALTER TABLE assets ADD COLUMN rating_source TEXT
                CHECK (rating_source IN ('user', 'sidecar', 'xmp', 'iptc', 'exif'));
            UPDATE assets SET rating_source = 'xmp' WHERE rating IS NOT NULL;
            ALTER TABLE assets ADD COLUMN keywords TEXT;
            ALTER TABLE assets ADD COLUMN keywords_folded TEXT;
            ALTER TABLE assets ADD COLUMN keywords_source TEXT
                CHECK (keywords_source IN ('user', 'sidecar', 'xmp', 'iptc', 'exif'));
            UPDATE assets SET sidecar_stamp = 'before-keywords:' || coalesce(sidecar_stamp, '');
            CREATE TABLE asset_keywords (
                folded TEXT NOT NULL,
                asset_id TEXT NOT NULL,
                keyword TEXT NOT NULL,
                PRIMARY KEY (folded, asset_id)
            ) WITHOUT ROWID;
            CREATE INDEX asset_keywords_asset ON asset_keywords (asset_id);
            CREATE TRIGGER assets_keywords_inserted AFTER INSERT ON assets
            WHEN new.keywords_folded IS NOT NULL
            BEGIN
                INSERT OR IGNORE INTO asset_keywords (folded, asset_id, keyword)
                SELECT json_extract(value, '$[0]'), new.id, json_extract(value, '$[1]')
                FROM json_each(new.keywords_folded);
            END;
            CREATE TRIGGER assets_keywords_updated AFTER UPDATE OF keywords_folded ON assets
            WHEN old.keywords_folded IS NOT new.keywords_folded
            BEGIN
                DELETE FROM asset_keywords WHERE asset_id = old.id;
                INSERT OR IGNORE INTO asset_keywords (folded, asset_id, keyword)
                SELECT json_extract(value, '$[0]'), new.id, json_extract(value, '$[1]')
                FROM json_each(new.keywords_folded);
            END;
            CREATE TRIGGER assets_keywords_deleted AFTER DELETE ON assets
            WHEN old.keywords_folded IS NOT NULL
            BEGIN
                DELETE FROM asset_keywords WHERE asset_id = old.id;
            END;
            """
    )
}
