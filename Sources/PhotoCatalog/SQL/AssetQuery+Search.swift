extension AssetQuery {
    /// The condition for one `searchTerms` entry, nil for an empty term (a lone `!`): the
    /// term in the caption, the city or the relative path, each tested on its own (a term is
    /// a word: it never spans two of them). Tested one by one rather than joined into one
    /// text: no string is built per row, and the first match ends the test, which makes a
    /// count over 100,000 assets about 2.5 times cheaper.
    ///
    /// The stores word it differently, for the same answers:
    /// - An ASCII term: LIKE, which folds ASCII letters in SQLite's own C, much faster than
    ///   calling the Swift fold on every row (each key typed into a browser's filter counts
    ///   the results again). PostgreSQL lowers both sides (`lower` under "C" folds those
    ///   alone) and reads the path, bytes, as Latin-1: a conversion that cannot fail, keeps
    ///   ASCII as it is and leaves the other bytes unfolded.
    /// - Any other term: photolib's own fold, on each call in SQLite, kept in `caption_folded`
    ///   and `city_folded` in PostgreSQL. The path has no folded copy there, so the folded
    ///   term's bytes are looked for as they are: a path spelled in capitals beyond ASCII
    ///   ("ÉTÉ") is found by SQLite and not by PostgreSQL.
    static func searchCondition(_ term: String, _ arguments: inout SQLArguments) -> String? {
        var text = Substring(term)
        let negated = text.hasPrefix("!")
        if negated { text = text.dropFirst() }
        guard !text.isEmpty else { return nil }
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        let folded = SQLiteCatalog.fold(String(text))
        let tests: [String]
        switch arguments.dialect {
        case .sqlite:
            let fields = ["ifnull(caption, '')", "ifnull(city, '')", "CAST(relative_path AS TEXT)"]
            if ascii {
                let pattern = arguments.add(.text("%" + likeEscaped(text) + "%"))
                tests = fields.map { "\($0) LIKE \(pattern) ESCAPE '\\'" }
            } else {
                let value = arguments.add(.text(folded))
                tests = fields.map { SQLDialect.sqlite.contains(SQLDialect.sqlite.folded($0), value) }
            }
        case .postgres:
            if ascii {
                // The backslash is PostgreSQL's default escape character.
                let pattern = arguments.add(.text("%" + likeEscaped(text.lowercased()) + "%"))
                tests = [
                    "lower(coalesce(caption, ''))", "lower(coalesce(city, ''))",
                    "lower(convert_from(relative_path, 'LATIN1') COLLATE \"C\")",
                ].map { "\($0) LIKE \(pattern)" }
            } else {
                let value = arguments.add(.text(folded))
                tests = [
                    SQLDialect.postgres.contains("coalesce(caption_folded, '')", value),
                    SQLDialect.postgres.contains("coalesce(city_folded, '')", value),
                    "position(\(arguments.add(.bytes(Array(folded.utf8)))) IN relative_path) > 0",
                ]
            }
        }
        let condition = "(" + tests.joined(separator: " OR ") + ")"
        return negated ? "NOT " + condition : condition
    }

    /// `text` with LIKE's wildcards (and the backslash, the escape character) made literal.
    static func likeEscaped(_ text: some StringProtocol) -> String {
        var result = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
