import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// The preview rendition `peek` shows, made when missing: only the preview, never the
/// thumbnail, and when it exists already only a `stat` (no decode, no catalog write). When
/// making it finds the original damaged (decoded in part, or not at all), `catalog` records it.
public struct PreviewSource {
    public let library: Library
    private let store: RenditionStore
    private let catalog: (any Catalog)?

    public init(library: Library, catalog: (any Catalog)? = nil) {
        self.library = library
        self.catalog = catalog
        store = RenditionStore(library: library)
    }

    /// The asset's preview, made now if it does not exist yet.
    public func preview(for asset: Asset) throws -> RenditionFile {
        var asset = asset
        return try preview(for: &asset)
    }

    /// The asset's preview, made now if it does not exist yet; an asset that had no content
    /// hash gets the one its original was read with (as the catalog does, when it is writable),
    /// so that what is shown next finds its renditions.
    public func preview(for asset: inout Asset) throws -> RenditionFile {
        let spec = RenditionSpec.standard(.preview, settings: library.settings)
        if let existing = store.existing(spec, for: asset) { return existing }
        let original = try library.originalPath(of: asset)
        let outcome: RenditionOutcome
        do {
            outcome = try RenditionMaker(settings: library.settings, store: store)
                .make(
                    source: original, contentHash: asset.contentHash,
                    orientation: asset.metadata.orientation, kinds: [.preview], force: false)
        } catch {
            if let finding = DamageFinding.undecodable(id: asset.id, error: error) {
                try catalog?.recordDamage([finding])
            }
            throw error
        }
        if let damage = outcome.damage { try catalog?.recordDamage([.partial(id: asset.id, damage: damage)]) }
        if let hash = outcome.contentHash, hash != asset.contentHash {
            // Best effort: a read-only catalog still shows the preview.
            _ = try? catalog?.recordContentHashes([ContentHashRecord(asset: asset, hash: hash)])
            asset.contentHash = hash
        }
        guard let preview = outcome.preview else {
            throw PictureError(path: original, reason: .undecodable("no preview was made"))
        }
        return preview
    }

    /// The renditions of the asset that exist now, by kind (none is made).
    public func existingRenditions(of asset: Asset) -> [RenditionKind: RenditionFile] {
        store.existingRenditions(of: asset, settings: library.settings)
    }
}
