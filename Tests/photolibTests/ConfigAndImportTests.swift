import Foundation
import Testing

/// `init --sidecars`, `config`, and `places import`, end to end.
@Suite struct ConfigAndImportTests {
    @Test func initSidecarsThenConfigShowsAndChangesSettings() throws {
        let library = try TestLibrary()
        let created = try BinaryRunner.run(["init", "--sidecars", "write", "--json", library.root.path])
        #expect(created.status == 0)
        #expect(created.stdout.contains("\"sidecars\": \"write\""))
        #expect(
            try library.run(["config"]).stdout == """
                thumbnail-size = 256
                preview-size = 1280
                quality = 82
                max-megapixels = 250
                sidecars = write
                rendition-colour = srgb

                """)
        let set = try library.run(["config", "sidecars", "off"])
        #expect(set.status == 0 && set.stdout == "" && set.stderr == "")
        #expect(try library.run(["config", "sidecars"]).stdout == "off\n")
        try library.run(["config", "quality", "90"])
        let settings = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: library.url(".photolib/settings.json"))) as? [String: Any])
        #expect(settings["quality"] as? Int == 90 && settings["sidecars"] as? String == "off")

        let bad = try library.run(["config", "sidecars", "sometimes"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: invalid value 'sometimes' for sidecars: expected write or off\n"))
        #expect(try library.run(["config", "colour"]).status == 64)
        #expect(
            try BinaryRunner.run(["init", "--sidecars", "maybe", library.root.appendingPathComponent("x").path]).status
                == 64)
    }

    /// A two-line GeoNames dump: an invented town at the Eiffel Tower, bigger than Paris, and
    /// a line that is not a populated place.
    static let dump =
        [
            [
                "9999001", "Eiffelville", "Eiffelville", "", "48.8584", "2.2945", "P", "PPL", "FR", "", "11", "75", "",
                "",
                "5000000", "", "35", "Europe/Paris", "2024-01-01",
            ],
            [
                "9999002", "Seine", "Seine", "", "48.86", "2.30", "H", "STM", "FR", "", "11", "", "", "", "0", "", "30",
                "Europe/Paris", "2024-01-01",
            ],
        ].map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"

    @Test func importedGazetteerReplacesTheShippedOneAndRefreshesGPSCities() throws {
        let library = try TestLibrary()
        try library.add(
            BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015/bordeaux-art.jpg"), as: "art.jpg")
        _ = try BinaryRunner.run(["init", library.root.path])
        try library.run(["index"])
        #expect(try library.assets().first?["city"] as? String == "Bordeaux")

        let dump = library.root.deletingLastPathComponent().appendingPathComponent("dump-\(UUID()).txt")
        try Self.dump.write(to: dump, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: dump) }
        let imported = try library.run(["places", "import", dump.path])
        #expect(imported.status == 0)
        #expect(
            imported.stdout == """
                Imported 1 places into \(library.root.path)/.photolib/gazetteer.bin
                Looked up 1 GPS positions again: 1 changed city

                """)
        // Bordeaux is 500 km from the only place left: no city now.
        #expect(try library.assets().first?["city"] is NSNull)
        let lookup = try library.run(["places", "lookup", "48.8584", "2.2945"])
        #expect(lookup.stdout.hasPrefix("Eiffelville, Île-de-France, France (FR)\n"))
        // Outside the library the shipped gazetteer still answers.
        #expect(
            try BinaryRunner.run(
                ["places", "lookup", "48.8584", "2.2945"], workingDirectory: dump.deletingLastPathComponent()
            )
            .stdout.hasPrefix("Paris, "))

        let missing = try library.run(["places", "import", dump.path + ".none"])
        #expect(missing.status == 66)
    }
}
