import Foundation
import PhotoFormats

/// How the people of an asset are kept in a catalog row, the same on every store: `people`
/// one name a line (a name never holds a line break, see `People.clean`), and `people_folded`
/// the folded names, each between line breaks (`\nanna\nbob\n`), in which `--person` looks
/// for `\nNAME\n`: a whole name, ignoring case as `--keyword` does (`SQLiteCatalog.fold`: "ZOÉ" finds "Zoé",
/// not "Zoe").
public enum PeopleColumns {
    /// The `people` column: nil for none.
    package static func text(_ people: [String]) -> String? {
        people.isEmpty ? nil : people.joined(separator: "\n")
    }

    /// The names of a `people` column.
    package static func people(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// The `people_folded` column: nil for none.
    package static func folded(_ people: [String]) -> String? {
        people.isEmpty ? nil : "\n" + people.map(SQLiteCatalog.fold).joined(separator: "\n") + "\n"
    }

    /// What `--person NAME` looks for in `people_folded`.
    package static func pattern(_ name: String) -> String {
        "\n" + SQLiteCatalog.fold(People.clean(name) ?? name) + "\n"
    }

    /// Names as the action log writes them: `; `-separated (as `action set` reads them), nil for none.
    public static func logText(_ people: [String]) -> String? {
        people.isEmpty ? nil : people.joined(separator: "; ")
    }

    /// The names of a logged value (`logText`), as an undo gives them back. A name that
    /// itself holds "; " comes back as two: the log is a line for people to read first.
    public static func people(fromLog text: String?) -> [String] {
        guard let text else { return [] }
        return text.components(separatedBy: "; ").filter { !$0.isEmpty }
    }
}
