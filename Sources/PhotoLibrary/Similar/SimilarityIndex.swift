import PhotoSupport

/// Finds the 64-bit fingerprints within a Hamming distance of one another without comparing
/// all pairs: multi-index hashing (Norouzi, Punjani and Fleet, 2012). Each fingerprint is cut
/// into `m` chunks; two fingerprints within distance `t` differ in at most `t / m` bits in at
/// least one chunk (else every chunk differs in more, `m * (t / m + 1) > t` bits in all), so
/// each is compared only with those in the buckets within `t / m` bits of one of its chunks.
///
/// How many chunks (`SimilarityIndex.Layout`) is chosen for the number of fingerprints and
/// the threshold: long chunks hold few fingerprints a bucket but have many buckets within the
/// radius. For a million at 8 bits, three chunks of 22, 21 and 21 bits (radius 2: 254 or 232
/// buckets of half a fingerprint each) cost a quarter of what four 16-bit chunks did (137
/// buckets of 15 each); for a few thousand, more and shorter chunks win.
///
/// Each table holds the fingerprints themselves bucket by bucket (counting sort, no
/// pointers), so scanning a bucket is reading contiguous memory; built in O(n).
public struct SimilarityIndex: Sendable {
    /// The fingerprints, in the order given.
    public let hashes: [UInt64]
    let layout: Layout
    /// Per chunk: where each bucket starts in `entries` (2^width + 1 offsets).
    private let starts: [[Int32]]
    /// Per chunk: the positions (in `hashes`) of the fingerprints, bucket after bucket.
    private let entries: [[Int32]]
    /// Per chunk: the fingerprints in the order of `entries`, read while scanning a bucket.
    private let sortedHashes: [[UInt64]]

    /// An index of `hashes` laid out for searches within `threshold` (any threshold finds
    /// all, this one fastest), or in `chunks` chunks when given.
    public init(_ hashes: [UInt64], threshold: Int = SimilarGroup.defaultThreshold, chunks: Int? = nil) {
        self.init(
            hashes, layout: chunks.map(Layout.init(chunks:)) ?? Layout.best(count: hashes.count, threshold: threshold))
    }

    init(_ hashes: [UInt64], layout: Layout) {
        self.hashes = hashes
        self.layout = layout
        var starts: [[Int32]] = []
        var entries: [[Int32]] = []
        var sortedHashes: [[UInt64]] = []
        for chunk in 0..<layout.chunks {
            let buckets = 1 << layout.widths[chunk]
            var counts = [Int32](repeating: 0, count: buckets + 1)
            for hash in hashes { counts[layout.key(hash, chunk) + 1] += 1 }
            for bucket in 0..<buckets { counts[bucket + 1] += counts[bucket] }
            var next = counts
            var positions = [Int32](repeating: 0, count: hashes.count)
            var ordered = [UInt64](repeating: 0, count: hashes.count)
            for (position, hash) in hashes.enumerated() {
                let key = layout.key(hash, chunk)
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

    /// The values of `bits` bits within `radius` bits of `value` (itself first).
    static func neighbourhood(of value: Int, radius: Int, bits: Int) -> [Int] {
        var result = [value]
        var frontier = [(value, -1)]
        for _ in 0..<radius {
            var next: [(Int, Int)] = []
            for (base, last) in frontier {
                for bit in (last + 1)..<bits {
                    let flipped = base ^ (1 << bit)
                    result.append(flipped)
                    next.append((flipped, bit))
                }
            }
            frontier = next
        }
        return result
    }

    /// Per chunk, what its key is XORed with to reach the buckets searched for `threshold`.
    func masks(_ threshold: Int) -> [[Int]] {
        layout.widths.map { Self.neighbourhood(of: 0, radius: layout.radius(threshold), bits: $0) }
    }

    /// Calls `body` with the position and distance of each fingerprint within `threshold` of
    /// `hash` (a position may come more than once: found through several chunks).
    public func forEachNeighbour(of hash: UInt64, within threshold: Int, _ body: (Int, Int) -> Void) {
        let masks = self.masks(threshold)
        for chunk in 0..<layout.chunks {
            let starts = self.starts[chunk]
            let entries = self.entries[chunk]
            let ordered = self.sortedHashes[chunk]
            let key = layout.key(hash, chunk)
            for mask in masks[chunk] {
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
        Self.groups(count: hashes.count, within: threshold, searches: [(self, self)])
    }

    /// The groups of `count` items linked when, in one of `searches`, item a's fingerprint in
    /// `probes` is within `threshold` of item b's in `index` (positions in both are the
    /// items'; the two of a search have one layout): two hashes a picture
    /// (`VisualFingerprint`) searched in one pass. Same order as `groups(within:)`.
    ///
    /// Each search runs chunk by chunk over the probes in the order of their key in that
    /// chunk, so that the buckets within the radius of one probe's key are those of the last
    /// probe's, or next to them, and stay in the cache; the chunks and parts of them run on
    /// `jobs` threads, each collecting its pairs, which a union-find joins afterwards with
    /// the pairs of `linking` (items linked whatever their distance: frames of a burst).
    public static func groups(
        count: Int, within threshold: Int, searches: [(index: SimilarityIndex, probes: SimilarityIndex)],
        jobs: Int = 1, linking: [(Int, Int)] = []
    ) -> [[Int]] {
        struct Part: Sendable {
            var search: Int
            var chunk: Int
            var slots: Range<Int>
        }
        let parts = searches.enumerated().flatMap { number, search -> [Part] in
            precondition(search.index.layout == search.probes.layout, "a search's two indexes have one layout")
            let total = search.probes.hashes.count
            let pieces = max(1, min(8, total / 4096))
            return (0..<search.index.layout.chunks).flatMap { chunk in
                (0..<pieces).map { piece in
                    Part(search: number, chunk: chunk, slots: (total * piece / pieces)..<(total * (piece + 1) / pieces))
                }
            }
        }
        let masks = searches.map { $0.index.masks(threshold) }
        let found = ParallelWork.map(parts, jobs: jobs, makeWorker: {}) { _, part in
            let search = searches[part.search]
            return search.index.pairs(
                probes: search.probes, chunk: part.chunk, slots: part.slots, masks: masks[part.search][part.chunk],
                within: threshold)
        }
        var parent = Array(0..<count)
        func root(_ position: Int) -> Int {
            var position = position
            while parent[position] != position {
                parent[position] = parent[parent[position]]
                position = parent[position]
            }
            return position
        }
        for pairs in found {
            for pair in pairs {
                let (a, b) = (root(Int(pair >> 32)), root(Int(pair & 0xFFFF_FFFF)))
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        for (a, b) in linking {
            let (a, b) = (root(a), root(b))
            if a != b { parent[max(a, b)] = min(a, b) }
        }
        // Arrays rather than a dictionary of a million roots: a group is made when its first
        // member is met, so the groups come in the order of their first position.
        var sizes = [Int32](repeating: 0, count: count)
        for position in 0..<count { sizes[root(position)] += 1 }
        var numbers = [Int32](repeating: -1, count: count)
        var groups: [[Int]] = []
        for position in 0..<count {
            let top = root(position)
            guard sizes[top] > 1 else { continue }
            if numbers[top] < 0 {
                numbers[top] = Int32(groups.count)
                groups.append([])
            }
            groups[Int(numbers[top])].append(position)
        }
        return groups
    }

    /// The pairs (probe position << 32 | index position) within `threshold` found through
    /// `chunk` for the probes in `slots` of that chunk's order; an index searched with itself
    /// gives each pair once a chunk (the bucket of the lower key finds it).
    private func pairs(
        probes: SimilarityIndex, chunk: Int, slots: Range<Int>, masks: [Int], within threshold: Int
    ) -> [UInt64] {
        let symmetric = probes.hashes == hashes
        let (shift, keyMask) = (layout.shifts[chunk], (UInt64(1) << UInt64(layout.widths[chunk])) - 1)
        var pairs: [UInt64] = []
        starts[chunk].withUnsafeBufferPointer { starts in
            entries[chunk].withUnsafeBufferPointer { entries in
                sortedHashes[chunk].withUnsafeBufferPointer { ordered in
                    probes.entries[chunk].withUnsafeBufferPointer { probeEntries in
                        probes.sortedHashes[chunk].withUnsafeBufferPointer { probeHashes in
                            for slot in slots {
                                let hash = probeHashes[slot]
                                let key = Int(truncatingIfNeeded: (hash >> shift) & keyMask)
                                let position = UInt64(UInt32(bitPattern: probeEntries[slot]))
                                for mask in masks {
                                    let bucket = key ^ mask
                                    var first = Int(starts[bucket])
                                    if symmetric {
                                        // Each pair of buckets from its lower end; in its own bucket, the later slots.
                                        if bucket < key { continue }
                                        if bucket == key { first = slot + 1 }
                                    }
                                    let end = Int(starts[bucket + 1])
                                    var other = first
                                    while other < end {
                                        if (ordered[other] ^ hash).nonzeroBitCount <= threshold {
                                            let found = UInt64(UInt32(bitPattern: entries[other]))
                                            if found != position { pairs.append(position << 32 | found) }
                                        }
                                        other += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return pairs
    }
}

extension SimilarityIndex {
    /// How a fingerprint's 64 bits are cut into chunks: `chunks` of them, the first `64 % chunks`
    /// one bit longer than the rest, the first chunk in the lowest bits.
    struct Layout: Sendable, Equatable {
        let chunks: Int
        let widths: [Int]
        let shifts: [UInt64]

        init(chunks: Int) {
            precondition((3...16).contains(chunks), "a bucket table of 2^22 at most, 4 bits at least")
            self.chunks = chunks
            widths = (0..<chunks).map { 64 / chunks + ($0 < 64 % chunks ? 1 : 0) }
            var shift = 0
            var shifts: [UInt64] = []
            for width in widths {
                shifts.append(UInt64(shift))
                shift += width
            }
            self.shifts = shifts
        }

        @inline(__always) func key(_ hash: UInt64, _ chunk: Int) -> Int {
            Int(truncatingIfNeeded: (hash >> shifts[chunk]) & ((1 << UInt64(widths[chunk])) - 1))
        }

        /// The bits two fingerprints within `threshold` differ in at most in one chunk at least.
        func radius(_ threshold: Int) -> Int { max(0, threshold) / chunks }

        /// The layout with the least expected work a fingerprint for `count` of them at
        /// `threshold`: for each chunk, the buckets within the radius (each a lookup) and the
        /// fingerprints expected in them (each a comparison), plus building the tables.
        static func best(count: Int, threshold: Int) -> Layout {
            let n = Double(max(count, 1))
            func cost(_ layout: Layout) -> Double {
                let radius = layout.radius(threshold)
                return layout.widths.reduce(0) { total, width in
                    let buckets = Double(1 << width)
                    var within = 1.0
                    var term = 1.0
                    for bits in stride(from: 1, through: min(radius, width), by: 1) {
                        term = term * Double(width - bits + 1) / Double(bits)
                        within += term
                    }
                    return total + within * (3 + n / buckets) + buckets / n
                }
            }
            return (3...16).map(Layout.init(chunks:)).min { cost($0) < cost($1) }!
        }
    }
}
