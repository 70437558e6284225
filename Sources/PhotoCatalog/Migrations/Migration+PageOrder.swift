extension SQLiteCatalog {
    /// Version 7: indexes in the exact order of the sorts' pages (`SQLiteCatalog+Pages.swift`),
    /// path included as the tie-breaker, over the assets not in the trash. `browse` and `pick`
    /// ask for "the 60 after this one"; with these a page is an index walk of a few dozen
    /// entries at any depth of 100,000 assets, where a one-column index left every tie (a
    /// city's thousands of photos, a burst's equal seconds) to be sorted.
    ///
    /// - Taken and city: the index holds the assets without a date or place too (first in
    ///   it), so each sort's second segment, those assets by path, is an index walk as well,
    ///   however few or many they are. `assets_shown_by_city` stays beside it: holding only the
    ///   placed assets' names, it counts the city collections in half the time.
    /// - Popped: few assets are ever popped, so the index holds those only, the rows version 3's
    ///   `assets_shown_by_popped` held (which it replaces, serving its counts); the others,
    ///   nearly all, are found in path order by walking the path's own index.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let pageOrderMigration = SQLiteMigration(
        version: 7, name: "pageOrder",
        script: """
            CREATE INDEX assets_shown_in_taken_order ON assets (taken_local, relative_path) WHERE trashed = 0;
            CREATE INDEX assets_shown_in_city_order ON assets (city COLLATE NOCASE, relative_path) WHERE trashed = 0;
            CREATE INDEX assets_shown_in_popped_order ON assets (popped_at DESC, relative_path)
                WHERE trashed = 0 AND popped_at IS NOT NULL;
            DROP INDEX assets_shown_by_popped;  -- superseded by assets_shown_in_popped_order
            """
    )
}
