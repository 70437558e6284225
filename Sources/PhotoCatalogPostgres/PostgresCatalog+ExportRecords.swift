import Foundation
import PhotoCatalog
import PhotoSupport

extension PostgresCatalog: ExportRecordStore {
    public func exportRecords(destination: RawPath) throws -> [AssetID: ExportRecord] {
        try reconnecting { try runner.exportRecords(destination: destination) }
    }

    public func recordExports(_ records: [ExportRecord]) throws {
        try reconnecting { try runner.recordExports(records) }
    }

    public func forgetExports(destination: RawPath, assets: [AssetID]) throws {
        try reconnecting { try runner.forgetExports(destination: destination, assets: assets) }
    }

    public func allExportRecords() throws -> [ExportRecord] {
        try reconnecting { try runner.allExportRecords() }
    }
}
