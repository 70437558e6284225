import PhotoCatalog

/// The table `list` prints on a terminal: one asset a line.
enum AssetTable {
    static func render(_ assets: [Asset], presenter: AssetPresenter, width: Int?) -> String {
        if assets.isEmpty { return "" }
        let rows = assets.map { asset -> [String] in
            let metadata = asset.metadata
            let taken =
                metadata.takenAt.map { String($0.localTime.prefix(16)).replacingOccurrences(of: "T", with: " ") } ?? "-"
            let size = metadata.displayWidth.flatMap { w in metadata.displayHeight.map { "\(w)x\($0)" } } ?? "-"
            var flags = ""
            flags += asset.favourite ? "★" : "·"
            flags += asset.liked ? "♥" : "·"
            if asset.trashed { flags += " trashed" }
            if asset.missing { flags += " missing" }
            if asset.damage != nil { flags += " damaged" }
            return [
                presenter.shortID(asset), taken, size, asset.city ?? "-", flags,
                asset.file.relativePath.description, asset.caption ?? "",
            ]
        }
        var table = TableRenderer(
            columns: [
                .init("ID"), .init("TAKEN"), .init("SIZE", alignment: .right), .init("CITY"), .init("FLAGS"),
                .init("PATH", cut: .middle), .init("CAPTION"),
            ],
            flexibleColumn: 6
        )
        // Paths give way first (cut in the middle), then captions, then cities; each some
        // before any all.
        table.shrinkOrder = [
            (5, 40), (6, 20), (3, 12), (5, 24), (6, 10), (5, 14), (3, 6), (6, 6), (5, 8),
        ]
        for row in rows { table.append(row) }
        return table.render(maximumWidth: width)
    }
}
