import PhotoCatalog

extension PostgresCatalog {
    /// The condition for one `AssetQuery.searchTerms` entry, nil for an empty term (a lone
    /// `!`): the term in the caption, the city or the relative path, each on its own, as the
    /// SQLite catalog looks for it.
    ///
    /// - An ASCII term: LIKE on each field with ASCII letters folded (`lower` under "C" folds
    ///   those alone), SQLite's LIKE exactly. The path, bytes, is read as Latin-1 for this: a
    ///   conversion that cannot fail (every byte is a character), keeps ASCII as it is and
    ///   leaves the other bytes unfolded, so an ASCII term matches exactly where its bytes are.
    /// - Any other term: photolib's own fold, kept in `caption_folded` and `city_folded`. The
    ///   path has no folded copy, so there the folded term's bytes are looked for as they are:
    ///   a path spelled in capitals beyond ASCII ("ÉTÉ") is found by SQLite and not here.
    static func searchCondition(_ term: String, values: inout [PGValue]) -> String? {
        var text = Substring(term)
        let negated = text.hasPrefix("!")
        if negated { text = text.dropFirst() }
        guard !text.isEmpty else { return nil }
        let tests: [String]
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            values.append(.text("%" + likeEscaped(text.lowercased()) + "%"))
            let pattern = "$\(values.count)"
            tests = [
                "lower(coalesce(caption, '')) LIKE \(pattern)", "lower(coalesce(city, '')) LIKE \(pattern)",
                "lower(convert_from(relative_path, 'LATIN1') COLLATE \"C\") LIKE \(pattern)",
            ]
        } else {
            let folded = fold(String(text))
            values.append(.text(folded))
            let textValue = "$\(values.count)"
            values.append(.bytes(Array(folded.utf8)))
            tests = [
                "strpos(coalesce(caption_folded, ''), \(textValue)) > 0",
                "strpos(coalesce(city_folded, ''), \(textValue)) > 0",
                "position($\(values.count) IN relative_path) > 0",
            ]
        }
        let condition = "(" + tests.joined(separator: " OR ") + ")"
        return negated ? "NOT " + condition : condition
    }

    /// `text` with LIKE's wildcards (and its default escape character, the backslash) made literal.
    static func likeEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
