import PhotoSupport

// MARK: - What both stores' query builders share

extension AssetQuery {
    /// The relative paths under `folder` are exactly those in `lower ..< upper` compared as
    /// bytes: `folder/` starts them, and `folder0` (`0` is the byte after `/`) follows every
    /// one. A range rather than a LIKE pattern, so that `%` and `_` in a folder's name are
    /// plain characters, and so that the path's unique index finds the first one. Nil when
    /// there is no folder filter (or it is the library's root).
    package var folderRange: (lower: [UInt8], upper: [UInt8])? {
        guard let folder, !folder.bytes.isEmpty else { return nil }
        return (folder.bytes + [UInt8(ascii: "/")], folder.bytes + [UInt8(ascii: "0")])
    }

    /// `cameraContains` with ASCII letters lowercased, as SQL's `lower()` folds them in both
    /// stores (SQLite's built-in one, and PostgreSQL's under the C collation alike).
    package var cameraNeedle: String? {
        cameraContains.map { text in
            String(
                decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
    }

    /// The order `sort` cannot get from SQL (the file name is not a column): by the last
    /// component of the path, bytewise, ties by path; reversed and limited as asked. The
    /// stores select such a query's assets in path order and with no limit.
    package func arrangedByName(_ assets: [Asset]) -> [Asset] {
        guard sort == .name else { return assets }
        func name(_ asset: Asset) -> ArraySlice<UInt8> {
            let bytes = asset.file.relativePath.bytes
            let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
            return bytes[start...]
        }
        var sorted = assets.sorted { a, b in
            let (left, right) = (name(a), name(b))
            if left != right { return left.lexicographicallyPrecedes(right) }
            return a.file.relativePath.bytes.lexicographicallyPrecedes(b.file.relativePath.bytes)
        }
        if reverse { sorted.reverse() }
        if let limit { sorted = Array(sorted.prefix(max(limit, 0))) }
        return sorted
    }

    /// The terms of `ORDER BY` for the sort, each with its direction, turned around by
    /// `reverse`, except that assets without the sort's value (undated, no city, never
    /// popped) come last either way: newest first must not start with 300 undated
    /// screenshots. `cityKey` is how the store orders cities without case.
    package func orderTerms(cityKey: String) -> [String] {
        let lastWithout = { (column: String) in (column + " IS NULL", false, true) }
        let terms: [(expression: String, descending: Bool, fixed: Bool)] =
            switch sort {
            // The instant where the offset is known (`CaptureDateText.sortText`).
            case .taken: [lastWithout("taken_sort"), ("taken_sort", false, false), ("relative_path", false, false)]
            case .path, .name: [("relative_path", false, false)]
            case .city: [lastWithout("city"), (cityKey, false, false), ("relative_path", false, false)]
            case .popped: [lastWithout("popped_at"), ("popped_at", true, false), ("relative_path", false, false)]
            case .size: [("file_size", false, false), ("relative_path", false, false)]
            case .added: [("added_at", false, false), ("relative_path", false, false)]
            }
        return terms.map { term in
            // The name sort is finished in Swift (`arrangedByName`), reverse included.
            let turned = sort != .name && reverse && !term.fixed ? !term.descending : term.descending
            return term.expression + (turned ? " DESC" : "")
        }
    }

    /// Whether the store may put the limit in the SQL (not when Swift finishes the order).
    package var sqlLimit: Int? { sort == .name ? nil : limit }
}
