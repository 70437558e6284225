/// Finds the 64-bit fingerprints within a Hamming distance of one another without comparing
/// all pairs: multi-index hashing (Norouzi, Punjani and Fleet, 2012). Each fingerprint is cut
/// into four 16-bit chunks; two fingerprints within distance `t` differ in at most `t / 4`
/// bits in at least one chunk (else every chunk differs in more, `4 * (t / 4 + 1) > t` bits in
/// all), so each fingerprint is checked only against those whose chunk is within `t / 4` bits
/// of one of its own: for a threshold of 10, 4 x 137 of the 65,536 buckets of each table.
///
/// Each table holds the fingerprints themselves bucket by bucket (counting sort, no
/// pointers), so scanning a bucket is reading contiguous memory; built in O(n).
public struct SimilarityIndex: Sendable {
    static let chunks = 4
    static let chunkBits = 16

    /// The fingerprints, in the order given.
    public let hashes: [UInt64]
    /// Per chunk: where each bucket starts in `entries` (65,537 offsets).
    private let starts: [[Int32]]
    /// Per chunk: the positions (in `hashes`) of the fingerprints, bucket after bucket.
    private let entries: [[Int32]]
    /// Per chunk: the fingerprints in the order of `entries`, read while scanning a bucket.
    private let sortedHashes: [[UInt64]]

    public init(_ hashes: [UInt64]) {
        self.hashes = hashes
        let buckets = 1 << Self.chunkBits
        var starts: [[Int32]] = []
        var entries: [[Int32]] = []
        var sortedHashes: [[UInt64]] = []
        for chunk in 0..<Self.chunks {
            var counts = [Int32](repeating: 0, count: buckets + 1)
            for hash in hashes { counts[Self.key(hash, chunk) + 1] += 1 }
            for bucket in 0..<buckets { counts[bucket + 1] += counts[bucket] }
            var next = counts
            var positions = [Int32](repeating: 0, count: hashes.count)
            var ordered = [UInt64](repeating: 0, count: hashes.count)
            for (position, hash) in hashes.enumerated() {
                let key = Self.key(hash, chunk)
                positions[Int(next[key])] = Int32(position)
                ordered[Int(next[key])] = hash
                next[key] += 1
            }
            starts.append(counts)
            entries.append(positions)
            sortedHashes.append(ordered)
        }
        self.starts = starts
        self.entries = entries
        self.sortedHashes = sortedHashes
    }

    static func key(_ hash: UInt64, _ chunk: Int) -> Int {
        Int(truncatingIfNeeded: (hash >> UInt64(chunk * chunkBits)) & 0xFFFF)
    }

    /// The 16-bit values within `radius` bits of `value` (itself first).
    static func neighbourhood(of value: Int, radius: Int) -> [Int] {
        var result = [value]
        var frontier = [(value, -1)]
        for _ in 0..<radius {
            var next: [(Int, Int)] = []
            for (base, last) in frontier {
                for bit in (last + 1)..<chunkBits {
                    let flipped = base ^ (1 << bit)
                    result.append(flipped)
                    next.append((flipped, bit))
                }
            }
            frontier = next
        }
        return result
    }

    /// Calls `body` with the position and distance of each fingerprint within `threshold` of
    /// `hash` (a position may come more than once: found through several chunks).
    public func forEachNeighbour(of hash: UInt64, within threshold: Int, _ body: (Int, Int) -> Void) {
        forEachNeighbour(of: hash, within: threshold, masks: Self.masks(threshold), body)
    }

    /// What a chunk's key is XORed with to reach the buckets searched for `threshold`.
    static func masks(_ threshold: Int) -> [Int] {
        neighbourhood(of: 0, radius: max(0, threshold) / chunks)
    }

    private func forEachNeighbour(of hash: UInt64, within threshold: Int, masks: [Int], _ body: (Int, Int) -> Void) {
        for chunk in 0..<Self.chunks {
            let starts = self.starts[chunk]
            let entries = self.entries[chunk]
            let ordered = self.sortedHashes[chunk]
            let key = Self.key(hash, chunk)
            for mask in masks {
                let bucket = key ^ mask
                for slot in Int(starts[bucket])..<Int(starts[bucket + 1]) {
                    let distance = (ordered[slot] ^ hash).nonzeroBitCount
                    if distance <= threshold { body(Int(entries[slot]), distance) }
                }
            }
        }
    }

    /// The positions within `threshold` of `hash`, each once, nearest first (then by position).
    public func neighbours(of hash: UInt64, within threshold: Int) -> [(position: Int, distance: Int)] {
        var found: [Int: Int] = [:]
        forEachNeighbour(of: hash, within: threshold) { found[$0] = $1 }
        return found.map { (position: $0.key, distance: $0.value) }
            .sorted { ($0.distance, $0.position) < ($1.distance, $1.position) }
    }

    /// The groups of fingerprints linked by distances of at most `threshold` (connected
    /// components: a links to b when they are within it), each of two or more positions in
    /// ascending order, the groups in the order of their first position.
    public func groups(within threshold: Int) -> [[Int]] {
        Self.groups(count: hashes.count, within: threshold, searches: [(self, hashes)])
    }

    /// The groups of `count` items linked when, in one of `searches`, item a's probe is within
    /// `threshold` of the fingerprint the index holds for item b (positions in every index and
    /// probe list are the items'): two hashes a picture (`VisualFingerprint`) searched in one
    /// pass. Same order as `groups(within:)`.
    public static func groups(
        count: Int, within threshold: Int, searches: [(index: SimilarityIndex, probes: [UInt64])]
    ) -> [[Int]] {
        var parent = Array(0..<count)
        func root(_ position: Int) -> Int {
            var position = position
            while parent[position] != position {
                parent[position] = parent[parent[position]]
                position = parent[position]
            }
            return position
        }
        let masks = Self.masks(threshold)
        for (index, probes) in searches {
            // Within one index the relation is symmetric and each pair is seen from both ends.
            let symmetric = probes == index.hashes
            for (position, hash) in probes.enumerated() {
                index.forEachNeighbour(of: hash, within: threshold, masks: masks) { other, _ in
                    guard symmetric ? other > position : other != position else { return }
                    let (a, b) = (root(position), root(other))
                    if a != b { parent[max(a, b)] = min(a, b) }
                }
            }
        }
        var members: [Int: [Int]] = [:]
        for position in 0..<count { members[root(position), default: []].append(position) }
        return members.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
    }
}
