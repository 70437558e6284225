/// "Did you mean …?": the known name closest to a mistyped one.
enum Suggestion {
    /// The largest edit distance still worth suggesting.
    static let maximumDistance = 2

    /// The name in `groups` closest to `input`, or nil when none is close.
    ///
    /// Each group is one thing's names (an option and its aliases), so a prefix shared by
    /// a name and its own alias still counts as unique. A name within `maximumDistance`
    /// edits wins (the nearest, then the first declared); otherwise a prefix of exactly
    /// one group's names. A name that would need every character replaced is not close.
    static func closest(to input: String, among groups: [[String]]) -> String? {
        let typed = Array(input.lowercased())
        guard !typed.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        for name in groups.joined() {
            let candidate = Array(name.lowercased())
            let distance = editDistance(typed, candidate)
            guard distance <= maximumDistance, distance < max(typed.count, candidate.count) else { continue }
            if best == nil || distance < best!.distance { best = (name, distance) }
        }
        if let best { return best.name }
        let prefixed = groups.filter { names in names.contains { $0.lowercased().hasPrefix(input.lowercased()) } }
        guard prefixed.count == 1 else { return nil }
        return prefixed[0].first { $0.lowercased().hasPrefix(input.lowercased()) }
    }

    /// Damerau–Levenshtein distance (optimal string alignment): insertions, deletions,
    /// substitutions and swaps of two neighbours each cost one.
    static func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var previousRow = [Int](repeating: 0, count: width)
        var row = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var distance = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance = min(distance, previousRow[j - 2] + 1)
                }
                current[j] = distance
            }
            (previousRow, row, current) = (row, current, previousRow)
        }
        return row[b.count]
    }

    /// The sentence appended to an error: " Did you mean '--favourite'?" or "".
    static func sentence(for input: String, among groups: [[String]], prefix: String = "") -> String {
        guard let match = closest(to: input, among: groups) else { return "" }
        return " Did you mean '\(prefix)\(match)'?"
    }
}
