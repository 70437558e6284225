import PhotoSupport

/// The one place where errors and problems become lines on stderr and errors become exit
/// statuses. Commands never write those lines themselves, so every command words them alike:
///
/// - a failure that ends the command: `photolib: error: <reason>` (a usage error:
///   `Error: <message>` and the command's usage, written by the runner with `HelpFormatter`);
/// - one item of a batch that failed (a file, an asset) while the rest goes on:
///   `photolib: error: <reason>`;
/// - what the core reported about one file (unreadable, damaged): `photolib: <path>: <reason>`;
/// - something worth knowing that is not a failure: `photolib: warning: <message>`.
///
/// Each is one line: control characters in a message (from a file name, a caption, EXIF)
/// are shown as escapes (`TerminalText`), so a newline in a name cannot split it and an
/// escape sequence cannot reach the terminal.
/// - with `--verbose`, each file or asset handled: `photolib: <path>: <what was done>`.
///
/// `--quiet` silences warnings (errors and problems are never silenced).
struct Diagnostics: Sendable {
    let stream: OutputStream
    var verbosity: Verbosity = .normal
    /// stderr is systemd's journal: each line starts with its syslog priority (`JournalStream`).
    var journalPriorities = false

    /// An error that stops the command, or one item of a batch.
    func error(_ error: any Error) {
        line(.error, "\(RootCommand.name): error: \(TerminalText.escaped(Self.reason(error)))")
    }

    /// A problem with one file that the core already worded, path first.
    func problem(_ message: String) {
        line(.error, "\(RootCommand.name): \(TerminalText.escaped(message))")
    }

    func warning(_ message: String) {
        guard verbosity != .quiet else { return }
        line(.warning, "\(RootCommand.name): warning: \(TerminalText.escaped(message))")
    }

    /// What a long-running command is doing (where a server listens), unless `--quiet`.
    func notice(_ message: String) {
        guard verbosity != .quiet else { return }
        line(.info, "\(RootCommand.name): \(TerminalText.escaped(message))")
    }

    /// One file or asset handled, under `--verbose` only: `photolib: <subject>: <what>`.
    func note(_ subject: String, _ what: String) {
        guard verbosity == .verbose else { return }
        line(.info, "\(RootCommand.name): \(TerminalText.escaped(subject)): \(TerminalText.escaped(what))")
    }

    /// Writes one line, with its priority first when stderr is the journal.
    func line(_ priority: JournalStream.Priority, _ text: String) {
        stream.write((journalPriorities ? priority.prefix : "") + text + "\n")
    }

    var isVerbose: Bool { verbosity == .verbose }

    /// What a failed command prints and exits with: a usage error with its usage (the
    /// command at `path` when the error names none), anything else as `error(_:)` does.
    func commandFailed(_ error: any Error, path: [String], help: HelpFormatter) -> ExitStatus {
        if var usage = error as? UsageError {
            if usage.commandPath.isEmpty { usage.commandPath = path }
            stream.write(help.report(usage))
        } else {
            self.error(error)
        }
        return ExitStatus(for: error)
    }

    /// How an error reads: a core error's own one-line description, with the command-line
    /// remedy when there is one.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? any PhotolibError else { return String(describing: error) }
        return CommandLineAdvice.message(for: error)
    }
}

extension ExitStatus {
    /// The status a command that failed with `error` exits with.
    init(for error: any Error) {
        switch error {
        case is UsageError: self = .usage
        case let error as any PhotolibError: self.init(error.kind)
        default: self = .failure
        }
    }
}

/// The items of a batch (files, assets) that failed, each reported as it fails, and the
/// exit status they leave: 0 when none failed; the failure's own status when the batch was
/// one item and it failed (one missing asset exits 66, as a single command would); else 2.
struct BatchFailures {
    private(set) var count = 0
    private var lastStatus = ExitStatus.failure

    /// Reports `error` and counts it.
    mutating func record(_ error: any Error, to diagnostics: Diagnostics) {
        diagnostics.error(error)
        count += 1
        lastStatus = ExitStatus(for: error)
    }

    /// The status of a batch of `items` items.
    func status(items: Int) -> ExitStatus {
        if count == 0 { return .success }
        return items == 1 ? lastStatus : .partial
    }
}

/// How much a command says beyond its output: the same for every command (`-q`, `-v`).
enum Verbosity: Sendable, Equatable {
    case quiet, normal, verbose

    /// The verbosity the command line asks for; `--quiet` with `--verbose` is a usage error.
    init(_ command: ParsedCommand) throws {
        switch (command[RootCommand.quietOption], command[RootCommand.verboseOption]) {
        case (true, true):
            throw UsageError(message: "--quiet and --verbose cannot be used together", commandPath: command.path)
        case (true, false): self = .quiet
        case (false, true): self = .verbose
        case (false, false): self = .normal
        }
    }
}
