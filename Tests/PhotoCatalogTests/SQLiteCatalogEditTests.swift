import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoSupport

@Suite struct SQLiteCatalogEditTests {
    private let idA = CatalogFixtures.id("00000000000000aa")
    private let idB = CatalogFixtures.id("00000000000000bb")

    /// A catalog of `backend` holding a.jpg (with an embedded caption) and sub/b.jpg.
    private static func fixture(_ backend: CatalogBackend) throws -> TestCatalog {
        let store = try TestCatalog(backend)
        try store.catalog.applyIndexChanges(
            scanned: [
                CatalogFixtures.scanned("00000000000000aa", "a.jpg", caption: "Embedded A"),
                CatalogFixtures.scanned("00000000000000bb", "sub/b.jpg"),
            ], missing: [])
        return store
    }

    @Test(arguments: CatalogBackend.all) func applyChangesTheAssetAndLogsOldAndNew(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        let after = try catalog.apply(
            [
                AssetEdit(id: idA, change: .favourite(true)),
                AssetEdit(id: idB, change: .liked(true)),
            ], action: "test")
        #expect(after.map(\.favourite) == [true, false])
        #expect(after.map(\.liked) == [false, true])
        #expect(try catalog.asset(id: idA)?.favourite == true)
        let events = try catalog.history(for: nil, limit: nil)
        #expect(events.map(\.assetID) == [idA, idB])
        #expect(
            events.map(\.change) == [
                FieldChange(field: "favourite", oldValue: "false", newValue: "true"),
                FieldChange(field: "liked", oldValue: "false", newValue: "true"),
            ])
        #expect(Set(events.map(\.batch)).count == 1)
        #expect(events.allSatisfy { $0.action == "test" && abs($0.date.timeIntervalSinceNow) < 60 })
        #expect(try catalog.history(for: idB, limit: nil).map(\.change.field) == ["liked"])
    }

    @Test(arguments: CatalogBackend.all) func anEditThatChangesNothingIsNotLogged(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        _ = try catalog.apply([AssetEdit(id: idA, change: .favourite(false))], action: "unfavourite")
        #expect(try catalog.history(for: nil, limit: nil).isEmpty)
    }

    @Test(arguments: CatalogBackend.all) func unknownIdChangesNothingAtAll(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        let stranger = CatalogFixtures.id("00000000000000ff")
        let error = try #require(throws: CatalogEditError.self) {
            try catalog.apply(
                [AssetEdit(id: idA, change: .favourite(true)), AssetEdit(id: stranger, change: .liked(true))],
                action: "like")
        }
        #expect(error.kind == .noSuchInput)
        #expect(try catalog.asset(id: idA)?.favourite == false)
        #expect(try catalog.history(for: nil, limit: nil).isEmpty)
    }

    @Test(arguments: CatalogBackend.all) func toggleReadsTheStateInsideTheTransaction(_ backend: CatalogBackend) throws
    {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        for _ in 0..<3 {
            _ = try catalog.apply([AssetEdit(id: idA, change: .toggleFavourite)], action: "toggle-favourite")
        }
        #expect(try catalog.asset(id: idA)?.favourite == true)
        #expect(try catalog.history(for: idA, limit: nil).map(\.change.newValue) == ["true", "false", "true"])
        #expect(try catalog.history(for: idA, limit: 2).map(\.change.newValue) == ["false", "true"])
    }

    @Test(arguments: CatalogBackend.all) func userCaptionAndCityWinAndSurviveReindexing(
        _ backend: CatalogBackend
    ) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        _ = try catalog.apply(
            [AssetEdit(id: idA, change: .caption("  Mine  ")), AssetEdit(id: idA, change: .city("Bordeaux"))],
            action: "edit")
        try catalog.applyIndexChanges(
            scanned: [CatalogFixtures.scanned("00000000000000aa", "a.jpg", caption: "Changed in file")],
            missing: [])
        let asset = try #require(try catalog.asset(id: idA))
        #expect(asset.caption == "Mine" && asset.captionSource == .user)
        #expect(asset.city == "Bordeaux" && asset.citySource == .user)
        #expect(asset.metadata.caption == "Changed in file")
        // Clearing is the user's choice too: the file's caption does not come back.
        _ = try catalog.apply([AssetEdit(id: idA, change: .caption(""))], action: "caption")
        try catalog.applyIndexChanges(
            scanned: [CatalogFixtures.scanned("00000000000000aa", "a.jpg", caption: "Changed in file")],
            missing: [])
        let cleared = try #require(try catalog.asset(id: idA))
        #expect(cleared.caption == nil && cleared.captionSource == .user)
        #expect(
            try catalog.history(for: idA, limit: nil).map(\.change) == [
                FieldChange(field: "caption", oldValue: "Embedded A", newValue: "Mine"),
                FieldChange(field: "city", oldValue: nil, newValue: "Bordeaux"),
                FieldChange(field: "caption", oldValue: "Mine", newValue: nil),
            ])
    }

    @Test(arguments: CatalogBackend.all) func trashAndRestoreKeepLocationAndTimeTogether(
        _ backend: CatalogBackend
    ) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        let location = RawPath(".photolib/trash/00000000000000aa-a.jpg")
        let trashed = try catalog.apply([AssetEdit(id: idA, change: .trash(location: location))], action: "delete")[0]
        #expect(trashed.trashed && trashed.trashLocation == location && trashed.trashedAt != nil)
        #expect(try catalog.integrityProblems() == [])
        var query = AssetQuery()
        query.trash = .only
        #expect(try catalog.assets(matching: query).map(\.id) == [idA])
        let restored = try catalog.apply([AssetEdit(id: idA, change: .restore)], action: "restore")[0]
        #expect(!restored.trashed && restored.trashLocation == nil && restored.trashedAt == nil)
        #expect(try catalog.integrityProblems() == [])
    }

    @Test(arguments: CatalogBackend.all) func integrityCheckNoticesABrokenTrashInvariant(
        _ backend: CatalogBackend
    ) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        try store.execute("UPDATE assets SET trashed = TRUE WHERE id = '00000000000000bb'")
        #expect(try catalog.integrityProblems() == ["1 assets whose trash state and trash location disagree"])
    }

    @Test(arguments: CatalogBackend.all) func purgeRemovesOnlyTrashedAssetsAndKeepsTheirHistory(
        _ backend: CatalogBackend
    ) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        _ = try catalog.apply(
            [AssetEdit(id: idA, change: .trash(location: RawPath(".photolib/trash/x")))], action: "delete")
        #expect(try catalog.purge([idA, idB]) == [idA])
        #expect(try catalog.asset(id: idA) == nil)
        #expect(try catalog.asset(id: idB) != nil)
        #expect(try catalog.history(for: idA, limit: nil).map(\.action) == ["delete", "purge"])
        #expect(
            try catalog.history(for: idA, limit: nil).last?.change
                == FieldChange(field: "path", oldValue: "a.jpg", newValue: nil))
    }

    @Test(arguments: CatalogBackend.all) func popIsRecordedAndSortsMostRecentFirst(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(try catalog.recordPop(id: idB)?.poppedAt != nil)
        Thread.sleep(forTimeInterval: 0.01)
        _ = try catalog.recordPop(id: idA)
        var query = AssetQuery()
        query.sort = .popped
        #expect(try catalog.assets(matching: query).map(\.id) == [idA, idB])
        #expect(try catalog.recordPop(id: CatalogFixtures.id("00000000000000ff")) == nil)
    }

    @Test(arguments: CatalogBackend.all) func assetAtRelativePath(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(try catalog.asset(atRelativePath: RawPath("sub/b.jpg"))?.id == idB)
        #expect(try catalog.asset(atRelativePath: RawPath("sub")) == nil)
    }

    @Test(arguments: CatalogBackend.all) func aThousandActionsLeaveTheCatalogConsistentWithItsLog(
        _ backend: CatalogBackend
    ) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        let actions: [AssetEdit.Change] = [
            .toggleFavourite, .liked(true), .liked(false), .caption("c"), .city("x"), .city(nil),
        ]
        var expectedEvents = 0
        var favourite = false
        var liked = false
        var city: String? = nil
        for step in 0..<1_000 {
            let change = actions[step % actions.count]
            let id = step % 2 == 0 ? idA : idB
            let before = try #require(try catalog.asset(id: id))
            let edit = AssetEdit(id: id, change: change)
            expectedEvents += edit.fieldChanges(to: before).count
            _ = try catalog.apply([edit], action: "loop")
            if id == idA {
                switch change {
                case .toggleFavourite: favourite.toggle()
                case .liked(let value): liked = value
                case .city(let value): city = value
                default: break
                }
            }
        }
        #expect(try catalog.integrityProblems() == [])
        #expect(try catalog.history(for: nil, limit: nil).count == expectedEvents)
        let asset = try #require(try catalog.asset(id: idA))
        #expect(asset.favourite == favourite && asset.liked == liked && asset.city == city)
        // Replaying the log from the start gives the state the catalog holds.
        let favourites = try catalog.history(for: idA, limit: nil).filter { $0.change.field == "favourite" }
        #expect(favourites.last?.change.newValue == String(favourite))
        #expect(zip(favourites, favourites.dropFirst()).allSatisfy { $0.change.newValue == $1.change.oldValue })
    }
}
