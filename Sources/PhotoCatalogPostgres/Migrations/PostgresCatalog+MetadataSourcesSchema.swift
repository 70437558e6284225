extension PostgresCatalog {
    /// Legacy version 5 (track version 6): where the capture date and the GPS position
    /// came from ('exif', 'xmp', 'iptc' or 'makernote'; NULL without a value). Rows that have
    /// one got it from EXIF until now.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let metadataSourcesSchema = """
        ALTER TABLE assets ADD COLUMN taken_source text COLLATE "C"
            CHECK (taken_source IN ('exif', 'xmp', 'iptc', 'makernote'));
        ALTER TABLE assets ADD COLUMN gps_source text COLLATE "C"
            CHECK (gps_source IN ('exif', 'xmp', 'iptc', 'makernote'));

        UPDATE assets SET taken_source = 'exif' WHERE taken_local IS NOT NULL;
        UPDATE assets SET gps_source = 'exif' WHERE gps_latitude IS NOT NULL;
        """
}
