import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

/// Makes the large catalog bench/collections.sh times: not a timed test, run on demand with
/// `PHOTOLIB_COLLECTIONS_BENCH_LIBRARY=<new folder> [PHOTOLIB_COLLECTIONS_BENCH_ASSETS=1000000] swift test --filter CollectionsBenchmarkCatalog`.
///
/// The assets go in through `Catalog.applyIndexChanges`, as an index pass writes them, in
/// batches of 5,000: 80% with a city (2,000 real place names, a few much more common than
/// the rest, and Bordeaux 1% of all), dates over 25 years, 2% favourites, 5% liked, 1%
/// trashed, 0.5% popped, added over five years.
@Suite struct CollectionsBenchmarkCatalog {
    static let library = ProcessInfo.processInfo.environment["PHOTOLIB_COLLECTIONS_BENCH_LIBRARY"] ?? ""
    static let assetCount =
        Int(ProcessInfo.processInfo.environment["PHOTOLIB_COLLECTIONS_BENCH_ASSETS"] ?? "") ?? 1_000_000

    @Test(.enabled(if: !library.isEmpty, "set PHOTOLIB_COLLECTIONS_BENCH_LIBRARY=<folder> to generate"))
    func generate() throws {
        let root = RawPath(Self.library)
        try FileSystem.createDirectory(root)
        let library = try Library.create(at: root)
        let catalog = try SQLiteCatalog(path: library.catalogPath)
        let gazetteer = try #require(ShippedGazetteer.shared)
        var generator = SeededGenerator(state: 2024)
        let cities = (0..<2_000).map { _ in
            gazetteer.place(at: Int.random(in: 0..<gazetteer.placeCount, using: &generator)).name
        }
        let clock = ContinuousClock()
        let start = clock.now
        var batch: [ScannedFile] = []
        batch.reserveCapacity(5_000)
        for number in 0..<Self.assetCount {
            let roll = Double.random(in: 0..<1, using: &generator)
            let city: String? =
                roll < 0.01
                ? "Bordeaux"
                : roll < 0.81
                    ? cities[Int(pow(Double.random(in: 0..<1, using: &generator), 3) * Double(cities.count))] : nil
            let year = 2000 + Int.random(in: 0..<25, using: &generator)
            let taken = String(
                format: "%04d-%02d-%02dT%02d:%02d:00", year, Int.random(in: 1...12, using: &generator),
                Int.random(in: 1...28, using: &generator), Int.random(in: 0...23, using: &generator),
                Int.random(in: 0...59, using: &generator))
            let hex = String(format: "%016llx", generator.next())
            let path = RawPath(String(format: "%03d/%07d.jpg", number / 10_000, number))
            batch.append(
                ScannedFile(
                    id: AssetID(hex: hex)!,
                    file: FileFacts(
                        relativePath: path, size: 3_000_000, modifiedNanoseconds: 1_700_000_000_000_000_000,
                        fingerprint: String(format: "%016llx", generator.next())),
                    metadata: PhotoMetadata(
                        pixelWidth: 4000, pixelHeight: 3000, takenAt: CaptureDate(localTime: taken)),
                    text: AssetText(city: city, citySource: city == nil ? nil : .gps)))
            if batch.count == 5_000 || number == Self.assetCount - 1 {
                try catalog.applyIndexChanges(scanned: batch, missing: [])
                batch.removeAll(keepingCapacity: true)
            }
        }
        let inserted = clock.now
        let now = Date().timeIntervalSince1970
        try catalog.database.inTransaction {
            try catalog.database.execute(
                """
                UPDATE assets SET favourite = 1 WHERE abs(random()) % 50 = 0;
                UPDATE assets SET liked = 1 WHERE abs(random()) % 20 = 0;
                UPDATE assets SET trashed = 1 WHERE abs(random()) % 100 = 0;
                UPDATE assets SET added_at = \(now) - (abs(random()) % (5 * 365)) * 86400.0;
                UPDATE assets SET popped_at = \(now) - (abs(random()) % 60) * 86400.0 WHERE abs(random()) % 200 = 0;
                """)
        }
        print(
            "generated \(try catalog.count()) assets in \(library.catalogPath): inserted in \(inserted - start), flags in \(clock.now - inserted)"
        )
    }
}
