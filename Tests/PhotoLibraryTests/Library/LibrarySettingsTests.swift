import Foundation
import Testing

@testable import PhotoLibrary

@Suite struct LibrarySettingsTests {
    @Test func everyDefinitionNamesASettingWhoseDefaultItAccepts() {
        let defaults = LibrarySettings()
        for definition in LibrarySettings.definitions {
            #expect(defaults.value(forKey: definition.key) == definition.defaultValue)
            #expect(definition.accepts(definition.defaultValue), "\(definition.key)")
        }
        #expect(
            LibrarySettings.keys == [
                "thumbnail-size", "preview-size", "quality", "max-megapixels", "sidecars", "rendition-colour",
            ])
        #expect(LibrarySettings.definitions.map(\.defaultValue) == ["256", "1280", "82", "250", "off", "srgb"])
    }

    @Test func valuesAreCheckedAgainstTheirDefinition() throws {
        var settings = LibrarySettings()
        try settings.setValue("4096", forKey: "thumbnail-size")
        try settings.setValue("write", forKey: "sidecars")
        #expect(settings.thumbnailSize == 4096 && settings.sidecars == .write)
        let tooLarge = #expect(throws: SettingsError.self) { try settings.setValue("4097", forKey: "thumbnail-size") }
        #expect(tooLarge?.reason == .invalidValue("4097", expected: "a whole number in 16...4096"))
        let badMode = #expect(throws: SettingsError.self) { try settings.setValue("on", forKey: "sidecars") }
        #expect(badMode?.description == "invalid value 'on' for sidecars: expected write or off")
        let unknown = #expect(throws: SettingsError.self) { try settings.setValue("1", forKey: "colour") }
        #expect(unknown?.reason == .unknownKey)
        #expect(settings.thumbnailSize == 4096 && settings.sidecars == .write)
    }

    @Test func eachSettingIsSetByItsOwnKey() throws {
        for definition in LibrarySettings.definitions {
            var settings = LibrarySettings()
            let other: String
            switch definition.values {
            case .wholeNumber(let range): other = String(range.lowerBound)
            case .oneOf(let choices): other = try #require(choices.first { $0 != definition.defaultValue })
            }
            try settings.setValue(other, forKey: definition.key)
            #expect(settings.value(forKey: definition.key) == other)
            let changed = LibrarySettings.keys.filter {
                settings.value(forKey: $0) != LibrarySettings().value(forKey: $0)
            }
            #expect(changed == [definition.key])
        }
    }
}

/// Issue 24 item 5: settings.json is not trusted; a value out of its range is the default, with why.
@Suite struct LibrarySettingsValidationTests {
    private func read(_ json: String) throws -> (settings: LibrarySettings, warnings: [String]) {
        try JSONDecoder().decode(LibrarySettings.self, from: Data(json.utf8)).validated()
    }

    @Test(arguments: [100_000, 1001, 0, -5])
    func aPixelLimitOutOfRangeIsTheDefault(megapixels: Int) throws {
        let (settings, warnings) = try read(#"{"maxMegapixels": \#(megapixels)}"#)
        #expect(settings.maxMegapixels == 250)
        #expect(warnings == ["maxMegapixels is \(megapixels), expected a whole number in 1...1000; using 250"])
    }

    @Test func eachValueOutOfRangeIsOneWarningInTheOrderConfigListsThem() throws {
        let (settings, warnings) = try read(
            #"{"quality": 1000, "thumbnailSize": -1, "previewSize": 2048, "maxMegapixels": 1000}"#)
        #expect(settings.quality == 82 && settings.thumbnailSize == 256)
        #expect(settings.previewSize == 2048 && settings.maxMegapixels == 1000)
        #expect(
            warnings == [
                "thumbnailSize is -1, expected a whole number in 16...4096; using 256",
                "quality is 1000, expected a whole number in 1...100; using 82",
            ])
    }

    @Test func validSettingsGiveNoWarning() throws {
        let (settings, warnings) = try read(#"{"quality": 90}"#)
        #expect(settings.quality == 90 && warnings.isEmpty)
    }
}
