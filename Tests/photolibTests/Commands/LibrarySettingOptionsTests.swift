import PhotoLibrary
import Testing

@testable import photolib

/// `init`'s options and `config`'s help come from the settings' definitions.
@Suite struct LibrarySettingOptionsTests {
    @Test func oneWordedOptionPerSetting() {
        #expect(LibrarySettingOptions.options.map(\.name) == LibrarySettings.keys)
        #expect(Set(LibrarySettingOptions.wording.keys) == Set(LibrarySettings.keys))
        // Then where the catalog lives, which is not a setting `config` may change.
        #expect(InitCommand.spec.options.map(\.name) == LibrarySettings.keys + ["catalog", "schema", "json"])
    }

    @Test func helpShowsEachRangeAndDefault() {
        let help = HelpFormatter(parser: ArgumentParser(root: RootCommand.spec(commands: [InitCommand.spec])))
            .help(for: ["init"])
        #expect(help.contains("--quality <1-100>       JPEG quality of renditions (default: 82)."))
        #expect(help.contains("--thumbnail-size <pixels>\n"))
        for definition in LibrarySettings.definitions {
            let option = LibrarySettingOptions.option(for: definition).spec
            #expect(option.help.hasSuffix("default: \(definition.defaultValue))."), "\(definition.key)")
            #expect(
                option.help.contains(LibrarySettingOptions.shownValues(definition))
                    || option.valueName == LibrarySettingOptions.shownValues(definition))
        }
        #expect(ConfigCommand.spec.discussion?.contains("quality (1-100, default 82)") == true)
        #expect(ConfigCommand.spec.discussion?.contains("sidecars (write|off, default off)") == true)
        #expect(RenderCommand.spec.discussion?.contains("256 pixels by default) and preview (1280 by default)") == true)
    }

    @Test func optionsAreCheckedAgainstTheDefinitions() throws {
        let parser = ArgumentParser(root: RootCommand.spec(commands: [InitCommand.spec]))
        func settings(_ arguments: [String]) throws -> LibrarySettings {
            guard case .run(let command) = try parser.parse(["init"] + arguments) else { throw UsageError(message: "") }
            return try LibrarySettingOptions.settings(from: command)
        }
        let chosen = try settings(["--quality", "90", "--preview-size", " 2048", "--sidecars", "write"])
        #expect(chosen.quality == 90 && chosen.previewSize == 2048 && chosen.sidecars == .write)
        #expect(chosen.thumbnailSize == LibrarySettings().thumbnailSize)
        #expect(
            throws: UsageError(
                message: "Invalid value '16385' for '--preview-size <pixels>': expected a whole number in 64...16384",
                commandPath: ["init"])
        ) { try settings(["--preview-size", "16385"]) }
        #expect(
            throws: UsageError(
                message: "Invalid value 'x' for '--sidecars <mode>': expected write or off", commandPath: ["init"])
        ) { try settings(["--sidecars", "x"]) }
    }
}
