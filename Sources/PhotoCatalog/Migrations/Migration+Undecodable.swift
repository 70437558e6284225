extension SQLiteCatalog {
    /// Version 5: a rendition that could not be made is no longer damage to the photo.
    ///
    /// - `undecodable`: 1 when the original's image data does not decode at all, so it can
    ///   have no renditions and `verify` expects none; `damage` says what the decoder said.
    /// - Earlier index passes stored a failed rendition in `damage` as their last problem,
    ///   "renditions not made: <reason>". Where the reason was the original's (libjpeg gave up
    ///   on it, or its colour model cannot be shown) the asset is marked undecodable and the
    ///   reason kept as its damage; any other reason (a full disk, a folder in the way) said
    ///   nothing about the photo and is taken out, so `verify --repair` makes its renditions.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let undecodableMigration = SQLiteMigration(
        version: 5, name: "undecodable",
        script: """
            ALTER TABLE assets ADD COLUMN undecodable INTEGER NOT NULL DEFAULT 0 CHECK (undecodable IN (0, 1));

            UPDATE assets SET undecodable = 1, damage = replace(damage, 'renditions not made: ', '')
            WHERE instr(damage, 'renditions not made: cannot decode JPEG: ') > 0
                OR instr(damage, 'renditions not made: unsupported JPEG colour model') > 0;

            UPDATE assets SET damage = CASE
                    WHEN substr(damage, 1, 21) = 'renditions not made: ' THEN NULL
                    ELSE substr(damage, 1, instr(damage, '; renditions not made: ') - 1)
                END
            WHERE undecodable = 0 AND instr(damage, 'renditions not made: ') > 0;
            """
    )
}
