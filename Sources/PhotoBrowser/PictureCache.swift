/// The pictures drawn so far, by request, the least recently shown dropped first beyond a
/// few screens' worth (a symbols thumbnail is about 3 KB, a pixel one about 100 KB).
struct PictureCache {
    private var entries: [PictureRequest: (result: PictureResult, used: Int)] = [:]
    private var clock = 0
    let capacity: Int
    /// True when the last frame showed a spinner: the loop then ticks it.
    var hasPending = false

    init(capacity: Int = 600) {
        self.capacity = capacity
    }

    mutating func lookup(_ request: PictureRequest) -> PictureResult? {
        guard let entry = entries[request] else { return nil }
        clock += 1
        entries[request] = (entry.result, clock)
        return entry.result
    }

    /// True when the request's result is here (without counting as a use).
    func contains(_ request: PictureRequest) -> Bool {
        entries[request] != nil
    }

    mutating func store(_ results: [(PictureRequest, PictureResult)]) {
        for (request, result) in results {
            clock += 1
            entries[request] = (result, clock)
        }
        guard entries.count > capacity else { return }
        let keep = capacity * 3 / 4
        let oldest = entries.sorted { $0.value.used < $1.value.used }.prefix(entries.count - keep)
        for (request, _) in oldest { entries[request] = nil }
    }

    /// Forgets every picture (the drawing style changed).
    mutating func removeAll() {
        entries = [:]
    }
}
