extension SQLiteCatalog {
    /// What a search term is looked for in: the caption, the city and the relative path, one
    /// a line (a newline cannot be typed into a term, so no match spans two of them).
    static let searchHaystack =
        "(coalesce(caption, '') || char(10) || coalesce(city, '') || char(10) || CAST(relative_path AS TEXT))"

    /// The condition for one `AssetQuery.searchTerms` entry, nil for an empty term (a lone `!`).
    static func searchCondition(_ term: String) -> (condition: String, value: SQLiteValue)? {
        var text = Substring(term)
        let negated = text.hasPrefix("!")
        if negated { text = text.dropFirst() }
        guard !text.isEmpty else { return nil }
        let condition: String
        let value: SQLiteValue
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // LIKE runs in SQLite's own C and folds exactly the ASCII letters, which is all an
            // ASCII term needs: about ten times faster than calling the Swift fold on every row,
            // which matters when each key typed into a browser's filter re-runs the count.
            condition = "\(searchHaystack) LIKE ? ESCAPE '\\'"
            value = .text("%" + likeEscaped(text) + "%")
        } else {
            condition = "instr(\(foldFunction)(\(searchHaystack)), ?) > 0"
            value = .text(fold(String(text)))
        }
        return (negated ? "NOT (\(condition))" : condition, value)
    }

    /// `text` with LIKE's wildcards (and the escape character itself) made literal.
    static func likeEscaped(_ text: Substring) -> String {
        var result = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
