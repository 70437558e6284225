import PhotoCatalog

extension RenditionStore {
    /// The asset's rendition of `spec` when its file exists (a `stat`, no decode).
    public func existing(_ spec: RenditionSpec, for asset: Asset) -> RenditionFile? {
        guard let width = asset.metadata.displayWidth, let height = asset.metadata.displayHeight else { return nil }
        return existingFile(fingerprint: asset.file.fingerprint, spec: spec, displayWidth: width, displayHeight: height)
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
