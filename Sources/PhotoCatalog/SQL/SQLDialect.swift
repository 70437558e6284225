/// The words in which the two stores' SQL differs, so that a query both run is written once
/// (`AssetQuery+SQL`, `PageSegment`, `CollectionCount+SQL`) and each store keeps only the SQL
/// that is truly its own (SQLite's pragmas, PostgreSQL's COPY and SKIP LOCKED work queue).
///
/// Each store's schema decides the words: SQLite keeps flags as 0/1 integers and folds text
/// with `photolib_fold` on each call; PostgreSQL has booleans and stored `_folded` columns.
package enum SQLDialect: Sendable {
    case sqlite, postgres

    /// The `number`th bound value (from 1). SQLite's numbered form `?N` rather than `?`, so
    /// that a value may be used twice in one statement on both stores.
    package func placeholder(_ number: Int) -> String {
        switch self {
        case .sqlite: "?\(number)"
        case .postgres: "$\(number)"
        }
    }

    /// True where `needle` occurs in `haystack`, compared as bytes: `%` and `_` are plain
    /// characters (unlike LIKE's wildcards).
    package func contains(_ haystack: String, _ needle: String) -> String {
        switch self {
        case .sqlite: "instr(\(haystack), \(needle)) > 0"
        case .postgres: "strpos(\(haystack), \(needle)) > 0"
        }
    }

    /// The test that a flag column is set. SQLite's form is written `= 1` (not the bare
    /// column) because its partial indexes are chosen only for a WHERE that matches theirs.
    package func isTrue(_ column: String) -> String {
        switch self {
        case .sqlite: "\(column) = 1"
        case .postgres: column
        }
    }

    /// The test that a flag column is clear (see `isTrue`).
    package func isFalse(_ column: String) -> String {
        switch self {
        case .sqlite: "\(column) = 0"
        case .postgres: "NOT \(column)"
        }
    }

    /// `column` ordered and grouped without case: ASCII letters folded alone, which is what
    /// SQLite's NOCASE does and PostgreSQL's `lower` under the "C" collation does, each with
    /// an index that serves it.
    package func caseless(_ column: String) -> String {
        switch self {
        case .sqlite: "\(column) COLLATE NOCASE"
        case .postgres: "lower(\(column))"
        }
    }

    /// The order key of the city sort and its pages.
    package var cityKey: String { caseless("city") }

    /// `column` (caption or city) in photolib's fold (`SQLiteCatalog.fold`): computed by the
    /// function SQLite's connection registers, kept in a column of its own on PostgreSQL.
    package func folded(_ column: String) -> String {
        switch self {
        case .sqlite: "\(SQLiteCatalog.foldFunction)(\(column))"
        case .postgres: "\(column)_folded"
        }
    }

    /// A join whose left table is walked first: SQLite's CROSS JOIN keeps the planner from
    /// turning it around; PostgreSQL has no such hint and chooses well.
    package var orderedJoin: String {
        switch self {
        case .sqlite: "CROSS JOIN"
        case .postgres: "JOIN"
        }
    }

    /// What an upsert of `assets` writes to a per-file hash `column` (content, visual): the
    /// new value when the pass made one; else the stored one while the file's size and
    /// modification time are unchanged (a move, a new sidecar); else none, since the stored
    /// one was of other content. The right-hand side sees the row as it was.
    package func keptWhileFileUnchanged(_ column: String) -> String {
        let (stored, same) =
            switch self {
            case .sqlite: ("", "IS")
            case .postgres: ("assets.", "=")
            }
        return """
            \(column) = CASE WHEN excluded.\(column) IS NOT NULL THEN excluded.\(column) \
            WHEN \(stored)file_size \(same) excluded.file_size AND \(stored)modified_ns \(same) excluded.modified_ns \
            THEN \(stored)\(column) ELSE NULL END
            """
    }

    /// A flag that is set when `column` is or `value` is (a flag only ever raised).
    package func either(_ column: String, _ value: String) -> String {
        switch self {
        case .sqlite: "max(\(column), \(value))"
        case .postgres: "(\(column) OR \(value))"
        }
    }

    /// A table of the names in the `people` column `column` (one a line), named `alias`, its
    /// one column `value`: SQLite's JSON split and PostgreSQL's array, as the `personCounts`
    /// step's triggers split it, so that a recount agrees with them.
    package func personNames(of column: String, as alias: String) -> String {
        switch self {
        case .sqlite:
            let array =
                #"'["' || replace(replace(replace(\#(column), '\', '\\'), '"', '\"'), char(10), '","') || '"]'"#
            return "json_each(CASE WHEN json_valid(\(array)) THEN \(array) ELSE '[]' END) \(alias)"
        case .postgres:
            return #"unnest(string_to_array(\#(column), E'\n')) AS \#(alias)(value)"#
        }
    }
}

/// The values of a statement being built, each added where it is used and given its
/// placeholder: no value is ever written into the SQL text.
package struct SQLArguments {
    package let dialect: SQLDialect
    package private(set) var values: [CellValue] = []

    package init(_ dialect: SQLDialect) { self.dialect = dialect }

    /// Adds `value` and returns its placeholder.
    package mutating func add(_ value: CellValue) -> String {
        values.append(value)
        return dialect.placeholder(values.count)
    }
}

/// ` WHERE a AND b`, or nothing when there are no conditions.
package func whereClause(_ conditions: [String]) -> String {
    conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
}
