import PhotoSupport

extension PostgresCatalog {
    /// Written into a new catalog's `catalog_info` as `created_by`, and beside each applied step.
    static let creator = "photolib \(PhotolibRelease.version)"

    /// The schema's history, one frozen file each (`PostgresCatalog+NameSchema.swift`), on the
    /// one version track the SQLite catalog shares (`SQLiteCatalog+Migrations.swift`): version
    /// N is the same schema on both, and step N has the same name on both. Append, never edit.
    ///
    /// The eleven steps released before the track keep the numbers `schema_migrations` holds
    /// for them (1 to 11) and are read through a fixed map onto the track: legacy version 11
    /// is track version 14. Every later step is stored under its track version (15, 16, …),
    /// so stored versions 12 to 14 never occur.
    static let migrator = PostgresMigrator([
        .legacy(1, track: 3, name: "initialSchema", script: initialSchema),
        // The work queue of `index --worker` and `render --worker`; SQLite has none.
        .legacy(2, track: 3, name: "workQueue", script: workQueueSchema),
        .legacy(3, track: 5, name: "undecodable", script: undecodableSchema),
        // PostgreSQL's own indexes for `collections`.
        .legacy(4, track: 5, name: "coveringCollections", script: coveringCollectionsSchema),
        .legacy(5, track: 6, name: "metadataSources", script: metadataSourcesSchema),
        .legacy(6, track: 7, name: "pageOrder", script: pageOrderSchema),
        // SQLite's fileMoves, indexFailures and formats in one step.
        .legacy(7, track: 10, name: "trustAndFormats", script: trustAndFormatsSchema),
        .legacy(8, track: 11, name: "keywords", script: keywordsSchema),
        .legacy(9, track: 12, name: "exportRecords", script: exportRecordsSchema),
        .legacy(10, track: 13, name: "contentHash", script: contentHashSchema),
        .legacy(11, track: 14, name: "storedCounts", script: storedCountsSchema),
        // From here on one step per track version, as SQLite's: PostgresMigration(version: 15, name: …).
        PostgresMigration(version: 15, name: "userDatesAndPlaces", script: userDatesAndPlacesSchema),
        PostgresMigration(version: 16, name: "visualHash", script: visualHashSchema),
        PostgresMigration(version: 17, name: "visualCentreHash", script: visualCentreHashSchema),
        PostgresMigration(version: 18, name: "takenSubsecond", script: takenSubsecondSchema),
    ])

    /// The schema version (on the track both stores share) this photolib writes.
    public static var schemaVersion: Int { migrator.latestVersion }
}
