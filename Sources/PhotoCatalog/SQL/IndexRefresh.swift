/// What an index pass's upsert writes over a known asset's row, column by column, written
/// once for both stores: the file's new value, unless the user owns the column (a caption,
/// city, rating, keywords, people, date or position the user set) or it is a hash the file
/// still matches. Both stores' `applyIndexChanges` build their `ON CONFLICT DO UPDATE` from it.
extension AssetFields {
    /// What says that the user owns a group of columns.
    package enum UserClaim: Sendable {
        /// The group's source column holds 'user'.
        case source(String)
        /// The flag column is set.
        case flag(String)
    }

    /// The columns an edit owns, by what claims them. A column only one store has (the
    /// folded forms) is named too: the other store never writes it.
    package static let userOwned: [(claim: UserClaim, names: Set<String>)] = [
        (.source("caption_source"), ["caption", "caption_source", "caption_folded"]),
        (.source("city_source"), ["city", "city_source", "city_folded", "region", "country", "country_name"]),
        (.source("rating_source"), ["rating", "rating_source"]),
        (.source("keywords_source"), ["keywords", "keywords_folded", "keywords_source"]),
        (.source("people_source"), ["people", "people_folded", "people_source"]),
        (.flag("taken_by_user"), ["taken_local", "taken_offset", "taken_zone", "taken_sort", "taken_source"]),
        (.flag("gps_by_user"), ["gps_latitude", "gps_longitude", "gps_altitude", "gps_source"]),
    ]

    /// The per-file hashes, kept while the file's size and modification time are unchanged.
    package static let fileHashNames: Set<String> = ["content_hash", "visual_hash", "visual_centre_hash"]
}

extension SQLDialect {
    /// The `SET` assignments of an index upsert of `columns` (the id excluded). Every
    /// right-hand side sees the row as it was, so the guards read the old sources.
    package func indexRefresh(_ columns: [String]) -> [String] {
        columns.filter { $0 != "id" }.map(indexRefresh)
    }

    /// The assignment of one column (see `indexRefresh(_:)`).
    private func indexRefresh(_ column: String) -> String {
        if AssetFields.fileHashNames.contains(column) { return keptWhileFileUnchanged(column) }
        guard let claim = AssetFields.userOwned.first(where: { $0.names.contains(column) })?.claim else {
            return "\(column) = excluded.\(column)"
        }
        var kept = claimed(claim)
        if case .source("city_source") = claim {
            // A city from a position the user set stays, unless the file's text names one.
            kept += " OR (\(isTrue(stored("gps_by_user"))) AND coalesce(excluded.city_source, 'gps') = 'gps')"
        }
        return "\(column) = CASE WHEN \(kept) THEN \(stored(column)) ELSE excluded.\(column) END"
    }

    /// The test that `claim` holds on the row as it was.
    private func claimed(_ claim: AssetFields.UserClaim) -> String {
        switch claim {
        case .source(let column):
            switch self {
            case .sqlite: "\(column) IS 'user'"
            case .postgres: "\(stored(column)) = 'user'"
            }
        case .flag(let column): isTrue(stored(column))
        }
    }

    /// `column` of the row as it was: SQLite's upsert reads the bare name as the old row;
    /// PostgreSQL's names the table to tell it from `excluded`.
    private func stored(_ column: String) -> String {
        switch self {
        case .sqlite: column
        case .postgres: "assets.\(column)"
        }
    }
}
