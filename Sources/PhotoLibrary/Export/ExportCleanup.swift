import Foundation
import PhotoCatalog
import PhotoSupport

/// What `export --cleanup` did with one earlier copy whose asset is gone.
public struct ExportCleanup: Sendable, Equatable {
    public enum Action: String, Sendable {
        /// Removed (or, in a dry run, would be): the copy was as photolib wrote it.
        case remove
        /// Left in place: the file there is no longer the copy written (replaced or edited).
        case keep
        /// It could not be removed (`problem` says why).
        case fail
    }

    public var assetID: AssetID
    /// The copy, relative to the export folder.
    public var relativePath: RawPath
    public var action: Action
    public var problem: String?
}

extension AssetExporter {
    /// Removes the copies this folder's export records name whose asset is gone from the
    /// library (forgotten, its trash emptied, or in the trash), with their sidecars when this
    /// export writes sidecars, and the
    /// folders that leaves empty. Only a file that is still as photolib wrote it (a regular
    /// file of the recorded size and modification time) is removed: nothing else in the folder
    /// is ever looked at, and a copy someone replaced or edited is kept. Removal goes through
    /// the folder's handles (no symlink followed). The records of what was removed or found
    /// gone are forgotten by `finish`. Call after this run's exports (whose assets are not gone).
    public func cleanUp() throws -> [ExportCleanup] {
        var outcomes: [ExportCleanup] = []
        for record in records.values.sorted(by: {
            $0.relativePath.bytes.lexicographicallyPrecedes($1.relativePath.bytes)
        }) {
            if let asset = try catalog.asset(id: record.assetID), !asset.trashed { continue }
            var outcome = ExportCleanup(
                assetID: record.assetID, relativePath: record.relativePath, action: .remove, problem: nil)
            do {
                guard let info = try destination.status(record.relativePath) else {
                    // Removed by someone else already: only the record is left to forget.
                    forgotten.append(record.assetID)
                    continue
                }
                guard (info.st_mode & S_IFMT) == S_IFREG, Int64(info.st_size) == record.size,
                    info.modifiedNanoseconds == record.modifiedNanoseconds
                else {
                    outcome.action = .keep
                    outcome.problem = "changed since it was exported"
                    forgotten.append(record.assetID)
                    outcomes.append(outcome)
                    continue
                }
                if !options.dryRun {
                    // The sidecar only when this export writes them (as a moved copy's is
                    // removed): no record names it.
                    let sidecar = RawPath(bytes: record.relativePath.bytes + Array(".xmp".utf8))
                    if options.sidecars, let sidecarInfo = try destination.status(sidecar),
                        (sidecarInfo.st_mode & S_IFMT) == S_IFREG
                    {
                        try destination.remove(sidecar)
                    }
                    try destination.remove(record.relativePath)
                    forgotten.append(record.assetID)
                }
            } catch let error as any PhotolibError {
                outcome.action = .fail
                outcome.problem = error.description
            }
            outcomes.append(outcome)
        }
        return outcomes
    }
}
