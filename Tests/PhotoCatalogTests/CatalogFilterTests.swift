import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// Issue 14's filters and sorts on both stores: the same assets, the same answers, held to
/// what a loop over every asset selects.
@Suite struct CatalogFilterTests {
    /// Eight assets: cameras, GPS, dates, damage, sizes and folders chosen so that each
    /// filter keeps some and drops some; folder names hold LIKE's wildcards and a prefix of
    /// another folder's name.
    static func fill(_ store: TestCatalog) throws -> [Asset] {
        let here = GPSCoordinate(latitude: 44.8, longitude: -0.57)
        let scanned = [
            CatalogFixtures.scanned(
                "0000000000000001", "2015/a.jpg", size: 500, taken: "2015-06-01T10:00:00", make: "Canon", gps: here),
            CatalogFixtures.scanned("0000000000000002", "2015/deep/b.jpg", size: 100, make: "NIKON CORPORATION"),
            CatalogFixtures.scanned("0000000000000003", "2015x/c.jpg", size: 300, taken: "2016-01-01T00:00:00"),
            CatalogFixtures.scanned(
                "0000000000000004", "50%_off/d.jpg", size: 300, make: "canon", gps: here, damage: "decoded in part"),
            CatalogFixtures.scanned("0000000000000005", "50%Xoff/e.jpg", size: 900, taken: "2014-01-01T00:00:00"),
            CatalogFixtures.scanned("0000000000000006", "z.jpg", size: 50, make: "Panasonic", gps: here),
            CatalogFixtures.scanned(
                "0000000000000007", RawPath(bytes: Array("2015/".utf8) + [0xFF, 0x2E, 0x6A]), size: 70),
            CatalogFixtures.scanned("0000000000000008", "a/z.jpg", size: 50, damage: "cannot decode"),
        ]
        try store.catalog.applyIndexChanges(scanned: scanned, missing: [])
        try store.execute(
            "UPDATE assets SET indexed_at = 2000000000 WHERE id IN ('0000000000000003', '0000000000000006')")
        try store.execute(
            "UPDATE assets SET added_at = 1000 + length(relative_path) * 10 + CAST(substr(id, 16, 1) AS INTEGER)")
        var everything = AssetQuery()
        everything.trash = .included
        return try store.catalog.assets(matching: everything)
    }

    static func paths(_ assets: [Asset]) -> [String] { assets.map { $0.file.relativePath.description } }

    @Test(arguments: CatalogBackend.all) func filtersSelectWhatALoopSelects(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let all = try Self.fill(store)
        #expect(all.count == 8)
        func check(_ configure: (inout AssetQuery) -> Void, _ wanted: (Asset) -> Bool, _ label: String) throws {
            var query = AssetQuery()
            configure(&query)
            #expect(
                Self.paths(try store.catalog.assets(matching: query)) == Self.paths(all.filter(wanted)),
                "\(backend) \(label)")
            #expect(try store.catalog.count(matching: query) == all.filter(wanted).count, "\(backend) \(label) count")
        }
        func under(_ folder: String) -> (Asset) -> Bool {
            { $0.file.relativePath.bytes.starts(with: Array((folder + "/").utf8)) }
        }
        try check({ $0.hasGPS = false }, { $0.metadata.gps == nil }, "no gps")
        try check({ $0.hasGPS = true }, { $0.metadata.gps != nil }, "has gps")
        try check(
            { $0.cameraContains = "CANON" }, { ($0.metadata.cameraMake ?? "").lowercased().contains("canon") },
            "camera")
        try check(
            { $0.cameraContains = "n model" }, { ($0.metadata.cameraModel ?? "").lowercased().contains("n model") },
            "camera model")
        try check({ $0.folder = RawPath("2015") }, under("2015"), "folder")
        try check({ $0.folder = RawPath("50%_off") }, under("50%_off"), "folder with wildcards")
        try check({ $0.folder = RawPath("2015/deep") }, under("2015/deep"), "deeper folder")
        try check({ $0.damaged = true }, { $0.damage != nil }, "damaged")
        try check({ $0.undated = true }, { $0.metadata.takenAt == nil }, "undated")
        try check(
            { $0.indexedSince = Date(timeIntervalSince1970: 1_999_999_999) },
            { $0.indexedAt.timeIntervalSince1970 >= 1_999_999_999 },
            "since indexed")
        try check(
            {
                $0.hasGPS = true
                $0.cameraContains = "canon"
                $0.undated = true
            },
            { $0.metadata.gps != nil && $0.metadata.cameraMake?.lowercased() == "canon" && $0.metadata.takenAt == nil },
            "combined")
        #expect(
            Self.paths(
                try store.catalog.assets(
                    matching: {
                        var q = AssetQuery()
                        q.folder = RawPath("2015")
                        return q
                    }())
            ).count == 3)
    }

    @Test(arguments: CatalogBackend.all) func sortsAndReverse(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let all = try Self.fill(store)
        func sorted(_ sort: AssetQuery.Sort, reverse: Bool = false, limit: Int? = nil) throws -> [String] {
            var query = AssetQuery()
            query.sort = sort
            query.reverse = reverse
            query.limit = limit
            return Self.paths(try store.catalog.assets(matching: query))
        }
        func bytes(_ asset: Asset) -> [UInt8] { asset.file.relativePath.bytes }
        func name(_ asset: Asset) -> [UInt8] { Array(bytes(asset).split(separator: 0x2F).last ?? []) }
        func before(_ a: [UInt8], _ b: [UInt8]) -> Bool { a.lexicographicallyPrecedes(b) }
        let bySize = all.sorted {
            $0.file.size != $1.file.size ? $0.file.size < $1.file.size : before(bytes($0), bytes($1))
        }
        #expect(try sorted(.size) == Self.paths(bySize))
        #expect(try sorted(.size, reverse: true) == Self.paths(bySize.reversed()))
        #expect(try sorted(.size, reverse: true, limit: 2) == Array(Self.paths(bySize.reversed()).prefix(2)))
        let byName = all.sorted { name($0) != name($1) ? before(name($0), name($1)) : before(bytes($0), bytes($1)) }
        #expect(try sorted(.name) == Self.paths(byName))
        #expect(try sorted(.name, reverse: true, limit: 3) == Array(Self.paths(byName.reversed()).prefix(3)))
        #expect(try sorted(.path, reverse: true) == Self.paths(all).reversed())
        let taken = try sorted(.taken)
        // Newest first starts with the newest photo: the undated stay last (by path, reversed).
        let dated = all.count { $0.metadata.takenAt != nil }
        #expect(dated == 3)
        #expect(
            try sorted(.taken, reverse: true)
                == Array(taken.prefix(dated).reversed()) + Array(taken.dropFirst(dated).reversed()))
        #expect(try sorted(.taken, reverse: true).prefix(3) == ["2015x/c.jpg", "2015/a.jpg", "50%Xoff/e.jpg"])
        #expect(taken.first == "2015x/c.jpg" || taken.first == "50%Xoff/e.jpg")
        #expect(try sorted(.added).count == 8)
        #expect(try sorted(.added, reverse: true) == sorted(.added).reversed())
    }
}
