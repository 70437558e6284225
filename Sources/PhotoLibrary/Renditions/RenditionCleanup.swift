import Foundation
import PhotoCatalog
import PhotoSupport

/// Removes the renditions of contents no asset has any more, in the command that made them
/// stale: an index that found an original edited (its content hash changed), `trash empty` and
/// `forget` (the asset is gone). Byte-identical copies share renditions, so a content's files
/// go only when no asset, trashed or not, still has its hash.
///
/// Crash-safe by order: the catalog is written first, the files removed after. A kill between
/// the two leaves files no asset claims, which `verify` reports as stale and `--repair` removes;
/// never an asset without its renditions.
struct RenditionCleanup {
    let library: Library
    let catalog: any Catalog

    /// Removes the rendition files (at the library's sizes) of each hash in `hashes` that no
    /// asset has now, through no symlink; returns how many files went. Failures to remove are
    /// left for `verify` (the files are only stale); throws when the catalog cannot be read.
    @discardableResult
    func removeUnclaimed(_ hashes: Set<String>) throws -> Int {
        guard !hashes.isEmpty else { return 0 }
        var everything = AssetQuery()
        everything.trash = .included
        var unclaimed = hashes
        try catalog.forEachAsset(matching: everything) { asset in
            if let hash = asset.contentHash { unclaimed.remove(hash) }
            return !unclaimed.isEmpty
        }
        let store = RenditionStore(library: library)
        var removed = 0
        for hash in unclaimed {
            for kind in RenditionKind.allCases {
                let spec = RenditionSpec.standard(kind, settings: library.settings)
                // Through no symlink: a planted link's far end is not the library's to delete.
                if let path = try? store.path(contentHash: hash, spec: spec), (try? store.remove(path)) == true {
                    removed += 1
                }
            }
        }
        return removed
    }
}

extension Library {
    /// Deletes the renditions of assets just removed from `catalog` (forgotten), except those
    /// another asset still shows (a byte-identical copy: same content hash); a file already gone
    /// is no error. Returns how many files were deleted.
    @discardableResult
    public func removeRenditions(of removed: [Asset], catalog: any Catalog) throws -> Int {
        try RenditionCleanup(library: self, catalog: catalog).removeUnclaimed(Set(removed.compactMap(\.contentHash)))
    }
}
