import PhotoSupport

/// The `photolib` command itself: the options every command accepts, the root's own
/// options, and the built-in `help` command.
enum RootCommand {
    static let name = "photolib"

    /// `--library <dir>`, accepted by every command.
    static let libraryOption = Option<RawPath>(
        "library", "dir",
        help: "The library to use (default: $PHOTOLIB_LIBRARY, else the nearest .photolib/ above the working directory)"
    )

    /// `-h, --help`, accepted by every command.
    static let helpOption = Flag("help", short: "h", help: "Show help information.")

    /// `--version`, accepted by `photolib` alone.
    static let versionOption = Flag("version", help: "Show the version.")

    /// `-q, --quiet`, accepted by every command: no summary, no progress, no warnings; errors
    /// still go to stderr, and what the command was asked for (a list, JSON) to stdout.
    static let quietOption = Flag(
        "quiet", short: "q", help: "No summary, progress or warning: only errors.")

    /// `-v, --verbose`, accepted by every command: a line on stderr for each file or asset handled.
    static let verboseOption = Flag(
        "verbose", short: "v", help: "A line on stderr for each file or asset handled.")

    /// Options every command accepts, listed after the command's own in its help.
    static let globalOptions = optionSpecs([libraryOption, quietOption, verboseOption, helpOption])

    /// `photolib help [<subcommands> ...]`, answered by the runner itself.
    static let helpCommand = CommandSpec(
        name: "help",
        abstract: "Show help for a command.",
        arguments: [ArgumentSpec(name: "subcommands", help: "The command to show help for.", isRepeating: true)])

    static let discussion = """
        Exit status: 0 success; 1 failure; 2 some files failed (each one is reported); \
        64 command-line error; 65 bad input data; 66 missing library, file or asset; \
        130 cancelled (pick left with Esc, browse with Ctrl-C).
        """

    /// The command tree: `photolib`, the registered commands, then `help`.
    static func spec(commands: [CommandSpec]) -> CommandSpec {
        CommandSpec(
            name: name,
            abstract: "Manage a library of photos from the command line.",
            discussion: discussion,
            options: [versionOption.spec],
            subcommands: commands + [helpCommand])
    }
}
