/// One problem a catalog's integrity check found (`CatalogEditing.catalogProblems`).
public struct CatalogProblem: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Stored collection counts (SQLite version 14, PostgreSQL schema 11) disagree with
        /// the assets counted afresh: another program wrote the table, or a trigger was
        /// dropped. The assets are the truth, so `recountCollections` mends it.
        case storedCounts
        /// Anything else (the database's own check, a broken invariant): it needs a person.
        case other
    }

    public var kind: Kind
    /// One line on what is wrong, as `verify` prints it.
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    /// The problem both catalogs report for `count` stored counts that disagree.
    public static func miscounted(_ count: Int) -> CatalogProblem {
        CatalogProblem(.storedCounts, "\(count) stored collection counts that disagree with the assets")
    }
}

/// A stored collection count that disagreed with the assets: what `recountCollections`
/// found and rewrote. `kind` and `name` are the table's key (`city`/`Paris`, `year`/`2016`,
/// `all`/``).
public struct CollectionCountCorrection: Sendable, Equatable, CustomStringConvertible {
    public var kind: String
    public var name: String
    /// The count stored (0 when there was none) and the assets counted.
    public var stored: Int
    public var counted: Int

    public init(kind: String, name: String, stored: Int, counted: Int) {
        self.kind = kind
        self.name = name
        self.stored = stored
        self.counted = counted
    }

    /// `city Paris 3 (stored 5)`, `all 12 (stored 0)`.
    public var description: String {
        "\(name.isEmpty ? kind : "\(kind) \(name)") \(counted) (stored \(stored))"
    }
}

extension CatalogEditing {
    /// `catalogProblems`, as lines; empty when the catalog is sound.
    public func integrityProblems() throws -> [String] {
        try catalogProblems().map(\.description)
    }
}
