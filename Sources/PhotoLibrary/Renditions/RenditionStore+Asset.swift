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
