/// How photolib reads and compares the names of the people in a photo: the names other tools
/// gave its face regions, or wrote as the people shown. No face is detected: names only.
///
/// A name is one line of text (control characters become spaces, as in a keyword), compared
/// ignoring case; a file gives at most `maximumCount` of them, each at most
/// `maximumNameLength` characters (the keyword's bound, `AssetTextLimits.keyword`), so a
/// hostile packet cannot fill the catalog.
public enum People {
    /// The most names one file gives; the rest are dropped with one problem line.
    public static let maximumCount = 10_000
    /// The longest name kept, in Unicode code points; a longer one is dropped.
    public static let maximumNameLength = 200
    /// The root of digiKam's and Lightroom's people trees (`People/Anna`, `People|Anna`).
    static let treeRoot = "people"
    /// digiKam's folders under People that hold faces without a name, not people.
    static let unnamedFolders: Set<String> = ["unknown", "unconfirmed", "ignored"]

    /// `text` as a name: one line, trimmed; nil when blank.
    public static func clean(_ text: String) -> String? {
        Keywords.clean(text, separator: nil)
    }

    /// `names` cleaned, without later repeats (ignoring case), within the bounds; with the
    /// problem line when some were dropped.
    static func bounded(_ names: [String]) -> (names: [String], problem: String?) {
        var seen = Set<String>()
        var kept: [String] = []
        var tooLong = 0
        var overCount = 0
        for raw in names {
            guard let name = clean(raw), seen.insert(name.lowercased()).inserted else { continue }
            if name.unicodeScalars.count > maximumNameLength {
                tooLong += 1
            } else if kept.count >= maximumCount {
                overCount += 1
            } else {
                kept.append(name)
            }
        }
        var reasons: [String] = []
        if overCount > 0 { reasons.append("\(overCount) names past the first \(maximumCount) dropped") }
        if tooLong > 0 { reasons.append("\(tooLong) names over \(maximumNameLength) characters dropped") }
        return (kept, reasons.isEmpty ? nil : "people: " + reasons.joined(separator: ", "))
    }

    /// The person a keyword of a people tree names (`People/Family/Anna` is Anna), nil for
    /// any other keyword and for digiKam's folders of unnamed faces.
    static func person(inTree keyword: String) -> String? {
        let levels = keyword.split(separator: Keywords.separator)
        guard levels.count >= 2, levels[0].lowercased() == treeRoot, let leaf = levels.last else { return nil }
        if levels.count == 2, unnamedFolders.contains(leaf.lowercased()) { return nil }
        return String(leaf)
    }

    /// True when the two name the same person (ignoring case).
    public static func same(_ one: String, _ other: String) -> Bool {
        one.lowercased() == other.lowercased()
    }

    /// `names` without the later repeats of one (ignoring case).
    public static func deduplicated(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0.lowercased()).inserted }
    }
}
