/// A command of `photolib`: its description as data and the code that runs it.
///
/// A command with subcommands gets them through the same `run`, with the whole path in
/// `command.path` (`["trash", "empty"]`). It prints only through `context` and reports
/// failures by throwing (`UsageError` for bad values, core errors for the rest) or by
/// returning a status such as `.partial`. (`SendableMetatype`: the registry is a global list of types.)
protocol PhotolibCommand: SendableMetatype {
    static var spec: CommandSpec { get }
    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus
}
