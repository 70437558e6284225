/// The step that keeps the People collections' counts in `collection_counts`, as the cities'
/// and years' are, instead of counting every asset that names someone each time the
/// collections are read.
///
/// A row names its people one a line in `people` (`PeopleColumns`); the triggers split that
/// column into one count key `('person', name)` per name, each spelling kept as written (as
/// cities are), the spellings of one name ("Zoé", "ZOÉ") summed when read. SQLite may not use
/// a WITH clause in a trigger, so its split turns the column into a JSON array for
/// `json_each`: quote and backslash escaped, lines become elements. A stored name never holds
/// a control character (`People.clean`), so the array is valid; were one ever there, the
/// `json_valid` guard counts that row's names as none instead of failing the write (and
/// `verify` agrees, as `collectionCountsSQL` splits the same way). The update trigger runs
/// only for rows that name someone before or after, which most rows of a library do not.
/// PostgreSQL splits with `string_to_array`, in statement triggers beside the other counts'.
///
/// Frozen: never edited once released; a change of mind is a new step.
extension CatalogTrack {
    static let personCounts = CatalogMigration(
        "personCounts", frozen: "297ac744ad16342a",
        sqlite: """
            CREATE TRIGGER assets_people_counted_inserted AFTER INSERT ON assets
            WHEN NEW.people IS NOT NULL AND NEW.trashed = 0 AND NEW.missing = 0 BEGIN
                INSERT INTO collection_counts (kind, name, count)
                SELECT 'person', p.value, count(*) FROM json_each(\(sqliteNames("NEW.people"))) p
                WHERE true GROUP BY p.value
                ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
            END;
            CREATE TRIGGER assets_people_counted_updated AFTER UPDATE OF people, trashed, missing ON assets
            WHEN OLD.people IS NOT NULL OR NEW.people IS NOT NULL BEGIN
                INSERT INTO collection_counts (kind, name, count)
                SELECT 'person', name, sum(change) FROM (
                        SELECT p.value AS name, 1 AS change FROM json_each(\(sqliteNames("NEW.people"))) p
                            WHERE NEW.trashed = 0 AND NEW.missing = 0
                        UNION ALL SELECT p.value, -1 FROM json_each(\(sqliteNames("OLD.people"))) p
                            WHERE OLD.trashed = 0 AND OLD.missing = 0
                    )
                WHERE true GROUP BY name HAVING sum(change) <> 0
                ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
            END;
            CREATE TRIGGER assets_people_counted_deleted AFTER DELETE ON assets
            WHEN OLD.people IS NOT NULL AND OLD.trashed = 0 AND OLD.missing = 0 BEGIN
                INSERT INTO collection_counts (kind, name, count)
                SELECT 'person', p.value, -count(*) FROM json_each(\(sqliteNames("OLD.people"))) p
                WHERE true GROUP BY p.value
                ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
            END;
            INSERT INTO collection_counts (kind, name, count)
            SELECT 'person', p.value, count(*) FROM assets a, json_each(\(sqliteNames("a.people"))) p
            WHERE a.people IS NOT NULL AND a.trashed = 0 AND a.missing = 0 GROUP BY p.value
            ON CONFLICT (kind, name) DO UPDATE SET count = excluded.count;
            """,
        postgres: #"""
            CREATE FUNCTION person_collection_keys(boolean, boolean, text)
            RETURNS TABLE (kind text, name text) LANGUAGE sql IMMUTABLE AS $$
                SELECT 'person', n FROM unnest(string_to_array($3, E'\n')) AS n WHERE NOT $1 AND NOT $2
            $$;
            CREATE FUNCTION person_counts_sync() RETURNS trigger LANGUAGE plpgsql
            SET search_path FROM CURRENT AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    INSERT INTO collection_counts (kind, name, count)
                    SELECT k.kind, k.name, count(*) FROM new_rows r, person_collection_keys(r.trashed, r.missing, r.people) k
                    GROUP BY k.kind, k.name ORDER BY k.kind, k.name
                    ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
                ELSIF TG_OP = 'DELETE' THEN
                    INSERT INTO collection_counts (kind, name, count)
                    SELECT k.kind, k.name, -count(*) FROM old_rows r, person_collection_keys(r.trashed, r.missing, r.people) k
                    GROUP BY k.kind, k.name ORDER BY k.kind, k.name
                    ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
                ELSE
                    INSERT INTO collection_counts (kind, name, count)
                    SELECT d.kind, d.name, sum(d.change) FROM (
                        SELECT k.kind, k.name, 1 AS change FROM new_rows r,
                            person_collection_keys(r.trashed, r.missing, r.people) k
                        UNION ALL
                        SELECT k.kind, k.name, -1 FROM old_rows r, person_collection_keys(r.trashed, r.missing, r.people) k
                    ) d
                    GROUP BY d.kind, d.name HAVING sum(d.change) <> 0 ORDER BY d.kind, d.name
                    ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
                END IF;
                RETURN NULL;
            END
            $$;
            CREATE TRIGGER assets_people_counted_inserted AFTER INSERT ON assets
                REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION person_counts_sync();
            CREATE TRIGGER assets_people_counted_updated AFTER UPDATE ON assets
                REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                FOR EACH STATEMENT EXECUTE FUNCTION person_counts_sync();
            CREATE TRIGGER assets_people_counted_deleted AFTER DELETE ON assets
                REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION person_counts_sync();
            INSERT INTO collection_counts (kind, name, count)
            SELECT k.kind, k.name, count(*) FROM assets r, person_collection_keys(r.trashed, r.missing, r.people) k
            GROUP BY k.kind, k.name ORDER BY k.kind, k.name
            ON CONFLICT (kind, name) DO UPDATE SET count = excluded.count;
            """#)

    /// The JSON array of the names in the `people` column `column`, or `[]` (see above).
    /// This step's own copy, frozen with it: `SQLDialect.personNames` serves the queries.
    private static func sqliteNames(_ column: String) -> String {
        let array = #"'["' || replace(replace(replace(\#(column), '\', '\\'), '"', '\"'), char(10), '","') || '"]'"#
        return "CASE WHEN json_valid(\(array)) THEN \(array) ELSE '[]' END"
    }
}
