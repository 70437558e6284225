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
        let hashed = fingerprinted(assets)
        let wholes = hashed.map(\.1.whole)
        // Whole against whole, and whole against centre: centre against whole is the same
        // search seen from the other picture.
        let searches = [
            (SimilarityIndex(wholes), wholes),
            (SimilarityIndex(hashed.map { $0.1.centre ?? $0.1.whole }), wholes),
        ]
        let alike = SimilarityIndex.groups(count: hashed.count, within: threshold, searches: searches)
        let bursts = BurstFinder.links(hashed)
        guard !bursts.isEmpty else { return alike.map { group($0.map { hashed[$0] }) } }
        // Copies and bursts in one partition: a copy of a burst's frame joins its burst.
        var parent = Array(hashed.indices)
        func root(_ position: Int) -> Int {
            var position = position
            while parent[position] != position { position = parent[position] }
            return position
        }
        func link(_ a: Int, _ b: Int) {
            let (ra, rb) = (root(a), root(b))
            if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
        }
        for positions in alike { for position in positions.dropFirst() { link(positions[0], position) } }
        for (a, b) in bursts { link(a, b) }
        let inBurst = Set(bursts.map { root($0.0) })
        var members: [Int: [Int]] = [:]
        for position in hashed.indices { members[root(position), default: []].append(position) }
        return members.filter { $0.value.count > 1 }.sorted { $0.value[0] < $1.value[0] }.map { entry in
            var made = group(entry.value.map { hashed[$0] })
            made.isBurst = inBurst.contains(entry.key)
            return made
        }
    }

    /// The assets within `threshold` of `target` (not itself), nearest first, as a group
    /// whose first member is `target` at distance 0; nil when `target` has no fingerprint.
    public static func nearest(to target: Asset, among assets: [Asset], threshold: Int) -> SimilarGroup? {
        guard let probe = target.visualHash.flatMap(VisualFingerprint.init(hex:)) else { return nil }
        let hashed = fingerprinted(assets)
        let wholes = SimilarityIndex(hashed.map(\.1.whole))
        var found = Set<Int>()
        wholes.forEachNeighbour(of: probe.whole, within: threshold) { position, _ in found.insert(position) }
        if let centre = probe.centre {
            wholes.forEachNeighbour(of: centre, within: threshold) { position, _ in found.insert(position) }
        }
        SimilarityIndex(hashed.map { $0.1.centre ?? $0.1.whole }).forEachNeighbour(
            of: probe.whole, within: threshold
        ) { position, _ in found.insert(position) }
        let members = found.filter { hashed[$0].0.id != target.id }
            .map { Member(asset: hashed[$0].0, distance: probe.distance(to: hashed[$0].1)) }
            .filter { $0.distance <= threshold }
            .sorted { a, b in
                if a.distance != b.distance { return a.distance < b.distance }
                return a.asset.file.relativePath.bytes.lexicographicallyPrecedes(b.asset.file.relativePath.bytes)
            }
        return SimilarGroup(members: [Member(asset: target, distance: 0)] + members)
    }

    /// The assets that have a fingerprint, with it.
    static func fingerprinted(_ assets: [Asset]) -> [(Asset, VisualFingerprint)] {
        assets.compactMap { asset in asset.visualHash.flatMap(VisualFingerprint.init(hex:)).map { (asset, $0) } }
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
