import PhotoSupport

/// What the preview workflow (`action`, `pop`, `trash`, `history`) asks of a catalog, on
/// top of indexing and listing. Every `Catalog` offers it.
public protocol CatalogEditing: AnyObject {
    /// The asset whose file is at `relativePath` (relative to the library root), if any.
    func asset(atRelativePath relativePath: RawPath) throws -> Asset?

    /// Applies `edits` in one transaction and writes each changed field to the action log
    /// under `action`, all in one batch. Edits that change nothing are skipped and logged
    /// nowhere. Returns the assets as they are afterwards, in the order of `edits`.
    /// Throws `CatalogEditError.noSuchAsset` (and changes nothing) for an unknown id.
    /// With `finishing`, the rows of those recorded file moves go in the same transaction.
    func apply(_ edits: [AssetEdit], action: String, finishing moves: [Int64]) throws -> [Asset]

    /// The action log, oldest first: of one asset, or of all when `id` is nil; the latest
    /// `limit` events when a limit is given.
    func history(for id: AssetID?, limit: Int?) throws -> [AssetEvent]

    /// A page of the whole action log: at most `limit` events after `sequence`, oldest first.
    /// A reader of millions of events goes page by page, holding one page at a time.
    func history(after sequence: Int64, limit: Int) throws -> [AssetEvent]

    /// Records that `pop` showed the asset now; returns it as updated, nil for an unknown id.
    func recordPop(id: AssetID) throws -> Asset?

    /// Removes assets from the catalog for good (after `trash empty` deleted their files),
    /// logging a `purge` event for each. Only trashed assets are removed; the ids removed are returned.
    func purge(_ ids: [AssetID], finishing moves: [Int64]) throws -> [AssetID]

    // MARK: File moves (see `FileMove`)

    /// Commits the moves about to be made; returns them with their row numbers.
    func recordMoves(_ moves: [FileMove]) throws -> [FileMove]

    /// Moves recorded and not finished: each one an interrupted command's, or a running one's.
    func pendingMoves() throws -> [FileMove]

    /// Forgets recorded moves that were undone (or never made).
    func dropMoves(_ sequences: [Int64]) throws

    /// The id of the library this catalog belongs to (`catalog_info.library_id`), if recorded.
    func libraryID() throws -> String?

    func setLibraryID(_ id: String) throws

    /// Removes assets whose original is gone (missing, not in the trash) from the catalog,
    /// logging a `forget` event for each, in one transaction; the ids removed are returned.
    /// Their history is kept.
    func forget(_ ids: [AssetID]) throws -> [AssetID]

    /// Problems found by SQLite's own integrity check and by photolib's invariants (a trashed
    /// asset knows where its file is, nothing else does; the stored collection counts are
    /// what the assets say); empty when the catalog is sound.
    func catalogProblems() throws -> [CatalogProblem]

    /// Rewrites the stored collection counts that disagree with the assets counted afresh,
    /// in one transaction that holds off writers meanwhile (their triggers' changes land
    /// before it or after it), by the same counting the integrity check does: after it, the
    /// check finds the counts right. Returns the counts rewritten, by kind and name; empty
    /// (and nothing written) when all were right.
    func recountCollections() throws -> [CollectionCountCorrection]
}

extension CatalogEditing {
    public func apply(_ edits: [AssetEdit], action: String) throws -> [Asset] {
        try apply(edits, action: action, finishing: [])
    }

    public func purge(_ ids: [AssetID]) throws -> [AssetID] {
        try purge(ids, finishing: [])
    }
}
