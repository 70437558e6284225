import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoLibrary
@testable import PhotoSupport

/// `trash empty` and `restore` with a photo's companions and sidecars: what went into the
/// trash with it is counted and deleted with it; what an older photolib left beside its path
/// (the flat `<id>-<name>` layout, from before companions moved with their photo) is kept.
@Suite struct TrashCompanionTests {
    let folder: TemporaryDirectory
    let library: Library
    let catalog: any Catalog
    static let hex = "00000000000000cc"

    init() throws {
        folder = try TemporaryDirectory()
        library = try Library.create(at: folder.path)
        catalog = try library.openCatalog()
    }

    /// `phone/IMG_0001.HEIC` (indexed) with its sidecar, movie, `.THM` and the movie's sidecar
    /// beside it, each of its own size. Returns the asset and the sizes by name.
    private func addGroup() throws -> (Asset, [String: Int]) {
        let sizes = [
            "IMG_0001.HEIC": 20_000, "IMG_0001.HEIC.xmp": 300, "IMG_0001.MOV": 7_000, "IMG_0001.THM": 1_100,
            "IMG_0001.MOV.xmp": 40,
        ]
        try FileSystem.createDirectory(library.absolutePath(of: RawPath("phone")))
        for (name, size) in sizes {
            try FileSystem.writeAtomically([UInt8](repeating: 7, count: size), to: path("phone/\(name)"))
        }
        try catalog.applyIndexChanges(
            scanned: [CatalogFixtures.scanned(Self.hex, "phone/IMG_0001.HEIC", size: 20_000)], missing: [])
        return (try #require(try catalog.asset(id: CatalogFixtures.id(Self.hex))), sizes)
    }

    private func path(_ relative: String) -> RawPath { library.absolutePath(of: RawPath(relative)) }

    private func names(_ relative: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(relative).description)) ?? []).sorted()
    }

    @Test func emptyCountsTheCompanionsAndSidecarsDeletedWithThePhoto() throws {
        let (asset, sizes) = try addGroup()
        let performer = ActionPerformer(library: library, catalog: catalog)
        let trashed = try performer.perform(.delete, value: nil, on: [asset])
        #expect(trashed.failures.isEmpty)
        #expect(names(".photolib/trash/\(Self.hex)") == sizes.keys.sorted())

        let report = try TrashBin(library: library).empty([trashed.outcomes[0].after], catalog: catalog)
        #expect(report.deleted.map(\.id) == [asset.id])
        #expect(report.bytesDeleted == Int64(sizes.values.reduce(0, +)))
        #expect(report.companionsKept.isEmpty)
        #expect(names(".photolib/trash") == [] && names("phone") == [])
    }

    /// A photo trashed by an older photolib: `.photolib/trash/<id>-IMG_0001.HEIC`, its
    /// companions and sidecars still in `phone/`.
    private func trashFlat(_ asset: Asset) throws -> Asset {
        let location = RawPath(".photolib/trash/\(Self.hex)-IMG_0001.HEIC")
        try FileManager.default.moveItem(
            atPath: path("phone/IMG_0001.HEIC").description, toPath: path(location.description).description)
        return try #require(
            try catalog.apply([AssetEdit(id: asset.id, change: .trash(location: location))], action: "delete").first)
    }

    @Test func restoreFromTheFlatLayoutBringsThePhotoBackBesideItsCompanions() throws {
        let (asset, sizes) = try addGroup()
        let trashed = try trashFlat(asset)
        #expect(names("phone") == sizes.keys.filter { $0 != "IMG_0001.HEIC" }.sorted())

        let restored = try ActionPerformer(library: library, catalog: catalog).perform(
            .restore, value: nil, on: [trashed])
        #expect(restored.failures.isEmpty)
        #expect(names("phone") == sizes.keys.sorted())
        #expect(names(".photolib/trash") == [])
        #expect(
            Companions.of(path("phone/IMG_0001.HEIC")).map(\.path.lastComponent.description) == [
                "IMG_0001.MOV", "IMG_0001.THM",
            ])
    }

    @Test func emptyFromTheFlatLayoutDeletesThePhotoAloneAndNamesTheCompanionsKept() throws {
        let (asset, sizes) = try addGroup()
        let trashed = try trashFlat(asset)

        let report = try TrashBin(library: library).empty([trashed], catalog: catalog)
        #expect(report.deleted.map(\.id) == [asset.id])
        #expect(report.bytesDeleted == Int64(sizes["IMG_0001.HEIC"]!))
        #expect(report.companionsKept == [path("phone/IMG_0001.MOV"), path("phone/IMG_0001.THM")])
        #expect(names(".photolib/trash") == [])
        // Nothing outside the trash is deleted: the movie, thumbnail and sidecars stay.
        #expect(names("phone") == sizes.keys.filter { $0 != "IMG_0001.HEIC" }.sorted())
    }
}
