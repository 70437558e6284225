import PhotoFormats

/// A value a filter binds, for either store to turn into its own parameter.
package struct FilterValue: Sendable {
    package var text: String?
    package var real: Double?
}

extension AssetQuery {
    /// The WHERE conditions of the media filters (`--kind`, `--min-duration`, `--max-duration`),
    /// in SQL both stores read alike; `bind` binds a value and returns its placeholder (`?`,
    /// `$3`). Kept apart from the stores' other filters so that a store's query builder takes
    /// them with one line. A photo has no duration, so a duration bound leaves photos out.
    package func mediaConditions(_ bind: (FilterValue) -> String) -> [String] {
        var conditions: [String] = []
        if let kind { conditions.append("kind = \(bind(FilterValue(text: kind.rawValue)))") }
        if let minimumDuration { conditions.append("duration >= \(bind(FilterValue(real: minimumDuration)))") }
        if let maximumDuration { conditions.append("duration <= \(bind(FilterValue(real: maximumDuration)))") }
        return conditions
    }
}
