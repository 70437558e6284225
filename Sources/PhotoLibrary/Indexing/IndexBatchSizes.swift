/// How many walked files an index pass hands to the reading threads at a time.
///
/// The first batch is a quarter of the largest, so that reading starts soon after the walk
/// does, and the batches double up to the largest. When a batch's write overlaps the next
/// one's reading, the walk runs a batch ahead of what is read: the pass then sees the walk
/// end in time to read the last files in batches that halve down to a small one (`closing`).
struct IndexBatchSizes {
    /// `IndexOptions.batchSize`.
    let largest: Int
    /// True when a batch's write overlaps the next one's reading (see `IndexPass`): the walk
    /// then runs a batch ahead.
    let walksAhead: Bool
    /// Batches handed out so far.
    private(set) var flushedCount = 0

    init(largest: Int, walksAhead: Bool) {
        self.largest = max(1, largest)
        self.walksAhead = walksAhead
    }

    /// Files in the first batch.
    var first: Int { max(1, largest / 4) }

    /// Files in the next batch.
    var next: Int { min(largest, first << min(flushedCount, 8)) }

    /// Files walked past a full batch before it is handed out: none before the first, so
    /// that reading starts as soon as it can.
    var lookahead: Int { walksAhead && flushedCount > 0 ? next : 0 }

    mutating func flushed() { flushedCount += 1 }

    /// The batches to read the `count` files left at the end of the walk in.
    func closing(_ count: Int) -> [Int] { Self.closing(count, largest: largest, smallest: first / 8) }

    /// The sizes to read the `count` last files in, in reading order: doubling back from
    /// `smallest`, so that each batch is read while the one before it is written (reading a
    /// file costs more than writing its row, and two threads read) and the write nothing
    /// overlaps is a small one. What does not make a whole batch joins the largest; one over
    /// `largest` is read in near-equal parts.
    static func closing(_ count: Int, largest: Int, smallest: Int) -> [Int] {
        var lastFirst: [Int] = []
        var left = count
        var size = max(1, smallest)
        while left >= size {
            lastFirst.append(size)
            left -= size
            size *= 2
        }
        if left > 0 {
            if lastFirst.isEmpty || 2 * left >= size {
                lastFirst.append(left)
            } else {
                lastFirst[lastFirst.count - 1] += left
            }
        }
        // One too large is read in near-equal parts.
        return lastFirst.reversed().flatMap { size -> [Int] in
            let parts = (size + largest - 1) / largest
            return (0..<parts).map { size / parts + ($0 < size % parts ? 1 : 0) }
        }
    }
}
