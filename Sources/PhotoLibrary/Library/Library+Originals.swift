import PhotoCatalog
import PhotoSupport

extension Library {
    /// Where the asset's original is now (absolute): in the trash when it is trashed, else at
    /// its path. Every reader of an original (renditions, peek, pop, export) goes through this.
    public func originalPath(of asset: Asset) -> RawPath {
        absolutePath(of: asset.trashed ? (asset.trashLocation ?? asset.file.relativePath) : asset.file.relativePath)
    }
}
