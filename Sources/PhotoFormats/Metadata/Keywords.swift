import Foundation

/// How photolib writes and compares keywords.
///
/// A hierarchy is written `Places/France/Bordeaux` whatever its source's separator
/// (Lightroom's `|`, digiKam's `/`). Keywords are one line of text each: control characters
/// become spaces, surrounding space goes, and so do empty levels of a hierarchy.
public enum Keywords {
    /// The separator of the levels of a hierarchy, as photolib stores and prints them.
    public static let separator: Character = "/"

    /// `text` as a keyword, its levels split at `separator` (nil: one flat keyword) and
    /// joined with `/`; nil when nothing is left.
    public static func clean(_ text: String, separator: Character?) -> String? {
        let line = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        guard let separator else { return PhotoText.clean(line) }
        let levels = line.split(separator: separator).compactMap { PhotoText.clean(String($0)) }
        return levels.isEmpty ? nil : levels.joined(separator: String(Self.separator))
    }

    /// One list from a source's hierarchical and flat keywords: the hierarchies first, then
    /// each flat keyword that is not already a level of one of them (Lightroom and digiKam
    /// write every level of a hierarchy into `dc:subject` too: `Bordeaux` beside
    /// `Places/France/Bordeaux` is the same keyword). Duplicates (ignoring case) keep their
    /// first spelling.
    public static func merge(hierarchical: [String], flat: [String]) -> [String] {
        let levels = Set(hierarchical.flatMap { $0.split(separator: separator).map { $0.lowercased() } })
        return deduplicated(hierarchical + flat.filter { !levels.contains($0.lowercased()) })
    }

    /// `keywords` without the later repeats of one (ignoring case).
    public static func deduplicated(_ keywords: [String]) -> [String] {
        var seen = Set<String>()
        return keywords.filter { seen.insert($0.lowercased()).inserted }
    }

    /// True when `keyword` is `wanted` or lies below it in a hierarchy (`Places/France/Bordeaux`
    /// under `Places/France`), ignoring case.
    public static func matches(_ keyword: String, _ wanted: String) -> Bool {
        let keyword = keyword.lowercased()
        let wanted = wanted.lowercased()
        return keyword == wanted || keyword.hasPrefix(wanted + String(separator))
    }
}
