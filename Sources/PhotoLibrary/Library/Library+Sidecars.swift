import PhotoCatalog
import PhotoFormats
import PhotoSupport

extension Library {
    /// Gives an asset's caption, city and favourite back to its XMP sidecar when the library's
    /// setting is `sidecars: write` (see `SidecarWriter.update`); does nothing when it is `off`.
    /// Returns the sidecar written or checked, nil when the setting is off.
    ///
    /// The one call an action makes after changing a caption, city or favourite.
    @discardableResult
    public func updateSidecar(for asset: Asset) throws -> RawPath? {
        guard settings.sidecars == .write else { return nil }
        // A city photolib derived from GPS is not written: the sidecar holds what the user set
        // or a file said, and a derived city there would outrank its own source (and lose its
        // region and country) on the next index.
        return try SidecarWriter.update(
            originalPath: absolutePath(of: asset.file.relativePath),
            caption: asset.caption, city: asset.citySource == .gps ? nil : asset.city, favourite: asset.favourite)
    }
}
