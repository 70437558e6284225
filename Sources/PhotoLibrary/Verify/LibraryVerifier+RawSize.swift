import PhotoCatalog
import PhotoFormats
import PhotoSupport

extension LibraryVerifier {
    /// A raw whose recorded size is not what the index reads from it now: LibRaw's pixel
    /// aspect is applied since issue 27 (a Kodak DC120's 848x976 raster is 1280x960 shown),
    /// and an index leaves unchanged files alone, so catalogs made before keep the old size
    /// until this finding's repair reads the file again. Only raws are read: no other
    /// format's size changed meaning. The read is the index's own (LibRaw opens the file,
    /// nothing is decoded).
    func staleSize(of asset: Asset, path: RawPath) -> [VerifyFinding] {
        let recorded = asset.metadata
        guard recorded.format == .raw, let reading = try? ImageFileReader.read(path),
            let width = reading.metadata.pixelWidth, let height = reading.metadata.pixelHeight,
            width != recorded.pixelWidth || height != recorded.pixelHeight
        else { return [] }
        let old = "\(recorded.pixelWidth.map(String.init) ?? "?")x\(recorded.pixelHeight.map(String.init) ?? "?")"
        return [
            VerifyFinding(
                kind: .sizeStale, path: path, assetID: asset.id,
                detail: "recorded as \(old); the file reads as \(width)x\(height) now (non-square pixels)")
        ]
    }
}
