extension SQLiteCatalog {
    /// Videos, Live Photos and motion photos as assets.
    ///
    /// - `kind`: `photo`, `video` or `live` (`MediaKind`); every asset indexed before was a photo.
    /// - `duration` (seconds), `video_codec`, `audio_codec` (FFmpeg's names), `frame_rate`: a
    ///   movie's facts (a Live Photo's or motion photo's clip), else NULL.
    /// - `format` may now be `video` (and `gif`, `bmp`, `psd`, the images read next), and
    ///   `taken_source`/`gps_source` `container` (a movie's own header). SQLite cannot alter a
    ///   CHECK, so the table's text is edited in place, the way SQLite's documentation gives for
    ///   loosening a constraint (no row can break the looser one); RESET reloads the schema
    ///   inside this transaction, and the ALTERs before it bump the schema cookie for others.
    /// - The collections Videos and Live Photos are counted as the others (`storedCounts`),
    ///   by triggers of their own, so that the older ones stay as released.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let videoFieldsMigration = SQLiteMigration(
        version: 17, name: "videoFields",
        script: """
            ALTER TABLE assets ADD COLUMN kind TEXT NOT NULL DEFAULT 'photo' CHECK (kind IN ('photo', 'video', 'live'));
            ALTER TABLE assets ADD COLUMN duration REAL CHECK (duration >= 0);
            ALTER TABLE assets ADD COLUMN video_codec TEXT;
            ALTER TABLE assets ADD COLUMN audio_codec TEXT;
            ALTER TABLE assets ADD COLUMN frame_rate REAL;
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(replace(replace(sql,
                    'CHECK (format IN (''jpeg'', ''heif'', ''png'', ''webp'', ''tiff'', ''raw''))',
                    'CHECK (format IN (''jpeg'', ''heif'', ''png'', ''webp'', ''tiff'', ''raw'', ''video'', ''gif'', ''bmp'', ''psd''))'),
                    'CHECK (taken_source IN (''exif'', ''xmp'', ''iptc'', ''makernote''))',
                    'CHECK (taken_source IN (''exif'', ''xmp'', ''iptc'', ''makernote'', ''container''))'),
                    'CHECK (gps_source IN (''exif'', ''xmp'', ''iptc'', ''makernote''))',
                    'CHECK (gps_source IN (''exif'', ''xmp'', ''iptc'', ''makernote'', ''container''))')
                WHERE type = 'table' AND name = 'assets';
            PRAGMA writable_schema = RESET;
            CREATE INDEX assets_shown_by_kind ON assets (kind) WHERE trashed = 0 AND kind <> 'photo';
            CREATE TRIGGER assets_kind_counted_inserted AFTER INSERT ON assets
            WHEN NEW.kind <> 'photo' AND NEW.trashed = 0 AND NEW.missing = 0 BEGIN
                INSERT INTO collection_counts (kind, name, count)
                VALUES (CASE NEW.kind WHEN 'video' THEN 'videos' ELSE 'live' END, '', 1)
                ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + 1;
            END;
            CREATE TRIGGER assets_kind_counted_updated AFTER UPDATE OF kind, trashed, missing ON assets BEGIN
                INSERT INTO collection_counts (kind, name, count)
                SELECT kind, name, sum(change) FROM (
                        SELECT CASE NEW.kind WHEN 'video' THEN 'videos' ELSE 'live' END AS kind, '' AS name,
                                1 AS change
                            WHERE NEW.kind <> 'photo' AND NEW.trashed = 0 AND NEW.missing = 0
                        UNION ALL SELECT CASE OLD.kind WHEN 'video' THEN 'videos' ELSE 'live' END, '', -1
                            WHERE OLD.kind <> 'photo' AND OLD.trashed = 0 AND OLD.missing = 0
                    )
                WHERE true GROUP BY kind, name HAVING sum(change) <> 0
                ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
            END;
            CREATE TRIGGER assets_kind_counted_deleted AFTER DELETE ON assets
            WHEN OLD.kind <> 'photo' AND OLD.trashed = 0 AND OLD.missing = 0 BEGIN
                INSERT INTO collection_counts (kind, name, count)
                VALUES (CASE OLD.kind WHEN 'video' THEN 'videos' ELSE 'live' END, '', -1)
                ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count - 1;
            END;
            """
    )
}
