import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// The columns an edit writes come from the field table on both stores: every name listed is
/// a real column, and an edit of each kind reads back, field by field, as the edit made it.
@Suite struct EditedColumnsTests {
    @Test func everyEditedNameIsAColumnOfItsStores() {
        let names = Set(AssetFields.columns.map(\.name))
        #expect(AssetFields.editedNames.subtracting(names).isEmpty)
        let sqlite = Set(AssetFields.editedColumns(of: .sqlite).columns.map(\.name))
        let postgres = Set(AssetFields.editedColumns(of: .postgres).columns.map(\.name))
        #expect(postgres == AssetFields.editedNames)
        #expect(postgres.subtracting(sqlite) == ["caption_folded", "city_folded"])
    }

    /// Every change an action can make, applied through the catalog, reads back as the same
    /// asset `AssetEdit.applied` computes: no edited field is left unwritten.
    @Test(arguments: CatalogBackend.all) func everyKindOfEditReadsBack(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        let id = CatalogFixtures.id("00000000000000c1")
        try catalog.applyIndexChanges(
            scanned: [CatalogFixtures.scanned("00000000000000c1", "c1.jpg", taken: "2015-06-13T16:42:07")],
            missing: [])
        let place = PlaceMatch(
            city: "Bordeaux", region: "Nouvelle-Aquitaine", countryCode: "FR", countryName: "France", latitude: 44.84,
            longitude: -0.58, population: 250_000, distanceKilometres: 1, rule: .withinRadius, placeIndex: 0,
            timeZone: "Europe/Paris")
        let changes: [AssetEdit.Change] = [
            .favourite(true), .liked(true), .caption("Été à Bordeaux"), .city("BORDEAUX"), .rating(4),
            .addKeywords(["Places/France"]), .addPeople(["Zoé", "Anna"]), .removePeople(["anna"]),
            .takenAt(CaptureDate(localTime: "2016-01-02T03:04:05", utcOffset: "+01:00"), byUser: true),
            .position(GPSCoordinate(latitude: 44.84, longitude: -0.58, altitude: 7), place: place),
            .trackPosition(GPSCoordinate(latitude: 44.85, longitude: -0.57), place: place),
            .restoredPeople(["Bob"], source: .xmp),
            .restoredPosition(
                GPSCoordinate(latitude: 1, longitude: 2, altitude: 3), place: nil, byUser: false, fromTrack: false),
            .trash(location: RawPath("t/c1.jpg")), .restore,
        ]
        var expected = try #require(try catalog.asset(id: id))
        for change in changes {
            let edit = AssetEdit(id: id, change: change)
            let now = Date()
            expected = edit.applied(to: expected, now: now)
            let written = try #require(try catalog.apply([edit], action: "test").first)
            expected.trashedAt = written.trashedAt
            #expect(written == expected, "\(change)")
            // The trash time goes through a Double of seconds since 1970, which a Date does not
            // always give back to the last bit.
            var read = try #require(try catalog.asset(id: id))
            #expect(abs((read.trashedAt ?? .distantPast).timeIntervalSince(written.trashedAt ?? .distantPast)) < 0.001)
            read.trashedAt = written.trashedAt
            #expect(read == written, "\(change): read back")
        }
        #expect(try catalog.integrityProblems() == [])
    }

    /// Every column a user may own is one an index pass writes, on some store: a name that is
    /// not would guard nothing.
    @Test func everyUserOwnedNameIsAnIndexedColumn() {
        let indexed = Set(AssetFields.indexedColumns(of: .postgres).columns.map(\.name))
        for (claim, names) in AssetFields.userOwned {
            #expect(names.subtracting(indexed).isEmpty, "\(claim)")
        }
        #expect(AssetFields.fileHashNames.subtracting(indexed).isEmpty)
    }

    /// A file edited on disk and indexed again brings its new facts, but every field the user
    /// set stays as the user set it, on both stores (one upsert written once, `indexRefresh`).
    @Test(arguments: CatalogBackend.all) func userEditsOutliveAReindexOfAChangedFile(
        _ backend: CatalogBackend
    ) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        let id = CatalogFixtures.id("00000000000000c2")
        try catalog.applyIndexChanges(
            scanned: [
                CatalogFixtures.scanned(
                    "00000000000000c2", "c2.jpg", taken: "2015-06-13T16:42:07", caption: "From the file", make: "Canon",
                    gps: GPSCoordinate(latitude: 10, longitude: 20))
            ], missing: [])
        let place = PlaceMatch(
            city: "Bordeaux", region: "Nouvelle-Aquitaine", countryCode: "FR", countryName: "France", latitude: 44.84,
            longitude: -0.58, population: 250_000, distanceKilometres: 1, rule: .withinRadius, placeIndex: 0,
            timeZone: "Europe/Paris")
        let changes: [AssetEdit.Change] = [
            .caption("Mine"), .rating(4), .addKeywords(["Mine"]), .addPeople(["Zoé"]),
            .takenAt(CaptureDate(localTime: "2016-01-02T03:04:05", utcOffset: "+01:00"), byUser: true),
            .position(GPSCoordinate(latitude: 44.84, longitude: -0.58, altitude: 7), place: place),
        ]
        _ = try catalog.apply(changes.map { AssetEdit(id: id, change: $0) }, action: "test")
        let edited = try #require(try catalog.asset(id: id))
        #expect(edited.captionSource == .user && edited.takenAtByUser && edited.gpsByUser)

        try catalog.applyIndexChanges(
            scanned: [
                CatalogFixtures.scanned(
                    "00000000000000c2", "c2.jpg", size: 2_000, taken: "2019-01-01T00:00:00",
                    caption: "The file's new caption", make: "Nikon", gps: GPSCoordinate(latitude: -10, longitude: -20))
            ], missing: [])
        let read = try #require(try catalog.asset(id: id))
        #expect(read.file.size == 2_000)
        #expect(read.metadata.cameraMake == "Nikon")
        #expect(read.caption == edited.caption && read.captionSource == edited.captionSource)
        #expect(read.rating == edited.rating && read.ratingSource == edited.ratingSource)
        #expect(read.keywords == edited.keywords && read.keywordsSource == edited.keywordsSource)
        #expect(read.people == edited.people && read.peopleSource == edited.peopleSource)
        #expect(read.metadata.takenAt == edited.metadata.takenAt && read.takenAtByUser)
        #expect(read.metadata.gps == edited.metadata.gps && read.gpsByUser)
        #expect(read.city == "Bordeaux" && read.country == edited.country && read.region == edited.region)
        var inBordeaux = AssetQuery()
        inBordeaux.city = "bordeaux"
        #expect(try catalog.assets(matching: inBordeaux).map(\.id) == [id])
        #expect(try catalog.integrityProblems() == [])
    }
}
