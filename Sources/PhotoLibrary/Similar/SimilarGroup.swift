import PhotoCatalog
import PhotoFormats

/// Assets whose pictures look alike: perceptual fingerprints (`Asset.visualHash`,
/// `VisualFingerprint`) within a threshold of one another, each member with its distance to
/// the one suggested to keep.
public struct SimilarGroup: Sendable {
    public struct Member: Sendable {
        public var asset: Asset
        /// Bits in which its fingerprint differs from the kept member's (0 for that one).
        public var distance: Int
    }

    /// The member to keep first (`keepsBefore`), then the others nearest first.
    public var members: [Member]
    /// Whether the group holds frames of a burst (`BurstFinder`): different pictures one
    /// camera took within a second of each other, rather than copies of one photo alone.
    public var isBurst = false

    /// The distance at or under which two fingerprints count as the same picture when none is
    /// asked for: chosen from the precision/recall curve in docs/similar.md.
    public static let defaultThreshold = 8

    /// The groups among `assets` (those without a fingerprint are in none) of pictures linked
    /// by distances (`VisualFingerprint.distance`) of at most `threshold`, in the order of
    /// their first asset in `assets`.
    public static func groups(_ assets: [Asset], threshold: Int) -> [SimilarGroup] {
        let byID = Dictionary(assets.map { ($0.id, $0) }) { first, _ in first }
        return groups(assets.compactMap(SimilarityRecord.init), threshold: threshold) { ids in
            ids.compactMap { byID[$0] }
        }
    }

    /// The groups among `records` (in their order), as `groups(_:threshold:)` finds them, the
    /// members read whole by `assets` (given the ids of every member, once): only the few
    /// assets in groups are read whole, not the million searched.
    public static func groups(
        _ records: [SimilarityRecord], threshold: Int, jobs: Int = 1, assets: ([AssetID]) throws -> [Asset]
    ) rethrows -> [SimilarGroup] {
        let hashed = fingerprinted(records)
        let wholes = SimilarityIndex(hashed.map(\.1.whole), threshold: threshold)
        let centres = SimilarityIndex(hashed.map { $0.1.centre ?? $0.1.whole }, layout: wholes.layout)
        // Whole against whole, and whole against centre: centre against whole is the same
        // search seen from the other picture. Frames of a burst are linked in the same pass, so
        // that a copy of a burst's frame joins its burst.
        let bursts = BurstFinder.links(hashed)
        let found = SimilarityIndex.groups(
            count: hashed.count, within: threshold, searches: [(wholes, wholes), (centres, wholes)], jobs: jobs,
            linking: bursts)
        var inBurst = [Bool](repeating: false, count: hashed.count)
        for (a, _) in bursts { inBurst[a] = true }
        let read = try assets(found.flatMap { $0.map { hashed[$0].0.id } })
        let byID = Dictionary(read.map { ($0.id, $0) }) { first, _ in first }
        return found.compactMap { positions in
            // An asset gone between the two reads is left out; a group left with one is none.
            let members = positions.compactMap { position in
                byID[hashed[position].0.id].map { ($0, hashed[position].1) }
            }
            guard members.count > 1 else { return nil }
            var made = group(members)
            made.isBurst = positions.contains { inBurst[$0] }
            return made
        }
    }

    /// The assets within `threshold` of `target` (not itself), nearest first, as a group
    /// whose first member is `target` at distance 0; nil when `target` has no fingerprint.
    /// `assets` reads the found ones whole.
    public static func nearest(
        to target: Asset, among records: [SimilarityRecord], threshold: Int, assets: ([AssetID]) throws -> [Asset]
    ) rethrows -> SimilarGroup? {
        guard let probe = target.visualHash.flatMap(VisualFingerprint.init(hex:)) else { return nil }
        let hashed = fingerprinted(records)
        let wholes = SimilarityIndex(hashed.map(\.1.whole), threshold: threshold)
        var found = Set<Int>()
        wholes.forEachNeighbour(of: probe.whole, within: threshold) { position, _ in found.insert(position) }
        if let centre = probe.centre {
            wholes.forEachNeighbour(of: centre, within: threshold) { position, _ in found.insert(position) }
        }
        SimilarityIndex(hashed.map { $0.1.centre ?? $0.1.whole }, layout: wholes.layout).forEachNeighbour(
            of: probe.whole, within: threshold
        ) { position, _ in found.insert(position) }
        let near = found.filter { hashed[$0].0.id != target.id && probe.distance(to: hashed[$0].1) <= threshold }
        let byID = Dictionary(try assets(near.map { hashed[$0].0.id }).map { ($0.id, $0) }) { first, _ in first }
        let members = near.compactMap { position in
            byID[hashed[position].0.id].map { Member(asset: $0, distance: probe.distance(to: hashed[position].1)) }
        }
        .sorted { a, b in
            if a.distance != b.distance { return a.distance < b.distance }
            return a.asset.file.relativePath.bytes.lexicographicallyPrecedes(b.asset.file.relativePath.bytes)
        }
        return SimilarGroup(members: [Member(asset: target, distance: 0)] + members)
    }

    /// The records that hold a readable fingerprint, with it.
    static func fingerprinted(_ records: [SimilarityRecord]) -> [(SimilarityRecord, VisualFingerprint)] {
        records.compactMap { record in VisualFingerprint(hex: record.visualHash).map { (record, $0) } }
    }

    /// The members' distances to the one to keep, and that one first.
    static func group(_ assets: [(Asset, VisualFingerprint)]) -> SimilarGroup {
        let keeper = assets.min { keepsBefore($0.0, $1.0) }!
        let others = assets.filter { $0.0.id != keeper.0.id }
            .map { Member(asset: $0.0, distance: $0.1.distance(to: keeper.1)) }
            .sorted { a, b in
                if a.distance != b.distance { return a.distance < b.distance }
                return a.asset.file.relativePath.bytes.lexicographicallyPrecedes(b.asset.file.relativePath.bytes)
            }
        return SimilarGroup(members: [Member(asset: keeper.0, distance: 0)] + others)
    }

    /// The rule for the member to keep, documented in photolib(1) and docs/similar.md: the most
    /// pixels; then an original format (a raw, then HEIF, JPEG, TIFF, PNG, WebP: what a camera
    /// writes before what a conversion does); then the oldest (taken, else modified); then the
    /// one with most metadata (date, position, camera, caption, keywords, rating); then by path.
    public static func keepsBefore(_ a: Asset, _ b: Asset) -> Bool {
        let pixels = { (asset: Asset) in (asset.metadata.pixelWidth ?? 0) * (asset.metadata.pixelHeight ?? 0) }
        if pixels(a) != pixels(b) { return pixels(a) > pixels(b) }
        if formatRank(a.metadata.format) != formatRank(b.metadata.format) {
            return formatRank(a.metadata.format) < formatRank(b.metadata.format)
        }
        let takenA = a.metadata.takenAt?.localTime
        let takenB = b.metadata.takenAt?.localTime
        if takenA != takenB, let takenA, let takenB { return takenA < takenB }
        if (takenA == nil) != (takenB == nil) { return takenA != nil }
        if a.file.modifiedNanoseconds != b.file.modifiedNanoseconds {
            return a.file.modifiedNanoseconds < b.file.modifiedNanoseconds
        }
        if metadataCount(a) != metadataCount(b) { return metadataCount(a) > metadataCount(b) }
        return a.file.relativePath.bytes.lexicographicallyPrecedes(b.file.relativePath.bytes)
    }

    static func formatRank(_ format: ImageFormat) -> Int {
        switch format {
        case .raw: 0
        case .heif: 1
        case .jpeg: 2
        case .tiff: 3
        case .png: 4
        case .webp: 5
        case .psd: 6
        case .gif: 7
        case .bmp: 8
        case .video: 9
        }
    }

    static func metadataCount(_ asset: Asset) -> Int {
        let metadata = asset.metadata
        let present: [Bool] = [
            metadata.takenAt != nil, metadata.gps != nil, metadata.cameraMake != nil, metadata.cameraModel != nil,
            asset.caption != nil, !asset.keywords.isEmpty, asset.rating != nil,
        ]
        return present.count { $0 }
    }
}
