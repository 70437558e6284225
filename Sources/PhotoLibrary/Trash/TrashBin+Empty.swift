import Foundation
import PhotoCatalog
import PhotoSupport

extension TrashBin {
    /// What `trash empty` did.
    public struct EmptyReport: Sendable {
        /// Assets whose trashed file was deleted now, and removed from the catalog.
        public var deleted: [Asset] = []
        /// Assets removed from the catalog whose trashed file was already gone (and whose
        /// original is not back at its path either): nothing was deleted for them.
        public var alreadyGone: [Asset] = []
        public var failures: [(asset: Asset, error: any PhotolibError)] = []
        /// Companions that stayed beside the path of a photo deleted from the trash's old flat
        /// layout (`<id>-<name>`): the photolib that trashed it moved the photo alone, so they
        /// never were in the trash, and photolib deletes nothing it did not put there.
        public var companionsKept: [RawPath] = []

        /// The bytes deleted (of `deleted` only): each original with the companions and XMP
        /// sidecars that went into the trash with it.
        public var bytesDeleted: Int64 = 0
    }

    /// Deletes the trashed originals of `assets` for good and removes them from the catalog
    /// (their history stays). Only a file that is in the trash and recorded there is deleted;
    /// an asset whose trashed file is gone while a file is back at its path is kept (a
    /// restore the catalog missed: `verify` tells), and one whose file is nowhere is removed
    /// without deleting anything.
    public func empty(_ assets: [Asset], catalog: any Catalog) throws -> EmptyReport {
        var report = EmptyReport()
        var moves: [FileMove] = []
        var deleting: [Asset] = []
        var bytes: [AssetID: Int64] = [:]
        for asset in assets where asset.trashed {
            guard let location = asset.trashLocation else {
                report.failures.append((asset, TrashError(path: asset.file.relativePath, reason: .notInTrash)))
                continue
            }
            do {
                let trashed = try library.place(of: location)
                if trashed.status != nil {
                    moves.append(FileMove(assetID: asset.id, kind: .purge, source: location, target: nil))
                    deleting.append(asset)
                    bytes[asset.id] = trashedBytes(at: trashed)
                } else if let back = try? library.place(of: asset.file.relativePath), back.status != nil {
                    report.failures.append((asset, TrashError(path: back.path, reason: .originalBack)))
                } else {
                    report.alreadyGone.append(asset)
                }
            } catch let error as any PhotolibError {
                report.failures.append((asset, error))
            }
        }
        if !report.alreadyGone.isEmpty {
            let removed = Set(try catalog.purge(report.alreadyGone.map(\.id)))
            report.alreadyGone.removeAll { !removed.contains($0.id) }
        }
        guard !moves.isEmpty else { return report }
        let (purged, failures) = try FileMoves(library: library, catalog: catalog).run(moves, of: deleting) {
            moved, records in
            let removed = Set(try catalog.purge(moved.map(\.id), finishing: records))
            return moved.filter { removed.contains($0.id) }
        }
        report.deleted = purged
        // Their renditions, once no asset (a byte-identical copy) has the same content.
        _ = try? library.removeRenditions(of: purged, catalog: catalog)
        for asset in purged where asset.trashLocation?.parent == Library.trashRelativeDirectory {
            report.companionsKept += Companions.of(library.absolutePath(of: asset.file.relativePath)).map(\.path)
        }
        report.bytesDeleted = purged.reduce(0) { $0 + (bytes[$1.id] ?? $1.file.size) }
        report.failures += failures.map { ($0.asset, $0.error) }
        return report
    }
}
