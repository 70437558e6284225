import Foundation
import Testing

@testable import PhotoLibrary

/// The multi-index search finds what comparing every pair finds, no more and no less.
@Suite struct SimilarityIndexTests {
    /// Random fingerprints (a fixed seed), and beside some of them copies with a few bits
    /// flipped, at distances on both sides of the thresholds tried.
    static func fingerprints() -> [UInt64] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var hashes: [UInt64] = []
        for index in 0..<3000 {
            let base = next()
            hashes.append(base)
            guard index % 3 == 0 else { continue }
            var copy = base
            for _ in 0..<(index % 17) { copy ^= 1 << (next() % 64) }
            hashes.append(copy)
        }
        return hashes
    }

    static func bruteGroups(_ hashes: [UInt64], within threshold: Int) -> [[Int]] {
        var parent = Array(hashes.indices)
        func root(_ x: Int) -> Int { parent[x] == x ? x : root(parent[x]) }
        for a in hashes.indices {
            for b in (a + 1)..<hashes.count where (hashes[a] ^ hashes[b]).nonzeroBitCount <= threshold {
                let (ra, rb) = (root(a), root(b))
                if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
            }
        }
        var members: [Int: [Int]] = [:]
        for x in hashes.indices { members[root(x), default: []].append(x) }
        return members.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
    }

    @Test(arguments: [0, 3, 4, 7, 10, 12]) func groupsAreThoseOfAllPairs(threshold: Int) {
        let hashes = Self.fingerprints()
        let groups = SimilarityIndex(hashes, threshold: threshold).groups(within: threshold)
        #expect(groups == Self.bruteGroups(hashes, within: threshold))
        if threshold >= 4 { #expect(!groups.isEmpty) }
    }

    /// Every layout the index may choose (3 to 16 chunks) finds the same groups, searched with
    /// its own threshold or another, and on two threads as on one.
    @Test(arguments: [3, 4, 5, 7, 9, 16]) func everyLayoutFindsThoseOfAllPairs(chunks: Int) {
        let hashes = Self.fingerprints()
        for threshold in [2, 8, 13] {
            let index = SimilarityIndex(hashes, chunks: chunks)
            let expected = Self.bruteGroups(hashes, within: threshold)
            #expect(index.groups(within: threshold) == expected, "\(chunks) chunks, threshold \(threshold)")
            let threaded = SimilarityIndex.groups(
                count: hashes.count, within: threshold, searches: [(index, index)], jobs: 2)
            #expect(threaded == expected)
        }
    }

    /// The layout chosen for a million fingerprints at the default threshold is the one the
    /// bench measured (three chunks, radius 2), and more, shorter chunks for a few thousand.
    @Test func theLayoutFollowsTheCountAndThreshold() {
        #expect(SimilarityIndex.Layout.best(count: 1_000_000, threshold: 8).widths == [22, 21, 21])
        #expect(SimilarityIndex.Layout.best(count: 3_000, threshold: 8).chunks > 3)
        let layout = SimilarityIndex.Layout(chunks: 5)
        #expect(layout.widths == [13, 13, 13, 13, 12] && layout.shifts == [0, 13, 26, 39, 52])
        #expect(layout.key(0xFFFF_FFFF_FFFF_FFFF, 4) == 0xFFF && layout.key(1 << 13, 1) == 1)
    }

    /// Two hashes a picture (whole and centre): the groups of two searches in one pass are those
    /// of comparing every pair by `VisualFingerprint.distance`.
    @Test(arguments: [4, 7, 10]) func fingerprintGroupsAreThoseOfAllPairs(threshold: Int) {
        let wholes = Self.fingerprints()
        // A centre near its whole for some (a picture with a plain border), far for the rest,
        // and near another picture's whole for a few (a crop of it).
        let centres = wholes.indices.map { position -> UInt64 in
            switch position % 5 {
            case 0: wholes[position] ^ 0b1011
            case 1: wholes[(position * 7919) % wholes.count] ^ (1 << UInt64(position % 64))
            default: wholes[position].byteSwapped
            }
        }
        let prints = zip(wholes, centres).map { VisualFingerprint(whole: $0, centre: $1) }
        let found = SimilarityIndex.groups(
            count: prints.count, within: threshold,
            searches: [
                (SimilarityIndex(wholes), SimilarityIndex(wholes)), (SimilarityIndex(centres), SimilarityIndex(wholes)),
            ])
        var parent = Array(prints.indices)
        func root(_ x: Int) -> Int { parent[x] == x ? x : root(parent[x]) }
        for a in prints.indices {
            for b in (a + 1)..<prints.count where prints[a].distance(to: prints[b]) <= threshold {
                let (ra, rb) = (root(a), root(b))
                if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
            }
        }
        var members: [Int: [Int]] = [:]
        for x in prints.indices { members[root(x), default: []].append(x) }
        #expect(found == members.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] })
        #expect(found.count > Self.bruteGroups(wholes, within: threshold).count)
    }

    @Test func fingerprintsReadTheirTwoForms() throws {
        let full = try #require(VisualFingerprint(hex: "00000000000000ff8000000000000001"))
        #expect(full.whole == 0xff && full.centre == 0x8000_0000_0000_0001)
        #expect(full.description == "00000000000000ff8000000000000001")
        let old = try #require(VisualFingerprint(hex: "00000000000000ff"))
        #expect(old.centre == nil && old.description == "00000000000000ff")
        #expect(VisualFingerprint(hex: "00000000000000f") == nil && VisualFingerprint(hex: "zz000000000000ff") == nil)
        #expect(VisualFingerprint.isCurrent(full.description) && !VisualFingerprint.isCurrent(old.description))
        #expect(!VisualFingerprint.isCurrent(nil))
        // Whole to whole (16 bits), whole to centre (1), centre to whole (10): the nearest.
        let other = VisualFingerprint(whole: 0xff00, centre: 0xfe)
        #expect(full.distance(to: other) == 1 && other.distance(to: full) == 1)
        #expect(old.distance(to: other) == 1)
        #expect(old.distance(to: VisualFingerprint(whole: 0xff01, centre: nil)) == 15)
    }

    @Test func neighboursAreNearestFirstAndComplete() {
        let hashes = Self.fingerprints()
        let index = SimilarityIndex(hashes)
        for probe in [0, 3, 300, 3001] {
            let found = index.neighbours(of: hashes[probe], within: 12)
            let expected = hashes.indices.filter { (hashes[$0] ^ hashes[probe]).nonzeroBitCount <= 12 }
            #expect(Set(found.map(\.position)) == Set(expected))
            #expect(found.first?.position == probe && found.first?.distance == 0)
            #expect(found.map(\.distance) == found.map(\.distance).sorted())
        }
    }

    @Test func neighbourhoodHasEveryValueWithinTheRadiusOnce() {
        let values = SimilarityIndex.neighbourhood(of: 0x1234, radius: 2, bits: 16)
        #expect(values.count == 1 + 16 + 120)
        #expect(Set(values).count == values.count)
        #expect(values.allSatisfy { ($0 ^ 0x1234).nonzeroBitCount <= 2 })
    }
}
