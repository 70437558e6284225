extension SQLiteCatalog {
    /// `image_data_hash`: a hash of the original's picture data with its metadata left out
    /// (`ImageDataHash`, 16 lowercase hex digits), written by each index pass. A file renamed
    /// and edited in one step (exiftool's `-FileName=` with a tag) is found by it as the asset
    /// whose file went away, moved and changed. Indexed, partially: it is looked up by value
    /// for new paths only, and formats without one leave it NULL.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let imageDataHashMigration = SQLiteMigration(
        version: 17, name: "imageDataHash",
        script: """
            ALTER TABLE assets ADD COLUMN image_data_hash TEXT CHECK (length(image_data_hash) = 16);
            CREATE INDEX assets_by_image_data_hash ON assets (image_data_hash) WHERE image_data_hash IS NOT NULL;
            """
    )
}
