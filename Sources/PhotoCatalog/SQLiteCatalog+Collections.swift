import Foundation

extension SQLiteCatalog {
    /// Every collection with its count (`SQLRunner.collections(now:)`).
    public func collections(now: Date) throws -> [CollectionCount] { try runner.collections(now: now) }

    /// Records that the assets were popped (opened full size) at `date`, for Recently Popped.
    public func markPopped(_ ids: [AssetID], at date: Date) throws {
        try database.inTransaction {
            let update = try database.cachedStatement("UPDATE assets SET popped_at = ? WHERE id = ?")
            for id in ids { try update.run([.real(date.timeIntervalSince1970), .text(id.hex)]) }
        }
    }
}
