import Foundation
import Testing

/// `photolib collections` and `list --collection` on the sample library, end to end.
@Suite struct CollectionsCommandTests {
    static let sampleLibrary = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary")

    private func sampleLibraryCopy() throws -> TestLibrary {
        let library = try TestLibrary()
        for name in [
            "2015/bordeaux-art.jpg", "2015/lake-beach.jpg", "2015/harbour-rouffiac.jpg",
            "2016/buda-beach-kortrijk.jpg", "2016/progressive-tokyo.jpg", "2016/lighthouse-portrait.jpg", "no-exif.jpg",
        ] {
            try library.add(Self.sampleLibrary.appendingPathComponent(name), as: name)
        }
        _ = try BinaryRunner.run(["init", library.root.path])
        let index = try library.run(["index"])
        #expect(index.status == 0 && index.stderr == "")
        return library
    }

    @Test func countsAsTextAndJSON() throws {
        let library = try sampleLibraryCopy()
        let text = try library.run(["collections"])
        #expect(text.status == 0)
        #expect(
            text.stdout == """
                COLLECTION        ASSETS  SELECTOR
                All                    7  all
                Favourites             0  favourites
                Liked                  0  liked
                Bordeaux               2  city:Bordeaux
                Kortrijk               1  city:Kortrijk
                Rouffiac-Tolosan       1  city:Rouffiac-Tolosan
                Tokyo                  1  city:Tokyo
                2016                   3  2016
                2015                   3  2015
                Recently Added         7  recently-added
                Recently Popped        0  recently-popped
                Trash                  0  trash

                """)
        let json = try library.run(["collections", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 12)
        #expect(
            entries[3]["name"] as? String == "Bordeaux" && entries[3]["kind"] as? String == "city"
                && entries[3]["selector"] as? String == "city:Bordeaux" && entries[3]["count"] as? Int == 2)
    }

    @Test func listOneCollection() throws {
        let library = try sampleLibraryCopy()
        func paths(_ collection: String) throws -> [String] {
            try library.assets(["--collection", collection]).compactMap { $0["relativePath"] as? String }
        }
        #expect(
            try paths("2016") == [
                "2016/buda-beach-kortrijk.jpg", "2016/lighthouse-portrait.jpg", "2016/progressive-tokyo.jpg",
            ])
        #expect(try paths("city:tokyo") == ["2016/progressive-tokyo.jpg"])
        #expect(try paths("Kortrijk") == ["2016/buda-beach-kortrijk.jpg"])
        #expect(try paths("recently-added").count == 7)
        #expect(try paths("favourites") == [])
        #expect(try paths("trash") == [])
        let tokyo = try #require(try library.assets(["--collection", "city:Tokyo"]).first)
        #expect(
            tokyo["citySource"] as? String == "gps" && tokyo["region"] as? String == "Tokyo"
                && tokyo["country"] as? String == "JP" && tokyo["countryName"] as? String == "Japan")
        #expect(tokyo["rating"] is NSNull)
        let bad = try library.run(["list", "--collection", " "])
        #expect(bad.status == 64)
    }
}
