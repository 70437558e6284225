import Foundation
import PhotoFormats

/// How keywords are kept in a catalog row, the same on every store: `keywords` one a line
/// (a keyword never holds a line break, see `Keywords.clean`), and `keywords_folded` a JSON
/// array of `[folded, as written]` pairs from which the stores' triggers fill the lookup table.
public enum KeywordColumns {
    /// The `keywords` column: nil for none.
    package static func text(_ keywords: [String]) -> String? {
        keywords.isEmpty ? nil : keywords.joined(separator: "\n")
    }

    /// The keywords of a `keywords` column.
    package static func keywords(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Keywords as the action log writes them: `; `-separated (as `action set` reads them), nil for none.
    public static func logText(_ keywords: [String]) -> String? {
        keywords.isEmpty ? nil : keywords.joined(separator: "; ")
    }

    /// The `keywords_folded` column: nil for none.
    package static func foldedJSON(_ keywords: [String]) -> String? {
        guard !keywords.isEmpty else { return nil }
        let pairs = keywords.map { "[\(quoted(SQLiteCatalog.fold($0))),\(quoted($0))]" }
        return "[" + pairs.joined(separator: ",") + "]"
    }

    /// A JSON string; keywords hold no control characters, so only `"` and `\` need escaping.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// What `--keyword` looks for in `'/' || folded || '/'`: the folded keyword between
    /// separators, so that `Lyon` finds `Places/France/Lyon`, `France` finds it too (a level in
    /// the middle), and `Places/France` finds every place below it, as a flat `Lyon` does.
    package static func levelsPattern(_ folded: String) -> String {
        let separator = String(Keywords.separator)
        return separator + folded + separator
    }

    /// The bounds of the folded keywords at or below `folded` in a hierarchy: itself, and
    /// those from `folded/` up to (not including) `folded0` ('0' follows '/' in every encoding).
    package static func hierarchyRange(_ folded: String) -> (lower: String, upper: String) {
        (folded + "/", folded + "0")
    }
}
