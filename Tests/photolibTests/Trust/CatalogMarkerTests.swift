import Foundation
import PhotoCatalog
import Testing

/// Issue 11: a missing or empty catalog was silently replaced by a new one (every id, edit
/// and history gone on the next index); a catalog from another library was taken as this one's.
@Suite struct CatalogMarkerTests {
    private func indexedSample() throws -> TestLibrary {
        let library = try TestLibrary.sample()
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        return library
    }

    @Test(arguments: ["missing", "empty"])
    func aMissingOrEmptyCatalogIsRefusedNeverReplaced(how: String) throws {
        let library = try indexedSample()
        let catalog = library.url(".photolib/catalog.sqlite")
        try FileManager.default.removeItem(at: catalog)
        if how == "empty" { try Data().write(to: catalog) }
        for arguments in [["list"], ["index"], ["verify"]] {
            let result = try library.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.stderr == "photolib: error: \(catalog.path): the library's catalog is "
                    + (how == "empty" ? "an empty file" : "missing")
                    + "; restore it from a backup (photolib never makes a new one in an existing library: "
                    + "only 'photolib init' does)\n", "\(arguments)")
        }
        // Nothing made a new catalog meanwhile.
        let size = (try? FileManager.default.attributesOfItem(atPath: catalog.path)[.size] as? Int) ?? nil
        #expect(size == (how == "empty" ? 0 : nil))
    }

    @Test func aCatalogOfAnotherLibraryIsRefused() throws {
        let library = try indexedSample()
        let other = try TestLibrary.sample()
        let ours = library.url(".photolib/catalog.sqlite")
        try FileManager.default.removeItem(at: ours)
        try FileManager.default.copyItem(at: other.url(".photolib/catalog.sqlite"), to: ours)
        let result = try library.run(["list"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("this catalog belongs to another library"), "\(result.stderr)")
    }

    @Test func theMarkerIsInTheSettingsAndALibraryWithoutOneGetsIt() throws {
        let library = try indexedSample()
        let settingsURL = library.url(".photolib/settings.json")
        let settings = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: settingsURL)) as? [String: Any])
        let id = try #require(settings["libraryID"] as? String)
        #expect(settings["catalogSchema"] as? Int == SQLiteCatalog.schemaVersion)
        // An older library's settings (no marker) are marked with the catalog's id on next use.
        var unmarked = settings
        unmarked["libraryID"] = nil
        unmarked["catalogSchema"] = nil
        try JSONSerialization.data(withJSONObject: unmarked).write(to: settingsURL)
        #expect(try library.run(["list"]).status == 0)
        let marked = try JSONSerialization.jsonObject(with: Data(contentsOf: settingsURL)) as? [String: Any]
        #expect(marked?["libraryID"] as? String == id)
    }
}
