extension SQLiteCatalog {
    /// `taken_zone`: the IANA zone a capture date's offset was worked out from (the zone of
    /// the place it was taken, for a file that gave no offset), NULL when the file or a
    /// person gave the offset. `taken_sort`: what `--sort taken` orders by, the instant as a
    /// UTC reading when the offset is known, else the wall-clock reading; filled here for the
    /// dates already stored (strftime gives NULL for a reading it cannot read: the wall clock
    /// is kept then). `gps_from_track`: 1 when the position came from a GPS track
    /// (`photolib geotag`); such a position is a user's (`gps_by_user` is 1 too) that says
    /// `gpsSource: track`.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let zonesAndTracksMigration = SQLiteMigration(
        version: 17, name: "zonesAndTracks",
        script: """
            ALTER TABLE assets ADD COLUMN taken_zone TEXT;
            ALTER TABLE assets ADD COLUMN taken_sort TEXT;
            UPDATE assets
                SET taken_sort = coalesce(strftime('%Y-%m-%dT%H:%M:%S', taken_local || taken_offset), taken_local)
                WHERE taken_local IS NOT NULL;
            ALTER TABLE assets ADD COLUMN gps_from_track INTEGER NOT NULL DEFAULT 0 CHECK (gps_from_track IN (0, 1));
            CREATE INDEX assets_shown_in_instant_order ON assets (taken_sort, relative_path) WHERE trashed = 0;
            """
    )
}
