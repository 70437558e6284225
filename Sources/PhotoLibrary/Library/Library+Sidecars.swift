import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

extension Library {
    /// Gives an asset's caption, city, favourite, rating and keywords back to its XMP sidecar when the library's
    /// setting is `sidecars: write` (see `SidecarWriter.update`); does nothing when it is `off`.
    /// Returns the sidecar written or checked, nil when the setting is off or there is nothing
    /// to write beside (the asset is trashed, or its original is missing: no orphan sidecar).
    ///
    /// Several photolib processes may edit one asset at once, each writing the sidecar after
    /// its commit: the writer takes a lock on the original (`flock`, which never changes it),
    /// then reads the asset as the catalog holds it now, so that whichever writes last writes
    /// the state committed last. The sidecar is written into the photo's folder opened
    /// through no symlink (`Library.place(of:)`).
    @discardableResult
    public func updateSidecar(
        for id: AssetID, catalog: any Catalog, writingDateAndPosition: Bool = false
    ) throws
        -> RawPath?
    {
        guard settings.sidecars == .write, var asset = try catalog.asset(id: id), !asset.trashed else { return nil }
        let place = try place(of: asset.file.relativePath)
        let descriptor = place.name.withCString {
            openat(place.folder.descriptor, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }  // the original is missing: no sidecar for it
            throw FileSystemError(path: place.path, errno: errno, operation: "open")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        asset = try catalog.asset(id: id) ?? asset
        guard !asset.trashed else { return nil }
        // A city photolib derived from GPS is not written: the sidecar holds what the user set
        // or a file said, and a derived city there would outrank its own source (and lose its
        // region and country) on the next index.
        // A rating someone set is written as it is; otherwise the favourite flag speaks (see
        // `SidecarRating`). Keywords are written whatever their source, as the caption is.
        return try SidecarWriter.update(
            folder: place.folder, photoName: place.name,
            caption: asset.caption, city: asset.citySource == .gps ? nil : asset.city, favourite: asset.favourite,
            rating: asset.ratingSource == .user ? .user(asset.rating) : .fromFavourite, keywords: asset.keywords,
            // A date or position someone set, or one `action date --undo` gave back: the
            // sidecar's own are otherwise left as other tools wrote them.
            takenAt: asset.takenAtByUser || writingDateAndPosition ? .some(asset.metadata.takenAt) : nil,
            gps: asset.gpsByUser ? .some(asset.metadata.gps) : nil,
            // People someone named or removed; a file's own face tags stay where they are.
            people: asset.peopleSource == .user ? asset.people : nil)
    }
}
