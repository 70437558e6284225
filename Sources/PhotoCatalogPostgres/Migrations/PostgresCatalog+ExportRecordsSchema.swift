extension PostgresCatalog {
    /// Legacy version 9 (track version 12): what `photolib export` copied where
    /// (`ExportRecord`), one row per destination and asset.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let exportRecordsSchema = """
        CREATE TABLE export_records (
            destination bytea NOT NULL,
            asset_id text COLLATE "C" NOT NULL,
            relative_path bytea NOT NULL,
            variant text COLLATE "C" NOT NULL CHECK (variant IN ('original', 'upright', 'preview')),
            fingerprint text COLLATE "C" NOT NULL,
            size bigint NOT NULL,
            modified_ns bigint NOT NULL,
            exported_at double precision NOT NULL,
            PRIMARY KEY (destination, asset_id)
        );
        """
}
