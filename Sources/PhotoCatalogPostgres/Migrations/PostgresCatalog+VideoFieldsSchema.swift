extension PostgresCatalog {
    /// The SQLite catalog's `videoFieldsMigration`: `kind` (`photo`, `video`, `live`),
    /// `duration`, `video_codec`, `audio_codec`, `frame_rate`; `format` may be `video` (and
    /// `gif`, `bmp`, `psd`), the sources `container`; Videos and Live Photos counted by a
    /// statement-level trigger of their own, as `storedCounts` counts the others.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let videoFieldsSchema = """
        ALTER TABLE assets ADD COLUMN kind text COLLATE "C" NOT NULL DEFAULT 'photo'
            CHECK (kind IN ('photo', 'video', 'live'));
        ALTER TABLE assets ADD COLUMN duration double precision CHECK (duration >= 0);
        ALTER TABLE assets ADD COLUMN video_codec text COLLATE "C";
        ALTER TABLE assets ADD COLUMN audio_codec text COLLATE "C";
        ALTER TABLE assets ADD COLUMN frame_rate double precision;
        ALTER TABLE assets DROP CONSTRAINT assets_format_check;
        ALTER TABLE assets ADD CONSTRAINT assets_format_check
            CHECK (format IN ('jpeg', 'heif', 'png', 'webp', 'tiff', 'raw', 'video', 'gif', 'bmp', 'psd'));
        ALTER TABLE assets DROP CONSTRAINT assets_taken_source_check;
        ALTER TABLE assets ADD CONSTRAINT assets_taken_source_check
            CHECK (taken_source IN ('exif', 'xmp', 'iptc', 'makernote', 'container'));
        ALTER TABLE assets DROP CONSTRAINT assets_gps_source_check;
        ALTER TABLE assets ADD CONSTRAINT assets_gps_source_check
            CHECK (gps_source IN ('exif', 'xmp', 'iptc', 'makernote', 'container'));
        CREATE INDEX assets_shown_by_kind ON assets (kind) WHERE NOT trashed AND kind <> 'photo';
        CREATE FUNCTION kind_collection_key(boolean, boolean, text)
        RETURNS TABLE (kind text, name text) LANGUAGE sql IMMUTABLE AS $$
            SELECT CASE $3 WHEN 'video' THEN 'videos' ELSE 'live' END, '' WHERE NOT $1 AND NOT $2 AND $3 <> 'photo'
        $$;
        CREATE FUNCTION kind_counts_sync() RETURNS trigger LANGUAGE plpgsql
        SET search_path FROM CURRENT AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                INSERT INTO collection_counts (kind, name, count)
                SELECT k.kind, k.name, count(*) FROM new_rows r, kind_collection_key(r.trashed, r.missing, r.kind) k
                GROUP BY k.kind, k.name ORDER BY k.kind, k.name
                ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
            ELSIF TG_OP = 'DELETE' THEN
                INSERT INTO collection_counts (kind, name, count)
                SELECT k.kind, k.name, -count(*) FROM old_rows r, kind_collection_key(r.trashed, r.missing, r.kind) k
                GROUP BY k.kind, k.name ORDER BY k.kind, k.name
                ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
            ELSE
                INSERT INTO collection_counts (kind, name, count)
                SELECT d.kind, d.name, sum(d.change) FROM (
                    SELECT k.kind, k.name, 1 AS change FROM new_rows r,
                        kind_collection_key(r.trashed, r.missing, r.kind) k
                    UNION ALL
                    SELECT k.kind, k.name, -1 FROM old_rows r, kind_collection_key(r.trashed, r.missing, r.kind) k
                ) d
                GROUP BY d.kind, d.name HAVING sum(d.change) <> 0 ORDER BY d.kind, d.name
                ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
            END IF;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER assets_kind_counted_inserted AFTER INSERT ON assets
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kind_counts_sync();
        CREATE TRIGGER assets_kind_counted_updated AFTER UPDATE ON assets
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION kind_counts_sync();
        CREATE TRIGGER assets_kind_counted_deleted AFTER DELETE ON assets
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kind_counts_sync();
        """
}
