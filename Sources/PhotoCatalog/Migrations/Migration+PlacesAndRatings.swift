extension SQLiteCatalog {
    /// Schema version 3: where a photo is (region, country name), its XMP rating, the
    /// sidecar it was read with, and the indexes that let
    /// `collections` count a million assets without reading their rows.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration (version 4
    /// drops the older indexes these made redundant).
    static let placesAndRatingsMigration = SQLiteMigration(
        version: 3, name: "placesAndRatings",
        script: """
            ALTER TABLE assets ADD COLUMN region TEXT;
            -- `country` keeps the ISO 3166 code (from GPS); this is the name people read.
            ALTER TABLE assets ADD COLUMN country_name TEXT;
            -- xmp:Rating from the sidecar or the embedded XMP, -1...5.
            ALTER TABLE assets ADD COLUMN rating INTEGER;
            -- Size, modification time and name of the sidecar read at the last index: a changed
            -- sidecar makes an unchanged photo worth reading again.
            ALTER TABLE assets ADD COLUMN sidecar_stamp TEXT;

            -- Collections count only what is not in the trash; each index below holds exactly
            -- the rows one collection counts, so a count reads an index, never the table.
            CREATE INDEX assets_shown_by_city ON assets (city COLLATE NOCASE) WHERE trashed = 0 AND city IS NOT NULL;
            CREATE INDEX assets_shown_by_year ON assets (substr(taken_local, 1, 4)) WHERE trashed = 0 AND taken_local IS NOT NULL;
            CREATE INDEX assets_shown_by_added ON assets (added_at) WHERE trashed = 0;
            CREATE INDEX assets_shown_by_popped ON assets (popped_at) WHERE trashed = 0 AND popped_at IS NOT NULL;
            CREATE INDEX assets_shown_favourite ON assets (trashed) WHERE favourite = 1;
            CREATE INDEX assets_shown_liked ON assets (trashed) WHERE liked = 1;
            """
    )
}
