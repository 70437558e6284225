extension PostgresCatalog {
    /// The SQLite catalog's `imageDataHashMigration`: `image_data_hash`, a hash of the
    /// original's picture data without its metadata (`ImageDataHash`), looked up when a new
    /// path may be an asset renamed and edited in one step.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let imageDataHashSchema = """
        ALTER TABLE assets ADD COLUMN image_data_hash text COLLATE "C" CHECK (length(image_data_hash) = 16);
        CREATE INDEX assets_by_image_data_hash ON assets (image_data_hash) WHERE image_data_hash IS NOT NULL;
        """
}
