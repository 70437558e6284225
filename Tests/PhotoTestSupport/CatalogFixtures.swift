import Foundation

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// Builds the values tests feed the catalog, so each test states only what it is about.
package enum CatalogFixtures {
    package static func id(_ hex: String) -> AssetID {
        guard let id = AssetID(hex: hex) else { fatalError("bad test id \(hex)") }
        return id
    }

    package static func scanned(
        _ hex: String, _ path: String, size: Int64 = 1_000, fingerprint: String? = nil,
        taken: String? = nil, offset: String? = nil, caption: String? = nil,
        make: String? = nil, gps: GPSCoordinate? = nil, damage: String? = nil
    ) -> ScannedFile {
        scanned(
            hex, RawPath(path), size: size, fingerprint: fingerprint, taken: taken, offset: offset,
            caption: caption, make: make, gps: gps, damage: damage)
    }

    package static func scanned(
        _ hex: String, _ path: RawPath, size: Int64 = 1_000, fingerprint: String? = nil,
        taken: String? = nil, offset: String? = nil, caption: String? = nil,
        make: String? = nil, gps: GPSCoordinate? = nil, damage: String? = nil
    ) -> ScannedFile {
        ScannedFile(
            id: id(hex),
            file: FileFacts(
                relativePath: path, size: size, modifiedNanoseconds: 1_600_000_000_123_456_789,
                fingerprint: fingerprint ?? "fp-\(hex)"),
            metadata: PhotoMetadata(
                pixelWidth: 4000, pixelHeight: 3000, orientation: 6,
                takenAt: taken.map { CaptureDate(localTime: $0, utcOffset: offset) },
                cameraMake: make, cameraModel: make.map { "\($0) Model" }, gps: gps,
                caption: caption),
            damage: damage)
    }

    /// Runs SQL on the catalog's own connection, for state the `Catalog` protocol cannot set
    /// yet (flags, user captions, cities).
    package static func execute(_ sql: String, _ values: [SQLiteValue] = [], on catalog: SQLiteCatalog) throws {
        try catalog.database.prepare(sql).run(values)
    }
}
