/// The catalog's schema steps from version 15 on, each declared once for both stores
/// (`CatalogMigration`). Before 15, each store's steps are frozen files of their own
/// (`Migration+Name.swift` here, `PostgresCatalog+NameSchema.swift` in PhotoCatalogPostgres).
///
/// A new step is appended to `steps`, named for what it does; its version is its place in
/// the list. Append, never edit: catalogs in use depend on each step as it was released.
package enum CatalogTrack {
    /// The version of the first step of `steps`.
    package static let firstVersion = 15

    package static let steps: [CatalogMigration] = [
        // Dates and positions a person set (`action date`, `action gps`), which an index pass
        // then keeps over what the file says, as it keeps a user's caption or city.
        // - `taken_by_user`: set once someone set the capture date (`taken_local`,
        //   `taken_offset`); `taken_source` keeps naming the file's block, so that an undo
        //   gives the file back.
        // - `gps_by_user`: set once someone set or cleared the position (`gps_*` columns).
        // Flags beside the sources rather than a new source value: the sources' CHECKs name
        // the file's blocks, and SQLite cannot change a CHECK without rebuilding the table.
        CatalogMigration(
            "userDatesAndPlaces", frozen: "cea789b0f8e1b180",
            sqlite: """
                ALTER TABLE assets ADD COLUMN taken_by_user INTEGER NOT NULL DEFAULT 0 CHECK (taken_by_user IN (0, 1));
                ALTER TABLE assets ADD COLUMN gps_by_user INTEGER NOT NULL DEFAULT 0 CHECK (gps_by_user IN (0, 1));
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN taken_by_user boolean NOT NULL DEFAULT false;
                ALTER TABLE assets ADD COLUMN gps_by_user boolean NOT NULL DEFAULT false;
                """),

        // `visual_hash`: the asset's perceptual fingerprint (`PerceptualHash`, 16 lowercase
        // hex digits), made with its renditions from the thumbnail's pixels, for `photolib
        // similar`. Kept, like `content_hash`, only while the original's size and
        // modification time are unchanged. No index: `similar` reads every fingerprint into
        // a search tree of its own.
        CatalogMigration(
            "visualHash", frozen: "b83aa57d778b5a36",
            sqlite: """
                ALTER TABLE assets ADD COLUMN visual_hash TEXT CHECK (length(visual_hash) = 16);
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN visual_hash text COLLATE "C" CHECK (length(visual_hash) = 16);
                """),

        // Videos, Live Photos and motion photos as assets.
        // - `kind`: `photo`, `video` or `live` (`MediaKind`); every asset indexed before was a photo.
        // - `duration` (seconds), `video_codec`, `audio_codec` (FFmpeg's names), `frame_rate`: a
        //   movie's facts (a Live Photo's or motion photo's clip), else NULL.
        // - `format` may now be `video` (and `gif`, `bmp`, `psd`, the images read next), and
        //   `taken_source`/`gps_source` `container` (a movie's own header). SQLite cannot alter
        //   a CHECK, so the table's text is edited in place, the way SQLite's documentation gives
        //   for loosening a constraint (no row can break the looser one); RESET reloads the
        //   schema inside this transaction, and the ALTERs before it bump the schema cookie for
        //   other connections. PostgreSQL drops and adds its named constraints.
        // - The collections Videos and Live Photos are counted as the others (`storedCounts`),
        //   by triggers of their own, so that the older ones stay as released.
        CatalogMigration(
            "videoFields", frozen: "edfb2b5b2f1637cd",
            sqlite: """
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
                """,
            postgres: """
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
                """),

        // Time zones and tracks (issue 29).
        // - `taken_zone`: the IANA zone a capture date's offset was worked out from (the zone
        //   of the place it was taken, for a file that gave no offset); NULL when the file or
        //   a person gave the offset.
        // - `taken_sort`: what `--sort taken` orders by, the instant as a UTC reading when the
        //   offset is known, else the wall-clock reading; filled here for the dates already
        //   stored (SQLite's strftime gives NULL for a reading it cannot read, PostgreSQL's
        //   cast is tried row by row: the wall clock is kept then, so that one odd date cannot
        //   stop the upgrade).
        // - `gps_from_track`: the position came from a GPS track (`photolib geotag`); such a
        //   position is a user's (`gps_by_user` too) that says `gpsSource: track`.
        CatalogMigration(
            "zonesAndTracks", frozen: "81e3232a4f4d9974",
            sqlite: """
                ALTER TABLE assets ADD COLUMN taken_zone TEXT;
                ALTER TABLE assets ADD COLUMN taken_sort TEXT;
                UPDATE assets
                    SET taken_sort = coalesce(strftime('%Y-%m-%dT%H:%M:%S', taken_local || taken_offset), taken_local)
                    WHERE taken_local IS NOT NULL;
                ALTER TABLE assets ADD COLUMN gps_from_track INTEGER NOT NULL DEFAULT 0 CHECK (gps_from_track IN (0, 1));
                CREATE INDEX assets_shown_in_instant_order ON assets (taken_sort, relative_path) WHERE trashed = 0;
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN taken_zone text COLLATE "C";
                ALTER TABLE assets ADD COLUMN taken_sort text COLLATE "C";
                UPDATE assets SET taken_sort = taken_local WHERE taken_local IS NOT NULL;
                DO $$
                DECLARE
                    r record;
                BEGIN
                    FOR r IN SELECT id, taken_local, taken_offset FROM assets
                        WHERE taken_offset ~ '^[+-][0-9]{2}:[0-9]{2}$'
                            AND taken_local ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$'
                    LOOP
                        BEGIN
                            UPDATE assets SET taken_sort = to_char(
                                (r.taken_local || r.taken_offset)::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')
                            WHERE id = r.id;
                        EXCEPTION WHEN others THEN
                            NULL;
                        END;
                    END LOOP;
                END $$;
                ALTER TABLE assets ADD COLUMN gps_from_track boolean NOT NULL DEFAULT false;
                CREATE INDEX assets_shown_in_instant_order ON assets (taken_sort, relative_path) WHERE NOT trashed;
                """),

        // `image_data_hash`: a hash of the original's picture data with its metadata left out
        // (`ImageDataHash`, 16 lowercase hex digits), written by each index pass. A file renamed
        // and edited in one step (exiftool's `-FileName=` with a tag) is found by it as the
        // asset whose file went away, moved and changed. Indexed, partially: it is looked up by
        // value for new paths only, and formats without one leave it NULL.
        CatalogMigration(
            "imageDataHash", frozen: "611625d5ff5b9996",
            sqlite: """
                ALTER TABLE assets ADD COLUMN image_data_hash TEXT CHECK (length(image_data_hash) = 16);
                CREATE INDEX assets_by_image_data_hash ON assets (image_data_hash) WHERE image_data_hash IS NOT NULL;
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN image_data_hash text COLLATE "C" CHECK (length(image_data_hash) = 16);
                CREATE INDEX assets_by_image_data_hash ON assets (image_data_hash) WHERE image_data_hash IS NOT NULL;
                """),

        // `visual_centre_hash`: the second half of the asset's fingerprint (`visualHash` is 32
        // hex digits: the whole picture's pHash, then its centre's, which finds lightly cropped
        // copies). `visual_hash` keeps the first half: its CHECK is frozen at 16 digits. Kept
        // and cleared with `visual_hash`.
        CatalogMigration(
            "visualCentreHash", frozen: "a0ce25b43a2bef04",
            sqlite: """
                ALTER TABLE assets ADD COLUMN visual_centre_hash TEXT CHECK (length(visual_centre_hash) = 16);
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN visual_centre_hash text COLLATE "C" CHECK (length(visual_centre_hash) = 16);
                """),

        // `taken_subsecond`: EXIF's SubSecTimeOriginal digits (`PhotoMetadata.takenSubsecond`),
        // the fraction of a second the capture date leaves out, which tells a burst's frames apart.
        CatalogMigration(
            "takenSubsecond", frozen: "17c1fe49b859733c",
            sqlite: """
                ALTER TABLE assets ADD COLUMN taken_subsecond TEXT;
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN taken_subsecond text COLLATE "C";
                """),

        // `frames`: an animation's frame count (an animated GIF or WebP, shown by its first
        // frame); NULL for a still. GIF, BMP and PSD files became assets in the same change:
        // their `format` values were already allowed by `videoFields`.
        CatalogMigration(
            "animationFrames", frozen: "64cdb765463f079f",
            sqlite: """
                ALTER TABLE assets ADD COLUMN frames INTEGER CHECK (frames >= 2);
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN frames integer CHECK (frames >= 2);
                """),

        // People from face tags (`PeopleColumns`): `people` one name a line, NULL for none;
        // `people_folded` the folded names each between line breaks, in which `--person`
        // looks for a whole name; `people_source` where they came from ('user' once edited,
        // which an index then keeps). Every asset's `sidecar_stamp` is changed, so that the
        // next index reads each photo again once and finds the names it already holds.
        // People collections were counted when read until step `personCounts`.
        CatalogMigration(
            "people", frozen: "2f66a6ec6a65bd4b",
            sqlite: """
                ALTER TABLE assets ADD COLUMN people TEXT;
                ALTER TABLE assets ADD COLUMN people_folded TEXT;
                ALTER TABLE assets ADD COLUMN people_source TEXT CHECK (people_source IN ('user', 'sidecar', 'xmp'));
                CREATE INDEX assets_with_people ON assets (id) WHERE people IS NOT NULL;
                UPDATE assets SET sidecar_stamp = 'before-people:' || coalesce(sidecar_stamp, '');
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN people text;
                ALTER TABLE assets ADD COLUMN people_folded text COLLATE "C";
                ALTER TABLE assets ADD COLUMN people_source text COLLATE "C"
                    CHECK (people_source IN ('user', 'sidecar', 'xmp'));
                CREATE INDEX assets_with_people ON assets (id) WHERE people IS NOT NULL;
                UPDATE assets SET sidecar_stamp = 'before-people:' || coalesce(sidecar_stamp, '');
                """),

        // `colour`: the name of the colours the original's numbers stand for ("Display P3",
        // "Adobe RGB (1998)", an embedded profile's description, "sRGB" when the file says
        // nothing), read by each index pass from the profile or code points; NULL for raws,
        // movies, unreadable profiles, and assets indexed before this step until their file
        // changes (an index pass reads only changed files).
        CatalogMigration(
            "sourceColour", frozen: "5b23ff45e1b0b4b3",
            sqlite: """
                ALTER TABLE assets ADD COLUMN colour TEXT;
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN colour text;
                """),

        // People collections counted by triggers, as cities are (`personCounts`).
        personCounts,

        // `burst_id`: the burst a photo is a frame of, as its camera names it (Apple's
        // MakerNote BurstUUID), read by each index pass; `--burst` and the Bursts collection
        // walk the partial index. Apple's photos indexed before are read again by the next
        // index (their sidecar stamp changes), the others are left alone: no other camera
        // writes the tag photolib reads.
        CatalogMigration(
            "burstIds", frozen: "42daa2133342b10e",
            sqlite: """
                ALTER TABLE assets ADD COLUMN burst_id TEXT;
                CREATE INDEX assets_in_bursts ON assets (burst_id) WHERE burst_id IS NOT NULL;
                UPDATE assets SET sidecar_stamp = 'before-bursts:' || coalesce(sidecar_stamp, '')
                    WHERE camera_make = 'Apple';
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN burst_id text COLLATE "C";
                CREATE INDEX assets_in_bursts ON assets (burst_id) WHERE burst_id IS NOT NULL;
                UPDATE assets SET sidecar_stamp = 'before-bursts:' || coalesce(sidecar_stamp, '')
                    WHERE camera_make = 'Apple';
                """),

        // The asset table's CHECKs that list three values or more, written as comparisons
        // joined by OR, which hold the same values (and let NULL through, as IN did). SQLite
        // builds a temporary B-tree for each such IN list, again for every row it writes (a
        // CHECK is evaluated where no list is built once), and Debian's SQLite zeroes its page
        // each time: seven lists were 89,000 instructions a row, more than the 21 indexes and
        // the counting triggers together (`bench/README.md`, "Indexing", round three). The
        // table's text is edited in place, as `videoFields` did; the table made and dropped
        // after the RESET bumps the schema cookie for other connections. PostgreSQL checks
        // its lists without such tables: nothing to do there.
        CatalogMigration(
            "checksAsComparisons", frozen: "f705842b7b5a82f4",
            sqlite: """
                PRAGMA writable_schema = ON;
                UPDATE sqlite_master SET sql = replace(replace(replace(replace(replace(replace(replace(sql,
                        'CHECK (taken_source IN (''exif'', ''xmp'', ''iptc'', ''makernote'', ''container''))',
                        'CHECK (taken_source = ''exif'' OR taken_source = ''xmp'' OR taken_source = ''iptc'' OR taken_source = ''makernote'' OR taken_source = ''container'')'),
                        'CHECK (gps_source IN (''exif'', ''xmp'', ''iptc'', ''makernote'', ''container''))',
                        'CHECK (gps_source = ''exif'' OR gps_source = ''xmp'' OR gps_source = ''iptc'' OR gps_source = ''makernote'' OR gps_source = ''container'')'),
                        'CHECK (format IN (''jpeg'', ''heif'', ''png'', ''webp'', ''tiff'', ''raw'', ''video'', ''gif'', ''bmp'', ''psd''))',
                        'CHECK (format = ''jpeg'' OR format = ''heif'' OR format = ''png'' OR format = ''webp'' OR format = ''tiff'' OR format = ''raw'' OR format = ''video'' OR format = ''gif'' OR format = ''bmp'' OR format = ''psd'')'),
                        'CHECK (rating_source IN (''user'', ''sidecar'', ''xmp'', ''iptc'', ''exif''))',
                        'CHECK (rating_source = ''user'' OR rating_source = ''sidecar'' OR rating_source = ''xmp'' OR rating_source = ''iptc'' OR rating_source = ''exif'')'),
                        'CHECK (keywords_source IN (''user'', ''sidecar'', ''xmp'', ''iptc'', ''exif''))',
                        'CHECK (keywords_source = ''user'' OR keywords_source = ''sidecar'' OR keywords_source = ''xmp'' OR keywords_source = ''iptc'' OR keywords_source = ''exif'')'),
                        'CHECK (kind IN (''photo'', ''video'', ''live''))',
                        'CHECK (kind = ''photo'' OR kind = ''video'' OR kind = ''live'')'),
                        'CHECK (people_source IN (''user'', ''sidecar'', ''xmp''))',
                        'CHECK (people_source = ''user'' OR people_source = ''sidecar'' OR people_source = ''xmp'')')
                    WHERE type = 'table' AND name = 'assets';
                PRAGMA writable_schema = RESET;
                CREATE TABLE schema_cookie_bump (unused INTEGER);
                DROP TABLE schema_cookie_bump;
                """,
            postgres: ""),

        // The insert trigger of the stored counts without its GROUP BY: a new row adds +1 to
        // distinct keys (one a kind), so there is nothing to group, and the sorter SQLite ran
        // for each inserted row was half of the trigger's cost (29M instructions of a first
        // index of 2,420 files, `bench/README.md`, "Indexing"). It writes the same counts;
        // the update and delete triggers, which can cancel out, keep theirs. PostgreSQL's
        // trigger functions are left as they are.
        CatalogMigration(
            "insertCountsUngrouped", frozen: "34502da6f4c501e1",
            sqlite: """
                DROP TRIGGER assets_counted_inserted;
                CREATE TRIGGER assets_counted_inserted AFTER INSERT ON assets BEGIN
                    INSERT INTO collection_counts (kind, name, count)
                    SELECT kind, name, change FROM (
                            SELECT 'all' AS kind, '' AS name, 1 AS change
                                WHERE NEW.trashed = 0 AND NEW.missing = 0
                            UNION ALL SELECT 'favourites', '', 1
                                WHERE NEW.favourite = 1 AND NEW.trashed = 0 AND NEW.missing = 0
                            UNION ALL SELECT 'liked', '', 1
                                WHERE NEW.liked = 1 AND NEW.trashed = 0 AND NEW.missing = 0
                            UNION ALL SELECT 'city', NEW.city, 1
                                WHERE NEW.city IS NOT NULL AND NEW.trashed = 0 AND NEW.missing = 0
                            UNION ALL SELECT 'year', substr(NEW.taken_local, 1, 4), 1
                                WHERE NEW.taken_local IS NOT NULL AND NEW.trashed = 0 AND NEW.missing = 0
                            UNION ALL SELECT 'trash', '', 1
                                WHERE NEW.trashed = 1
                            UNION ALL SELECT 'missing', '', 1
                                WHERE NEW.missing = 1 AND NEW.trashed = 0
                        )
                    WHERE true
                    ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
                END;
                """,
            postgres: ""),
    ]
}
