import Foundation
import PhotoLibrary
import Testing

@testable import photolib

/// `man/photolib.1` against the command specs the parser and `--help` use, so the two cannot
/// drift: every command, alias and option of the specs is in the page, and every option the
/// page documents is one the command takes.
@Suite struct ManPageTests {
    static let page = try? ManPage(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("man/photolib.1"))
    static let root = RootCommand.spec(commands: CommandRegistry.commands.map { $0.spec })

    /// Every command below the root with its path, depth first.
    static func commands(
        of spec: CommandSpec = root, path: [String] = []
    ) -> [(path: [String], spec: CommandSpec)] {
        spec.subcommands.flatMap { child in
            [(path + [child.name], child)] + commands(of: child, path: path + [child.name])
        }
    }

    /// The section documenting the command at `path`: its own, else its parent's (the
    /// actions are a list in `photolib action`'s section).
    static func section(for path: [String], in page: ManPage) -> ManPage.Section? {
        page.section(path) ?? (path.count > 1 ? page.section(Array(path.dropLast())) : nil)
    }

    @Test func everyCommandAndAliasIsDocumented() throws {
        let page = try #require(Self.page)
        for (path, spec) in Self.commands() {
            // A command that only groups others (`trash`, `places`) is documented by theirs.
            if page.section(path) == nil, !spec.subcommands.isEmpty, spec.options.isEmpty, spec.arguments.isEmpty {
                continue
            }
            guard let section = Self.section(for: path, in: page) else {
                Issue.record("man page: no section for 'photolib \(path.joined(separator: " "))'")
                continue
            }
            if page.section(path) == nil {
                #expect(section.macroWords.contains(spec.name), "man page: '\(spec.name)' not listed in its parent")
            }
            for alias in spec.aliases {
                #expect(section.mentions(alias), "man page: alias '\(alias)' of '\(path.joined(separator: " "))'")
            }
        }
        for path in page.commandPaths {
            #expect(Self.root.subcommand(path: path) != nil, "man page documents an unknown command \(path)")
        }
    }

    @Test func everyOptionOfEveryCommandIsDocumented() throws {
        let page = try #require(Self.page)
        for (path, spec) in Self.commands() {
            guard let section = Self.section(for: path, in: page) else { continue }
            let command = "photolib \(path.joined(separator: " "))"
            // export takes list's filters, documented once, in list's section.
            let inherited =
                path == ["export"] ? Set(ExportCommand.filterKeys.map(\.name)) : []
            for option in spec.options where !inherited.contains(option.name) {
                for name in ["--\(option.name)"] + option.aliases.map({ "--\($0)" })
                    + (option.short.map { ["-\($0)"] } ?? [])
                {
                    #expect(section.mentions(name), "man page: \(command) does not document \(name)")
                }
            }
        }
        let global = try #require(page.section([]), "man page: no GLOBAL OPTIONS section")
        for option in RootCommand.globalOptions + Self.root.options {
            #expect(global.mentions("--\(option.name)"), "man page: GLOBAL OPTIONS lacks --\(option.name)")
            if let short = option.short { #expect(global.mentions("-\(short)")) }
        }
    }

    @Test func everyDocumentedOptionExists() throws {
        let page = try #require(Self.page)
        let global = RootCommand.globalOptions + Self.root.options
        for section in page.sections {
            let spec = try #require(section.path.isEmpty ? Self.root : Self.root.subcommand(path: section.path))
            // A parent's section may document its subcommands' options (`action`'s --value).
            let accepted = (spec.options + spec.subcommands.flatMap(\.options) + global).flatMap { option in
                ["--\(option.name)"] + option.aliases.map { "--\($0)" } + (option.short.map { ["-\($0)"] } ?? [])
            }
            for option in section.documentedOptions.subtracting(accepted) {
                Issue.record(
                    "man page: '\(section.path.joined(separator: " "))' documents \(option), which it does not take")
            }
        }
    }

    /// The defaults the page gives for `init`'s options are the settings' own.
    @Test func settingDefaultsMatchTheDefinitions() throws {
        let section = try #require(Self.page?.section(["init"]))
        for definition in LibrarySettings.definitions {
            let paragraph = try #require(
                section.paragraph(of: "--\(definition.key)"), "no paragraph for \(definition.key)")
            #expect(
                paragraph.range(of: "(?<![0-9])\(definition.defaultValue)(?![0-9])", options: .regularExpression) != nil
                    && paragraph.contains("default"),
                "man page: --\(definition.key) should give the default \(definition.defaultValue): \(paragraph)")
        }
    }

    @Test func theReaderFindsWhatItShould() {
        let page = ManPage(
            text: """
                .SH GLOBAL OPTIONS
                .TP
                .BR \\-h ", " \\-\\-help
                Help.
                .SS "photolib trash empty [\\-\\-older\\-than \\fIage\\fP] \\-\\-yes"
                .TP
                .BI \\-j ", " \\-\\-jobs " n"
                Jobs (default 4).
                .B "list \\-\\-sort popped"
                shows \\fB\\-\\-json\\fP.
                .SS "photolib action \\fIname\\fP"
                .BR like ", " unlike
                """)
        #expect(page.commandPaths == [["trash", "empty"], ["action"]])
        #expect(page.section([])?.documentedOptions == ["-h", "--help"])
        let trash = page.section(["trash", "empty"])
        #expect(trash?.documentedOptions == ["-j", "--jobs"])
        #expect(trash?.mentions("--json") == true && trash?.mentions("--sort") == true)
        #expect(trash?.mentions("--jso") == false)
        #expect(trash?.paragraph(of: "--jobs")?.contains("default 4") == true)
        #expect(page.section(["action"])?.macroWords.isSuperset(of: ["like", "unlike"]) == true)
    }
}

extension CommandSpec {
    /// The command at `path` below this one, by canonical names.
    func subcommand(path: [String]) -> CommandSpec? {
        var spec = self
        for name in path {
            guard let next = spec.subcommands.first(where: { $0.name == name }) else { return nil }
            spec = next
        }
        return spec
    }
}
