extension PostgresCatalog {
    /// Legacy version 3 (track version 5) in PostgreSQL's words: a rendition that could
    /// not be made is no longer damage to the photo.
    ///
    /// - `undecodable`: true when the original's image data does not decode at all, so it can
    ///   have no renditions and `verify` expects none; `damage` says what the decoder said.
    /// - Earlier index passes stored a failed rendition in `damage` as their last problem,
    ///   "renditions not made: <reason>". Where the reason was the original's the asset is
    ///   marked undecodable and the reason kept as its damage; any other reason (a full disk)
    ///   said nothing about the photo and is taken out. The same rewrite as SQLite's, so that
    ///   a library upgraded on either backend lists the same way.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let undecodableSchema = """
        ALTER TABLE assets ADD COLUMN undecodable boolean NOT NULL DEFAULT false;

        UPDATE assets SET undecodable = true, damage = replace(damage, 'renditions not made: ', '')
        WHERE strpos(damage, 'renditions not made: cannot decode JPEG: ') > 0
            OR strpos(damage, 'renditions not made: unsupported JPEG colour model') > 0;

        UPDATE assets SET damage = CASE
                WHEN substr(damage, 1, 21) = 'renditions not made: ' THEN NULL
                ELSE substr(damage, 1, strpos(damage, '; renditions not made: ') - 1)
            END
        WHERE NOT undecodable AND strpos(damage, 'renditions not made: ') > 0;
        """
}
