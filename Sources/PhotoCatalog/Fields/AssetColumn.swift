import Foundation
import PhotoFormats
import PhotoSupport

/// What a column of `assets` holds, from which each store's SQL type follows.
package enum ColumnType: Sendable {
    case text, integer, smallInteger, real, bytes, bool
}

/// A cell as both stores write it; each store turns it into its own value type.
package enum CellValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case bytes([UInt8])
    case bool(Bool)

    init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    init(_ value: Double?) { self = value.map { .real($0) } ?? .null }
}

/// A row of a query on either store, read by column number. The field table reads rows only
/// through this, at the positions it computes from its own column lists.
package protocol AssetRow {
    func isNull(_ column: Int32) -> Bool
    func int64(_ column: Int32) -> Int64
    func double(_ column: Int32) -> Double
    func text(_ column: Int32) -> String
    func bytes(_ column: Int32) -> [UInt8]
    func bool(_ column: Int32) -> Bool
    /// The store's error for an id that is no id (the schema's CHECK keeps them out, so
    /// the catalog is damaged).
    func badID(_ text: String) -> any Error
}

extension AssetRow {
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
    func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : Int(int64(column)) }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
    func optionalBytes(_ column: Int32) -> [UInt8]? { isNull(column) ? nil : bytes(column) }
}

/// One column of `assets`: its name and type, how a row's cell becomes part of a stored
/// asset, how a stored asset gives the cell's value, and which passes write it.
package struct AssetColumn: Sendable {
    /// What the column is read for.
    package enum Role: Sendable {
        /// Part of every `Asset` read (`SELECT` of `AssetColumns.assetNames`).
        case asset
        /// Kept for `catalog copy` and the index's bookkeeping only (`added_at`, `sidecar_stamp`).
        case record
        /// Computed from other columns for searching; written, never read back.
        case derived
    }

    /// The stores that have the column.
    package enum Stores: Sendable { case both, postgresOnly }

    package let name: String
    package let type: ColumnType
    package let role: Role
    package let stores: Stores
    /// Whether an index pass writes it (else only edits, the trash and `catalog copy` do).
    package let indexed: Bool
    let read: @Sendable (any AssetRow, Int32, inout StoredAsset) throws -> Void
    package let value: @Sendable (StoredAsset) -> CellValue

    init(
        _ name: String, _ type: ColumnType, role: Role = .asset, stores: Stores = .both, indexed: Bool = true,
        read: @escaping @Sendable (any AssetRow, Int32, inout StoredAsset) throws -> Void = { _, _, _ in },
        value: @escaping @Sendable (StoredAsset) -> CellValue
    ) {
        self.name = name
        self.type = type
        self.role = role
        self.stores = stores
        self.indexed = indexed
        self.read = read
        self.value = value
    }
}

extension StoredAsset {
    /// What an index pass writes for `scanned` at `now`, as a stored asset (flags false,
    /// never popped nor trashed): the index writes the `indexed` columns of it.
    package init(scanned: ScannedFile, now: Double) {
        let text = scanned.text
        var asset = Asset(
            id: scanned.id, file: scanned.file, metadata: scanned.metadata, caption: text.caption,
            captionSource: text.captionSource, city: text.city, citySource: text.citySource,
            country: text.countryCode, damage: scanned.damage, indexedAt: Date(timeIntervalSince1970: now),
            region: text.region, countryName: text.countryName, rating: text.rating,
            undecodable: scanned.undecodable, ratingSource: text.ratingSource, keywords: text.keywords,
            keywordsSource: text.keywordsSource, contentHash: scanned.contentHash,
            visualHash: scanned.visualHash)
        asset.people = text.people
        asset.peopleSource = text.peopleSource
        self.init(
            asset: asset, indexedAt: now, addedAt: now, poppedAt: nil, trashedAt: nil,
            sidecarStamp: scanned.sidecarStamp)
    }

    /// A stored asset with nothing read yet, for `AssetColumns.read` to fill in.
    static let blank = StoredAsset(
        asset: Asset(
            id: AssetID(lowercaseHex: String(repeating: "0", count: AssetID.length))!,
            file: FileFacts(relativePath: RawPath(bytes: []), size: 0, modifiedNanoseconds: 0, fingerprint: ""),
            metadata: PhotoMetadata(), indexedAt: Date(timeIntervalSince1970: 0)),
        indexedAt: 0, addedAt: 0, poppedAt: nil, trashedAt: nil, sidecarStamp: nil)
}

/// The catalog stores, for the columns only one of them has.
package enum CatalogStore: Sendable { case sqlite, postgres }

/// Columns selected together, read back from a row at the positions their order gives.
package struct AssetColumnList: Sendable {
    package let columns: [AssetColumn]
    /// The names, for `SELECT \(names) FROM assets` or an INSERT's column list.
    package let names: String
    /// How many there are: a query may select more after them.
    package var count: Int32 { Int32(columns.count) }

    package init(_ columns: [AssetColumn]) {
        self.columns = columns
        self.names = columns.map(\.name).joined(separator: ", ")
    }

    /// The stored asset in `row`, whose columns from `start` on are these.
    package func read(_ row: some AssetRow, from start: Int32 = 0) throws -> StoredAsset {
        var stored = StoredAsset.blank
        var position = start
        for column in columns {
            try column.read(row, position, &stored)
            position += 1
        }
        return stored
    }

    /// The values of these columns for `stored`, in their order.
    package func values(_ stored: StoredAsset) -> [CellValue] { columns.map { $0.value(stored) } }
}

extension AssetFields {
    /// What every read of an asset selects.
    package static let assetColumns = AssetColumnList(columns.filter { $0.role == .asset })
    /// What `catalog copy` reads: the asset's columns and the bookkeeping ones.
    package static let storedColumns = AssetColumnList(columns.filter { $0.role != .derived })

    /// Every column `store` has: what `catalog copy` writes.
    package static func allColumns(of store: CatalogStore) -> AssetColumnList {
        AssetColumnList(columns.filter { $0.stores == .both || store == .postgres })
    }

    /// The columns of `store` an index pass writes.
    package static func indexedColumns(of store: CatalogStore) -> AssetColumnList {
        AssetColumnList(allColumns(of: store).columns.filter(\.indexed))
    }

    /// The columns of `store` an edit writes (`AssetEdit`, through `SQLRunner.writeEdited`).
    package static func editedColumns(of store: CatalogStore) -> AssetColumnList {
        AssetColumnList(allColumns(of: store).columns.filter { editedNames.contains($0.name) })
    }

    /// The names of the columns an edit may change: the user's fields with their sources and
    /// folded forms, the trash state, and the date and position with what follows them (zone,
    /// sort key, city, region, country). A field an action learns to change is named here;
    /// both stores' edits then write it.
    package static let editedNames: Set<String> = [
        "favourite", "liked", "caption", "caption_source", "caption_folded", "city", "city_source", "city_folded",
        "trashed", "trashed_at", "trash_path", "missing", "rating", "rating_source", "keywords", "keywords_folded",
        "keywords_source", "taken_local", "taken_offset", "taken_zone", "taken_sort", "taken_by_user",
        "gps_latitude", "gps_longitude", "gps_altitude", "gps_by_user", "gps_from_track", "region", "country",
        "country_name", "people", "people_folded", "people_source",
    ]
}

extension AssetFields {
    /// The columns an index pass compares a file on disk against, read as an `IndexRecord`.
    package static let indexRecordColumns = AssetColumnList(
        [
            "id", "relative_path", "file_size", "modified_ns", "fingerprint", "missing", "indexed_at", "sidecar_stamp",
            "trashed",
        ]
        .map { name in columns.first { $0.name == name }! })

    /// The index record in `row`, which selected `indexRecordColumns.names`.
    package static func indexRecord(fromRow row: some AssetRow) throws -> IndexRecord {
        let stored = try indexRecordColumns.read(row)
        return IndexRecord(
            id: stored.asset.id, file: stored.asset.file, missing: stored.asset.missing, indexedAt: stored.indexedAt,
            sidecarStamp: stored.sidecarStamp, trashed: stored.asset.trashed)
    }
}
