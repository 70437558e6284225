extension SQLiteCatalog {
    /// Version 10: photos in formats other than JPEG.
    ///
    /// - `format`: `jpeg`, `heif`, `png`, `webp`, `tiff` or `raw`, from the file's bytes; every
    ///   asset indexed before was a JPEG.
    /// - `mime_type`: the file's MIME type (`image/heic` and `image/avif` are both `heif`).
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let formatsMigration = SQLiteMigration(
        version: 10, name: "formats",
        script: """
            ALTER TABLE assets ADD COLUMN format TEXT NOT NULL DEFAULT 'jpeg'
                CHECK (format IN ('jpeg', 'heif', 'png', 'webp', 'tiff', 'raw'));
            ALTER TABLE assets ADD COLUMN mime_type TEXT NOT NULL DEFAULT 'image/jpeg';
            CREATE INDEX assets_format ON assets (format);
            """
    )
}
