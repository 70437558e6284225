import Foundation
import PhotoCatalog

extension PostgresCatalog {
    /// Every collection with its count (`SQLRunner.collections(now:)`).
    public func collections(now: Date) throws -> [CollectionCount] {
        try reconnecting { try runner.collections(now: now) }
    }

    /// Records that the assets were popped at `date`, for Recently Popped. Safe to repeat.
    public func markPopped(_ ids: [AssetID], at date: Date) throws {
        guard !ids.isEmpty else { return }
        try reconnecting {
            try connection.execute(
                "UPDATE assets SET popped_at = $1 WHERE id = ANY($2::text[])",
                [.double(date.timeIntervalSince1970), .textArray(ids.map(\.hex))])
        }
    }
}
