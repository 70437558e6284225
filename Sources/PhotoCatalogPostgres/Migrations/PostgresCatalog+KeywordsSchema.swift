extension PostgresCatalog {
    /// Legacy version 8 (track version 11): keywords, and ratings people set.
    ///
    /// - `keywords` (one a line), `keywords_source`, `keywords_folded` (a JSON array of
    ///   `[folded, as written]` pairs) and `rating_source`, as in the SQLite catalog.
    /// - `asset_keywords`, the lookup table of `list --keyword` and the keyword collections,
    ///   kept in step with `keywords_folded` by triggers (which fire for COPY too), so that
    ///   every writer keeps it right. The trigger function keeps the schema's search path.
    /// - Every asset's `sidecar_stamp` is changed, so that the next index reads each photo
    ///   again once and finds the keywords it already holds.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let keywordsSchema = """
        ALTER TABLE assets ADD COLUMN rating_source text COLLATE "C"
            CHECK (rating_source IN ('user', 'sidecar', 'xmp', 'iptc', 'exif'));
        UPDATE assets SET rating_source = 'xmp' WHERE rating IS NOT NULL;
        ALTER TABLE assets ADD COLUMN keywords text;
        ALTER TABLE assets ADD COLUMN keywords_folded text;
        ALTER TABLE assets ADD COLUMN keywords_source text COLLATE "C"
            CHECK (keywords_source IN ('user', 'sidecar', 'xmp', 'iptc', 'exif'));
        UPDATE assets SET sidecar_stamp = 'before-keywords:' || coalesce(sidecar_stamp, '');
        CREATE TABLE asset_keywords (
            folded text COLLATE "C" NOT NULL,
            asset_id text COLLATE "C" NOT NULL,
            keyword text COLLATE "C" NOT NULL,
            PRIMARY KEY (folded, asset_id)
        );
        CREATE INDEX asset_keywords_asset ON asset_keywords (asset_id);
        CREATE FUNCTION asset_keywords_sync() RETURNS trigger LANGUAGE plpgsql
        SET search_path FROM CURRENT AS $$
        BEGIN
            IF TG_OP <> 'INSERT' THEN
                DELETE FROM asset_keywords WHERE asset_id = OLD.id;
            END IF;
            IF TG_OP <> 'DELETE' AND NEW.keywords_folded IS NOT NULL THEN
                INSERT INTO asset_keywords (folded, asset_id, keyword)
                SELECT item->>0, NEW.id, item->>1 FROM json_array_elements(NEW.keywords_folded::json) AS item
                ON CONFLICT DO NOTHING;
            END IF;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER assets_keywords_inserted AFTER INSERT ON assets
            FOR EACH ROW WHEN (NEW.keywords_folded IS NOT NULL) EXECUTE FUNCTION asset_keywords_sync();
        CREATE TRIGGER assets_keywords_updated AFTER UPDATE OF keywords_folded ON assets
            FOR EACH ROW WHEN (OLD.keywords_folded IS DISTINCT FROM NEW.keywords_folded)
            EXECUTE FUNCTION asset_keywords_sync();
        CREATE TRIGGER assets_keywords_deleted AFTER DELETE ON assets
            FOR EACH ROW WHEN (OLD.keywords_folded IS NOT NULL) EXECUTE FUNCTION asset_keywords_sync();
        """
}
