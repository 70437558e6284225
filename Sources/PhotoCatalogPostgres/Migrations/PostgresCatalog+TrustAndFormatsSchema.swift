extension PostgresCatalog {
    /// Legacy version 7 (track version 10), the SQLite catalog's versions 8, 9 and 10 in one step:
    ///
    /// - `file_moves`: each move of an original written before it is made (`FileMove`), the
    ///   row removed in the transaction that finishes it (`FileMoveRecovery`). `catalog_info`
    ///   may now hold `library_id`, written by the library.
    /// - `index_failures`: the files `index` could not read, by path, with the size and
    ///   modification time they had then, so that an unchanged one is not read again.
    /// - `format` and `mime_type`: photos in formats other than JPEG; every asset indexed
    ///   before was a JPEG.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let trustAndFormatsSchema = """
        CREATE TABLE file_moves (
            seq bigserial PRIMARY KEY,
            asset_id text COLLATE "C" NOT NULL,
            kind text COLLATE "C" NOT NULL CHECK (kind IN ('trash', 'restore', 'purge')),
            source bytea NOT NULL,
            target bytea,
            started_at double precision NOT NULL
        );
        CREATE TABLE index_failures (
            relative_path bytea PRIMARY KEY,
            size bigint NOT NULL,
            modified_ns bigint NOT NULL,
            reason text NOT NULL,
            failed_at double precision NOT NULL
        );
        ALTER TABLE assets ADD COLUMN format text COLLATE "C" NOT NULL DEFAULT 'jpeg'
            CHECK (format IN ('jpeg', 'heif', 'png', 'webp', 'tiff', 'raw'));
        ALTER TABLE assets ADD COLUMN mime_type text COLLATE "C" NOT NULL DEFAULT 'image/jpeg';
        CREATE INDEX assets_format ON assets (format);
        """
}
