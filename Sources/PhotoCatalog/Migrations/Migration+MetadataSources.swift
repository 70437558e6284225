extension SQLiteCatalog {
    /// Version 6: where the capture date and the GPS position came from.
    ///
    /// - `taken_source`, `gps_source`: 'exif', 'xmp', 'iptc' or 'makernote' (`MetadataSource`),
    ///   NULL when there is no value. Until now both came from EXIF only, so rows that have one
    ///   say 'exif'; the next index pass of a changed file fills in what XMP and IPTC add.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let metadataSourcesMigration = SQLiteMigration(
        version: 6, name: "metadataSources",
        script: """
            ALTER TABLE assets ADD COLUMN taken_source TEXT
                CHECK (taken_source IN ('exif', 'xmp', 'iptc', 'makernote'));
            ALTER TABLE assets ADD COLUMN gps_source TEXT
                CHECK (gps_source IN ('exif', 'xmp', 'iptc', 'makernote'));

            UPDATE assets SET taken_source = 'exif' WHERE taken_local IS NOT NULL;
            UPDATE assets SET gps_source = 'exif' WHERE gps_latitude IS NOT NULL;
            """
    )
}
