/// A command line that cannot be run as written: unknown option, missing value, bad value.
///
/// Reported as `Error: <message>` followed by the usage of the command at `commandPath`,
/// with exit status 64. A command that throws one with an empty `commandPath` gets its
/// own path filled in by the runner.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    var message: String
    /// The command whose usage is shown: `["list"]`; empty for `photolib` itself.
    var commandPath: [String]

    init(message: String, commandPath: [String] = []) {
        self.message = message
        self.commandPath = commandPath
    }

    var description: String { message }
}
