extension PostgresCatalog {
    /// Legacy version 10 (track version 13): `content_hash`, the XXH3-128 of the
    /// original's whole content (32 lowercase hex digits), NULL until the file is read whole.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let contentHashSchema = """
        ALTER TABLE assets ADD COLUMN content_hash text COLLATE "C" CHECK (length(content_hash) = 32);
        CREATE INDEX assets_by_content_hash ON assets (content_hash) WHERE content_hash IS NOT NULL;
        """
}
