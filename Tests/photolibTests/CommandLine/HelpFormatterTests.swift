import PhotoCatalog
import Testing

@testable import photolib

@Suite struct HelpFormatterTests {
    static let tag = CommandSpec(
        name: "tag",
        abstract: "Add a tag to assets.",
        discussion: """
            Tags are words you choose; an asset may have any number of them, and \
            'photolib list --tag NAME' finds them again.

              photolib tag beach Trips/2024/
            """,
        arguments: [
            ArgumentSpec(name: "name", help: "The tag.", isOptional: false),
            ArgumentSpec(name: "assets", help: "Asset ids or files.", isRepeating: true),
        ],
        options: [
            Flag("remove", short: "r", help: "Remove the tag instead.", aliases: ["untag"]).spec,
            Option<String>(
                "note", "text", help: "A note kept with the tag, shown by 'photolib show' beside the tag's name."
            ).spec,
        ],
        examples: ["photolib tag beach IMG_0001.jpg"])

    let formatter = HelpFormatter(parser: ArgumentParser(root: RootCommand.spec(commands: [tag])))

    @Test func commandHelpInSections() {
        #expect(
            formatter.help(for: ["tag"]) == """
                OVERVIEW: Add a tag to assets.

                Tags are words you choose; an asset may have any number of them, and 'photolib
                list --tag NAME' finds them again.

                  photolib tag beach Trips/2024/

                USAGE: photolib tag [--remove] [--note <text>] <name> [<assets> ...] [<options>]

                ARGUMENTS:
                  <name>                  The tag.
                  <assets>                Asset ids or files.

                OPTIONS:
                  -r, --remove, --untag   Remove the tag instead.
                  --note <text>           A note kept with the tag, shown by 'photolib show'
                                          beside the tag's name.
                  --library <dir>         The library to use (default: $PHOTOLIB_LIBRARY, else
                                          the nearest .photolib/ above the working directory)
                  -q, --quiet             No summary, progress or warning: only errors.
                  -v, --verbose           A line on stderr for each file or asset handled.
                  -h, --help              Show help information.

                EXAMPLES:
                  photolib tag beach IMG_0001.jpg

                """)
    }

    @Test func rootHelpListsCommandsAndEndsWithPointer() {
        let help = formatter.help(for: [])
        #expect(help.hasPrefix("OVERVIEW: Manage a library of photos from the command line.\n\n"))
        #expect(
            help.contains(
                """

                USAGE: photolib <subcommand>

                OPTIONS:
                  --version               Show the version.
                  --library <dir>         The library to use (default: $PHOTOLIB_LIBRARY, else
                                          the nearest .photolib/ above the working directory)
                  -q, --quiet             No summary, progress or warning: only errors.
                  -v, --verbose           A line on stderr for each file or asset handled.
                  -h, --help              Show help information.

                SUBCOMMANDS:
                  tag                     Add a tag to assets.
                  help                    Show help for a command.

                  See 'photolib help <subcommand>' for detailed help.

                """))
        #expect(help.hasSuffix("  See 'photolib help <subcommand>' for detailed help.\n"))
    }

    @Test func subcommandAliasesAndLongLabelsGetTheirOwnLine() {
        let parser = ArgumentParser(root: RootCommand.spec(commands: [SampleCommands.list]))
        let help = HelpFormatter(parser: parser)
        #expect(help.help(for: []).contains("\n  list, ls                List the assets of the library.\n"))
        #expect(
            help.help(for: ["list"]).contains(
                """

                  --favourite, --favorite
                                          Only favourites.

                """))
    }

    @Test func usageCollapsesOptionsWhenTooWide() {
        let help = HelpFormatter(parser: SampleCommands.parser)
        #expect(help.usage(for: ["list"]) == "photolib list [<paths> ...] [<options>]")
        #expect(help.usage(for: ["trash", "empty"]) == "photolib trash empty [--force] [<options>]")
        #expect(help.usage(for: ["trash"]) == "photolib trash <subcommand>")
        #expect(help.usage(for: []) == "photolib <subcommand>")
    }

    @Test func usageErrorReport() {
        #expect(
            formatter.report(UsageError(message: "Unknown option '--bogus'", commandPath: ["tag"])) == """
                Error: Unknown option '--bogus'
                Usage: photolib tag [--remove] [--note <text>] <name> [<assets> ...] [<options>]
                  See 'photolib help tag' for more details.

                """)
        #expect(
            formatter.report(UsageError(message: "Unknown command 'x'")) == """
                Error: Unknown command 'x'
                Usage: photolib <subcommand>
                  See 'photolib help' for more details.

                """)
    }

    @Test func everyLineFitsEightyColumns() {
        let help = HelpFormatter(parser: SampleCommands.parser)
        for path in [[], ["list"], ["show"], ["trash"], ["trash", "empty"], ["trash", "restore"], ["help"]] {
            for line in help.help(for: path).split(separator: "\n") {
                #expect(DisplayWidth.of(String(line)) <= 80, "\(path): \(line)")
            }
        }
    }
}
