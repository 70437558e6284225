import PhotoFormats

extension AssetQuery {
    /// The WHERE conditions of the media filters (`--kind`, `--min-duration`, `--max-duration`),
    /// in SQL both stores read alike; `bind` binds a value and returns its placeholder (`?`,
    /// `$3`). Kept apart so that the query builder takes them with one line. A photo has no
    /// duration, so a duration bound leaves photos out.
    package func mediaConditions(_ bind: (CellValue) -> String) -> [String] {
        var conditions: [String] = []
        if let kind { conditions.append("kind = \(bind(.text(kind.rawValue)))") }
        if let minimumDuration { conditions.append("duration >= \(bind(.real(minimumDuration)))") }
        if let maximumDuration { conditions.append("duration <= \(bind(.real(maximumDuration)))") }
        return conditions
    }
}
