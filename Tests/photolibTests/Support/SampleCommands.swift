@testable import photolib

/// A small command tree for parser and help tests, shaped like photolib's own commands.
enum SampleCommands {
    /// list's options as keys, read back in tests as commands read theirs.
    enum Options {
        static let favourite = Flag("favourite", help: "Only favourites.", aliases: ["favorite"])
        static let takenAfter = Option<String>(
            "taken-after", "date", help: "Only photos taken after this date (YYYY-MM-DD).")
        static let jobs = Option<Int>("jobs", "n", short: "j", help: "Worker threads.")
        static let tag = Option<String>("tag", "name", help: "Only assets with this tag; repeat for several.")
        static let verbose = Flag("verbose", short: "v", help: "Say more.")
        static let quiet = Flag("quiet", short: "q", help: "Say less.")
        static let force = Flag("force", help: "Do not ask.")
    }

    static let list = CommandSpec(
        name: "list",
        aliases: ["ls"],
        abstract: "List the assets of the library.",
        arguments: [ArgumentSpec(name: "paths", help: "Only assets under these files or folders.", isRepeating: true)],
        options: optionSpecs([
            Options.favourite, Options.takenAfter, Options.jobs, Options.tag, Options.verbose, Options.quiet,
        ]),
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
                options: [Options.force.spec]),
            CommandSpec(
                name: "restore", abstract: "Put assets back.",
                arguments: [
                    ArgumentSpec(name: "assets", help: "Assets to restore.", isOptional: false, isRepeating: true)
                ]),
        ])

    static let root = RootCommand.spec(commands: [list, show, trash])
    static let parser = ArgumentParser(root: root)
}
