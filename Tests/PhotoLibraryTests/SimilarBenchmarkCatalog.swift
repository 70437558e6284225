import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

/// Makes the catalog bench/similar-scale.sh times `similar` on: not a timed test, run on demand
/// with `PHOTOLIB_SIMILAR_BENCH_LIBRARY=<new folder> [PHOTOLIB_SIMILAR_BENCH_ASSETS=1000000]
/// swift test --filter SimilarBenchmarkCatalog`.
///
/// The assets go in through `Catalog.applyIndexChanges`, as an index pass writes them, with
/// synthetic fingerprints (`VisualFingerprint`, whole and centre): 90% unrelated pictures
/// (random bits), and 10% copies of one of them with 0 to 12 bits flipped in each hash, so
/// that groups exist on both sides of the default threshold.
@Suite struct SimilarBenchmarkCatalog {
    static let library = ProcessInfo.processInfo.environment["PHOTOLIB_SIMILAR_BENCH_LIBRARY"] ?? ""
    static let assetCount = Int(ProcessInfo.processInfo.environment["PHOTOLIB_SIMILAR_BENCH_ASSETS"] ?? "") ?? 1_000_000

    @Test(.enabled(if: !library.isEmpty, "set PHOTOLIB_SIMILAR_BENCH_LIBRARY=<folder> to generate"))
    func generate() throws {
        let root = RawPath(Self.library)
        try FileSystem.createDirectory(root)
        let library = try Library.create(at: root)
        let catalog = try SQLiteCatalog(path: library.catalogPath)
        var generator = SeededGenerator(state: 30)
        func flipped(_ hash: UInt64) -> UInt64 {
            var hash = hash
            for _ in 0..<Int.random(in: 0...12, using: &generator) { hash ^= 1 << (generator.next() % 64) }
            return hash
        }
        var pictures: [VisualFingerprint] = []
        var batch: [ScannedFile] = []
        batch.reserveCapacity(5_000)
        for number in 0..<Self.assetCount {
            let fingerprint: VisualFingerprint
            if !pictures.isEmpty, Int.random(in: 0..<10, using: &generator) == 0 {
                let source = pictures[Int.random(in: 0..<pictures.count, using: &generator)]
                fingerprint = VisualFingerprint(whole: flipped(source.whole), centre: flipped(source.centre ?? 0))
            } else {
                fingerprint = VisualFingerprint(whole: generator.next(), centre: generator.next())
                pictures.append(fingerprint)
            }
            let path = RawPath(String(format: "%03d/%07d.jpg", number / 10_000, number))
            batch.append(
                ScannedFile(
                    id: AssetID(hex: String(format: "%016llx", generator.next()))!,
                    file: FileFacts(
                        relativePath: path, size: 3_000_000, modifiedNanoseconds: 1_700_000_000_000_000_000,
                        fingerprint: String(format: "%016llx", generator.next())),
                    metadata: PhotoMetadata(pixelWidth: 4000, pixelHeight: 3000),
                    contentHash: String(format: "%016llx%016llx", generator.next(), generator.next()),
                    visualHash: fingerprint.description))
            if batch.count == 5_000 || number == Self.assetCount - 1 {
                try catalog.applyIndexChanges(scanned: batch, missing: [])
                batch.removeAll(keepingCapacity: true)
            }
        }
        print("generated \(try catalog.count()) assets in \(library.catalogPath)")
    }
}
