import Foundation
import PhotoCatalog

extension RenditionStore {
    /// The asset's rendition of `spec` when its file exists (a `stat`, no decode); nil for an
    /// asset without a content hash yet, whose renditions cannot be named until it is read whole.
    public func existing(_ spec: RenditionSpec, for asset: Asset) -> RenditionFile? {
        guard let width = asset.metadata.displayWidth, let height = asset.metadata.displayHeight,
            let contentHash = asset.contentHash
        else { return nil }
        return existingFile(
            contentHash: contentHash, spec: spec, displayWidth: width, displayHeight: height,
            format: asset.metadata.format)
    }

    /// The asset's renditions that exist now under `settings`, by kind (none is made).
    public func existingRenditions(of asset: Asset, settings: LibrarySettings) -> [RenditionKind: RenditionFile] {
        var result: [RenditionKind: RenditionFile] = [:]
        for kind in RenditionKind.allCases {
            result[kind] = existing(RenditionSpec.standard(kind, settings: settings), for: asset)
        }
        return result
    }
}

extension Library {
    /// Deletes the renditions of assets just removed from `catalog` (forgotten), except those
    /// another asset still shows (a byte-identical copy: same content hash); a file already gone
    /// is no error. Returns how many files were deleted.
    @discardableResult
    public func removeRenditions(of removed: [Asset], catalog: any Catalog) throws -> Int {
        var everyAsset = AssetQuery()
        everyAsset.trash = .included
        let kept = Set(try catalog.assets(matching: everyAsset).compactMap(\.contentHash))
        let store = RenditionStore(library: self)
        var deleted = 0
        for asset in removed where !kept.contains(asset.contentHash ?? "") {
            for file in store.existingRenditions(of: asset, settings: settings).values {
                // Through no symlink: a planted link's far end is not the library's to delete.
                if (try? store.remove(file.path)) == true { deleted += 1 }
            }
        }
        return deleted
    }
}
