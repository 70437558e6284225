@testable import photolib

/// A small command tree for parser and help tests, shaped like photolib's own commands.
enum SampleCommands {
    static let list = CommandSpec(
        name: "list",
        aliases: ["ls"],
        abstract: "List the assets of the library.",
        arguments: [ArgumentSpec(name: "paths", help: "Only assets under these files or folders.", isRepeating: true)],
        options: [
            .flag("favourite", help: "Only favourites.", aliases: ["favorite"]),
            .value("taken-after", "date", help: "Only photos taken after this date (YYYY-MM-DD)."),
            .value("jobs", "n", short: "j", help: "Worker threads."),
            .value("tag", "name", help: "Only assets with this tag; repeat for several."),
            .flag("verbose", short: "v", help: "Say more."),
            .flag("quiet", short: "q", help: "Say less."),
        ],
        examples: ["photolib list --favourite", "photolib list --taken-after 2024-01-01 Trips/"])

    static let show = CommandSpec(
        name: "show",
        abstract: "Show one asset.",
        arguments: [ArgumentSpec(name: "asset", help: "An asset id or file.", isOptional: false)])

    static let trash = CommandSpec(
        name: "trash",
        abstract: "Manage the trash.",
        subcommands: [
            CommandSpec(
                name: "empty", abstract: "Delete everything in the trash.",
                options: [.flag("force", help: "Do not ask.")]),
            CommandSpec(
                name: "restore", abstract: "Put assets back.",
                arguments: [
                    ArgumentSpec(name: "assets", help: "Assets to restore.", isOptional: false, isRepeating: true)
                ]),
        ])

    static let root = RootCommand.spec(commands: [list, show, trash])
    static let parser = ArgumentParser(root: root)
}
