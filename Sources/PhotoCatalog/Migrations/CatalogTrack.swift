/// The catalog's schema steps from version 15 on, each declared once for both stores
/// (`CatalogMigration`). Before 15, each store's steps are frozen files of their own
/// (`Migration+Name.swift` here, `PostgresCatalog+NameSchema.swift` in PhotoCatalogPostgres).
///
/// A new step is appended to `steps`, named for what it does; its version is its place in
/// the list. Append, never edit: catalogs in use depend on each step as it was released.
package enum CatalogTrack {
    /// The version of the first step of `steps`.
    package static let firstVersion = 15

    package static let steps: [CatalogMigration] = [
        // Dates and positions a person set (`action date`, `action gps`), which an index pass
        // then keeps over what the file says, as it keeps a user's caption or city.
        // - `taken_by_user`: set once someone set the capture date (`taken_local`,
        //   `taken_offset`); `taken_source` keeps naming the file's block, so that an undo
        //   gives the file back.
        // - `gps_by_user`: set once someone set or cleared the position (`gps_*` columns).
        // Flags beside the sources rather than a new source value: the sources' CHECKs name
        // the file's blocks, and SQLite cannot change a CHECK without rebuilding the table.
        CatalogMigration(
            "userDatesAndPlaces", frozen: "cea789b0f8e1b180",
            sqlite: """
                ALTER TABLE assets ADD COLUMN taken_by_user INTEGER NOT NULL DEFAULT 0 CHECK (taken_by_user IN (0, 1));
                ALTER TABLE assets ADD COLUMN gps_by_user INTEGER NOT NULL DEFAULT 0 CHECK (gps_by_user IN (0, 1));
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN taken_by_user boolean NOT NULL DEFAULT false;
                ALTER TABLE assets ADD COLUMN gps_by_user boolean NOT NULL DEFAULT false;
                """),

        // `visual_hash`: the asset's perceptual fingerprint (`PerceptualHash`, 16 lowercase
        // hex digits), made with its renditions from the thumbnail's pixels, for `photolib
        // similar`. Kept, like `content_hash`, only while the original's size and
        // modification time are unchanged. No index: `similar` reads every fingerprint into
        // a search tree of its own.
        CatalogMigration(
            "visualHash", frozen: "b83aa57d778b5a36",
            sqlite: """
                ALTER TABLE assets ADD COLUMN visual_hash TEXT CHECK (length(visual_hash) = 16);
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN visual_hash text COLLATE "C" CHECK (length(visual_hash) = 16);
                """),

        // `image_data_hash`: a hash of the original's picture data with its metadata left out
        // (`ImageDataHash`, 16 lowercase hex digits), written by each index pass. A file renamed
        // and edited in one step (exiftool's `-FileName=` with a tag) is found by it as the
        // asset whose file went away, moved and changed. Indexed, partially: it is looked up by
        // value for new paths only, and formats without one leave it NULL.
        CatalogMigration(
            "imageDataHash", frozen: "611625d5ff5b9996",
            sqlite: """
                ALTER TABLE assets ADD COLUMN image_data_hash TEXT CHECK (length(image_data_hash) = 16);
                CREATE INDEX assets_by_image_data_hash ON assets (image_data_hash) WHERE image_data_hash IS NOT NULL;
                """,
            postgres: """
                ALTER TABLE assets ADD COLUMN image_data_hash text COLLATE "C" CHECK (length(image_data_hash) = 16);
                CREATE INDEX assets_by_image_data_hash ON assets (image_data_hash) WHERE image_data_hash IS NOT NULL;
                """),
    ]
}
