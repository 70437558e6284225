extension PostgresCatalog {
    /// The SQLite catalog's `zonesAndTracksMigration`: `taken_zone` (the IANA zone a date's
    /// offset was worked out from) and `taken_sort` (the instant as a UTC reading when the
    /// offset is known, else the wall clock), filled for the dates already stored. A reading
    /// PostgreSQL cannot read as a time (a 30 February) keeps its wall clock, row by row, so
    /// that one odd date cannot stop the upgrade. `gps_from_track`: the position came from a GPS
    /// track (`photolib geotag`).
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let zonesAndTracksSchema = """
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
        """
}
