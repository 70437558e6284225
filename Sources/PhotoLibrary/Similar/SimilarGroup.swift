import PhotoCatalog
import PhotoFormats

/// Assets whose pictures look alike: perceptual fingerprints (`Asset.visualHash`) within a
/// threshold of one another, each member with its distance to the one suggested to keep.
public struct SimilarGroup: Sendable {
    public struct Member: Sendable {
        public var asset: Asset
        /// Bits in which its fingerprint differs from the kept member's (0 for that one).
        public var distance: Int
    }

    /// The member to keep first (`keepsBefore`), then the others nearest first.
    public var members: [Member]

    /// The distance at or under which two fingerprints count as the same picture when none is
    /// asked for: chosen from the precision/recall curve in docs/similar.md.
    public static let defaultThreshold = 10

    /// The groups among `assets` (those without a fingerprint are in none) of pictures linked
    /// by distances of at most `threshold`, in the order of their first asset in `assets`.
    public static func groups(_ assets: [Asset], threshold: Int) -> [SimilarGroup] {
        let hashed = assets.compactMap { asset in
            asset.visualHash.flatMap(PerceptualHash.init(hex:)).map { (asset, $0.bits) }
        }
        let index = SimilarityIndex(hashed.map(\.1))
        return index.groups(within: threshold).map { positions in
            group(positions.map { hashed[$0] })
        }
    }

    /// The assets within `threshold` of `target` (not itself), nearest first, as a group
    /// whose first member is `target` at distance 0; nil when `target` has no fingerprint.
    public static func nearest(to target: Asset, among assets: [Asset], threshold: Int) -> SimilarGroup? {
        guard let bits = target.visualHash.flatMap(PerceptualHash.init(hex:))?.bits else { return nil }
        let hashed = assets.compactMap { asset in
            asset.visualHash.flatMap(PerceptualHash.init(hex:)).map { (asset, $0.bits) }
        }
        let index = SimilarityIndex(hashed.map(\.1))
        var members = [Member(asset: target, distance: 0)]
        for (position, distance) in index.neighbours(of: bits, within: threshold)
        where hashed[position].0.id != target.id {
            members.append(Member(asset: hashed[position].0, distance: distance))
        }
        return SimilarGroup(members: members)
    }

    /// The members' distances to the one to keep, and that one first.
    static func group(_ assets: [(Asset, UInt64)]) -> SimilarGroup {
        let keeper = assets.min { keepsBefore($0.0, $1.0) }!
        let others = assets.filter { $0.0.id != keeper.0.id }
            .map { Member(asset: $0.0, distance: ($0.1 ^ keeper.1).nonzeroBitCount) }
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
