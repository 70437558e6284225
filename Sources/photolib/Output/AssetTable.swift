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
                .init("PATH", cut: .path), .init("CAPTION"),
            ],
            flexibleColumn: 6
        )
        // The path is what tells the photos apart: long paths give way to 40 columns first
        // (keeping their last folder and name), then captions and cities, then paths again; and
        // rather than a path under 32 columns, the caption goes, then the city.
        table.shrinkOrder = [
            (5, 40), (6, 20), (3, 12), (6, 8), (3, 8), (5, 24), (5, 14), (5, 8),
        ]
        table.droppable = [6, 3]
        table.keptColumn = 5
        table.keptWidth = 32
        for row in rows { table.append(row) }
        return table.render(maximumWidth: width)
    }
}
