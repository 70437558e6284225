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
    ]
}
