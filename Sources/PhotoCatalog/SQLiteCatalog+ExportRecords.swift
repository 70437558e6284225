import Foundation
import PhotoSupport

extension SQLiteCatalog: ExportRecordStore {
    public func exportRecords(destination: RawPath) throws -> [AssetID: ExportRecord] {
        try runner.exportRecords(destination: destination)
    }

    public func recordExports(_ records: [ExportRecord]) throws {
        try runner.recordExports(records)
    }

    public func forgetExports(destination: RawPath, assets: [AssetID]) throws {
        try runner.forgetExports(destination: destination, assets: assets)
    }

    public func allExportRecords() throws -> [ExportRecord] {
        try runner.allExportRecords()
    }
}
