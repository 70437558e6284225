import Foundation
import Testing

/// Issue 24 item 5: a settings.json value out of its range (`maxMegapixels: 100000` lifted the
/// pixel limit, and a 30000 x 30000 PNG then took 2.67 GB) is one warning naming the file, the
/// key and the range, and the default is used.
@Suite struct SettingsValidationTests {
    @Test func valuesOutOfRangeAreWarnedOfAndTheDefaultsUsed() throws {
        let library = try TestLibrary()
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let settingsURL = library.url(".photolib/settings.json")
        var settings = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: settingsURL)) as? [String: Any])
        settings["maxMegapixels"] = 100_000
        settings["thumbnailSize"] = -1
        settings["quality"] = 1000
        try JSONSerialization.data(withJSONObject: settings).write(to: settingsURL)
        // A PNG whose header claims 30000 x 30000 (900 megapixels).
        var png = HostileImages.interlacedPNG(side: 8)
        png.replaceSubrange(16..<24, with: HostileImages.be32(30_000) + HostileImages.be32(30_000))
        try Data(png).write(to: library.url("huge.png"))

        let path = settingsURL.path
        let warnings = [
            "photolib: warning: \(path): thumbnailSize is -1, expected a whole number in 16...4096; using 256",
            "photolib: warning: \(path): quality is 1000, expected a whole number in 1...100; using 82",
            "photolib: warning: \(path): maxMegapixels is 100000, expected a whole number in 1...1000; using 250",
        ]
        let config = try library.run(["config"])
        #expect(config.status == 0)
        #expect(config.stderr.split(separator: "\n").map(String.init) == warnings, "\(config.stderr)")
        #expect(config.stdout.contains("max-megapixels = 250"), "\(config.stdout)")
        #expect(config.stdout.contains("quality = 82"), "\(config.stdout)")

        let index = try library.run(["index"])
        let lines = index.stderr.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == warnings, "\(index.stderr)")
        #expect(lines.count == 4, "\(index.stderr)")
        #expect(
            lines.last?.hasSuffix("huge.png: 30000x30000 is 900.0 megapixels, over the limit of 250") == true,
            "\(index.stderr)")
    }
}
