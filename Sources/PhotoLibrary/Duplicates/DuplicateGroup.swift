import PhotoCatalog

/// Assets whose originals are byte-identical: one content hash.
public struct DuplicateGroup: Sendable, Equatable {
    public var contentHash: String
    /// In the order they were given (`DuplicateGroup.groups` keeps the query's order).
    public var assets: [Asset]

    public var size: Int64 { assets.first?.file.size ?? 0 }

    /// The groups of two or more among `assets` with one content hash, in the order of each
    /// group's first asset; assets without a hash are in none.
    public static func groups(_ assets: [Asset]) -> [DuplicateGroup] {
        var order: [String] = []
        var members: [String: [Asset]] = [:]
        for asset in assets {
            guard let hash = asset.contentHash else { continue }
            if members[hash] == nil { order.append(hash) }
            members[hash, default: []].append(asset)
        }
        return order.compactMap { hash in
            guard let group = members[hash], group.count > 1 else { return nil }
            return DuplicateGroup(contentHash: hash, assets: group)
        }
    }
}
