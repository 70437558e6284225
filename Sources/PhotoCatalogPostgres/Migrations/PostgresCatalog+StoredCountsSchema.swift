extension PostgresCatalog {
    /// Legacy version 11 (track version 14): `collections` from stored counts. At a million assets each count walked an
    /// index (0.9 s for the lot on a loaded 2-core machine); at ten million it would take
    /// seconds. `collection_counts` holds, per collection, how many assets it shows, kept up
    /// to date in the transaction that changes them by statement-level triggers on `assets`
    /// (one grouped upsert a statement, whatever its number of rows; they fire for COPY too,
    /// so `catalog copy` and index batches keep them as every edit does).
    ///
    /// - kinds: `all`, `favourites`, `liked` (of the assets shown: not trashed, not missing),
    ///   `city` (per spelling, grouped by `lower()` when read, so that the spelling shown is
    ///   still the first in byte order), `year` (`substr(taken_local, 1, 4)`), `trash`,
    ///   `missing` (not trashed). Keywords and the recent collections are still counted when
    ///   read: a keyword collection counts each asset once over a whole hierarchy, and the
    ///   recent ones depend on the day.
    /// - A row whose count falls to 0 stays (with 0): it is read as absent.
    /// - Rows are upserted in (kind, name) order, so two statements never take them in
    ///   opposite orders within one statement; a deadlock between multi-statement transactions
    ///   is retried as any transient error.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let storedCountsSchema = """
        CREATE TABLE collection_counts (
            kind text COLLATE "C" NOT NULL,
            name text COLLATE "C" NOT NULL,
            count bigint NOT NULL,
            PRIMARY KEY (kind, name)
        );
        CREATE FUNCTION collection_keys(boolean, boolean, boolean, boolean, text, text)
        RETURNS TABLE (kind text, name text) LANGUAGE sql IMMUTABLE AS $$
            SELECT 'all', '' WHERE NOT $1 AND NOT $2
            UNION ALL SELECT 'favourites', '' WHERE $3 AND NOT $1 AND NOT $2
            UNION ALL SELECT 'liked', '' WHERE $4 AND NOT $1 AND NOT $2
            UNION ALL SELECT 'city', $5 WHERE NOT $1 AND NOT $2 AND $5 IS NOT NULL
            UNION ALL SELECT 'year', substr($6, 1, 4) WHERE NOT $1 AND NOT $2 AND $6 IS NOT NULL
            UNION ALL SELECT 'trash', '' WHERE $1
            UNION ALL SELECT 'missing', '' WHERE $2 AND NOT $1
        $$;
        CREATE FUNCTION collection_counts_sync() RETURNS trigger LANGUAGE plpgsql
        SET search_path FROM CURRENT AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                INSERT INTO collection_counts (kind, name, count)
                SELECT k.kind, k.name, count(*) FROM new_rows r,
                    collection_keys(r.trashed, r.missing, r.favourite, r.liked, r.city, r.taken_local) k
                GROUP BY k.kind, k.name ORDER BY k.kind, k.name
                ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
            ELSIF TG_OP = 'DELETE' THEN
                INSERT INTO collection_counts (kind, name, count)
                SELECT k.kind, k.name, -count(*) FROM old_rows r,
                    collection_keys(r.trashed, r.missing, r.favourite, r.liked, r.city, r.taken_local) k
                GROUP BY k.kind, k.name ORDER BY k.kind, k.name
                ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
            ELSE
                INSERT INTO collection_counts (kind, name, count)
                SELECT d.kind, d.name, sum(d.change) FROM (
                    SELECT k.kind, k.name, 1 AS change FROM new_rows r,
                        collection_keys(r.trashed, r.missing, r.favourite, r.liked, r.city, r.taken_local) k
                    UNION ALL
                    SELECT k.kind, k.name, -1 FROM old_rows r,
                        collection_keys(r.trashed, r.missing, r.favourite, r.liked, r.city, r.taken_local) k
                ) d
                GROUP BY d.kind, d.name HAVING sum(d.change) <> 0 ORDER BY d.kind, d.name
                ON CONFLICT (kind, name) DO UPDATE SET count = collection_counts.count + excluded.count;
            END IF;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER assets_counted_inserted AFTER INSERT ON assets
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION collection_counts_sync();
        CREATE TRIGGER assets_counted_updated AFTER UPDATE ON assets
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION collection_counts_sync();
        CREATE TRIGGER assets_counted_deleted AFTER DELETE ON assets
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION collection_counts_sync();
        INSERT INTO collection_counts (kind, name, count)
        SELECT k.kind, k.name, count(*) FROM assets r,
            collection_keys(r.trashed, r.missing, r.favourite, r.liked, r.city, r.taken_local) k
        GROUP BY k.kind, k.name;
        """
}
