import Foundation
import PhotoSupport

/// What the catalog remembers of one asset exported to one destination folder
/// (`photolib export --update`), so that the next export there copies only what is new or
/// changed, as osxphotos does with its export database.
public struct ExportRecord: Sendable, Equatable {
    /// The destination folder's real path (symlinks resolved): the same folder named two ways
    /// is one destination.
    public var destination: RawPath
    public var assetID: AssetID
    /// The copy, relative to `destination`.
    public var relativePath: RawPath
    /// What was copied: `original`, `upright` or `preview`.
    public var variant: String
    /// What identified the original when it was copied (its content fingerprint, size and
    /// modification time, as the exporter writes them): a changed original has another.
    public var fingerprint: String
    /// The copy's size and modification time as written, to tell it was replaced or removed.
    public var size: Int64
    public var modifiedNanoseconds: Int64
    /// Seconds since 1970.
    public var exportedAt: Double

    public init(
        destination: RawPath, assetID: AssetID, relativePath: RawPath, variant: String, fingerprint: String,
        size: Int64, modifiedNanoseconds: Int64, exportedAt: Double
    ) {
        self.destination = destination
        self.assetID = assetID
        self.relativePath = relativePath
        self.variant = variant
        self.fingerprint = fingerprint
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.exportedAt = exportedAt
    }
}

/// The export records every catalog store keeps beside its assets.
public protocol ExportRecordStore: AnyObject {
    /// Every asset recorded as exported to `destination`, by asset id.
    func exportRecords(destination: RawPath) throws -> [AssetID: ExportRecord]

    /// Remembers `records` in one transaction, each replacing the one of the same
    /// destination and asset.
    func recordExports(_ records: [ExportRecord]) throws

    /// Forgets what was exported of `assets` to `destination` (`export --cleanup` removed
    /// those copies, or found them gone or no longer as written), in one transaction.
    func forgetExports(destination: RawPath, assets: [AssetID]) throws

    /// Every record of every destination, in (destination, asset) order, for `catalog copy`.
    func allExportRecords() throws -> [ExportRecord]
}
