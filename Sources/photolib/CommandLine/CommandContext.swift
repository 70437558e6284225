import Foundation
import PhotoFormats
import PhotoLibrary
import PhotoSupport
import PhotoTerminal

/// Everything a command may know of the outside world: environment, working directory,
/// standard input, output streams, which of them are terminals and the terminal's size.
///
/// `main` builds the one of this process with `forCurrentProcess()`, the only code that
/// reads them; tests build their own (memory streams, an environment, a fake terminal).
/// Commands and the core get these values from here or as parameters, never from the
/// process. A value type of Sendable parts, so workers may carry a copy.
struct CommandContext: Sendable {
    let environment: [String: String]
    /// Where relative paths and the library search start.
    var workingDirectory: RawPath
    let stdin: InputSource
    /// Buffered; flushed by the runner at exit.
    let stdout: OutputStream
    /// Written at once.
    let stderr: OutputStream
    var stdinIsTerminal: Bool
    var stdoutIsTerminal: Bool
    var stderrIsTerminal: Bool
    /// stderr is systemd's journal (`JournalStream`): each line starts with its priority.
    var stderrIsJournal = false
    /// The terminal of stdout; when it is none, `$COLUMNS`x`$LINES` or 80x24.
    var terminal: TerminalSize
    /// Where the shipped data (the gazetteer) is: `$PHOTOLIB_DATA_DIR`, then beside the executable.
    var dataFiles: DataFiles
    /// `--quiet` or `--verbose`, set by the runner from the command line, the same for every command.
    var verbosity: Verbosity = .normal

    /// A context for tests: no terminal, empty input, memory streams, and data files found
    /// from `environment` and the running (test) executable unless given.
    init(
        environment: [String: String] = [:], workingDirectory: RawPath = RawPath("/"),
        stdin: InputSource = .empty(), stdout: OutputStream = .memory(), stderr: OutputStream = .memory(),
        stdinIsTerminal: Bool = false, stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false,
        terminal: TerminalSize = .standard, dataFiles: DataFiles? = nil
    ) {
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.terminal = terminal
        self.dataFiles =
            dataFiles ?? DataFiles(environment: environment, executable: DataFiles.currentExecutable())
    }

    /// The context of this process: file descriptors 0, 1 and 2, its environment and its
    /// working directory.
    static func forCurrentProcess() -> CommandContext {
        let environment = ProcessInfo.processInfo.environment
        var context = CommandContext(
            environment: environment,
            workingDirectory: currentDirectory(),
            stdin: InputSource(fileDescriptor: STDIN_FILENO),
            stdout: OutputStream(
                fileDescriptor: STDOUT_FILENO, buffered: true, escapesControls: isatty(STDOUT_FILENO) == 1),
            stderr: OutputStream(fileDescriptor: STDERR_FILENO, buffered: false, escapesControls: true),
            stdinIsTerminal: isatty(STDIN_FILENO) == 1,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            terminal: TerminalSize.of(descriptor: STDOUT_FILENO, environment: environment))
        context.stderrIsJournal = JournalStream.isConnected(descriptor: STDERR_FILENO, environment: environment)
        return context
    }

    /// The process's working directory (`/` if it cannot be read, as when it was removed).
    private static func currentDirectory() -> RawPath {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return RawPath("/") }
        return RawPath(bytes: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
    }

    /// Columns of the terminal (see `terminal`).
    var terminalWidth: Int { terminal.columns }

    /// The width a table may take: the terminal's when stdout is one; else none (a pipe
    /// gets whole lines).
    var tableWidth: Int? { stdoutIsTerminal ? terminal.columns : nil }

    /// Whether stdout may carry colour escapes: a terminal, not dumb, and no `NO_COLOR`
    /// (no-color.org).
    var stdoutUsesColor: Bool { stdoutIsTerminal && TerminalGraphics.allowsColor(environment: environment) }

    /// `path` as the user meant it: relative to the working directory.
    func absolute(_ path: RawPath) -> RawPath {
        path.absolute(currentDirectory: workingDirectory)
    }

    /// The library the command works on: `--library`, else `$PHOTOLIB_LIBRARY`, else the
    /// nearest `.photolib/` at or above the working directory. What was wrong in its
    /// settings.json (a value out of range, the default used instead) is a warning each,
    /// unless `quietly` (shell completion, whose stderr lands in the middle of a prompt).
    func library(_ command: ParsedCommand, quietly: Bool = false) throws -> Library {
        let library = try Library.locate(
            explicit: command[RootCommand.libraryOption], environment: environment,
            workingDirectory: workingDirectory, dataFiles: dataFiles)
        if !quietly { library.settingsWarnings.forEach(diagnostics.warning) }
        return library
    }

    /// Where errors, problems and warnings go (stderr), worded alike by every command.
    var diagnostics: Diagnostics {
        Diagnostics(stream: stderr, verbosity: verbosity, journalPriorities: stderrIsJournal)
    }

    /// Writes a line that reports what the command did rather than what it was asked to print
    /// (a summary such as "made 3, existing 0, failed 0", an action's line per asset) to
    /// stdout, unless `--quiet`.
    func summary(_ line: String) {
        if verbosity != .quiet { stdout.write(line + "\n") }
    }

    /// A progress bar on stderr when stderr is a terminal; nil otherwise, so that logs
    /// and pipes get no control characters, and under `--quiet` or `--verbose` (whose lines
    /// a redrawn bar would garble).
    /// Never on a dumb terminal, which cannot redraw a line.
    func progressBar(label: String, total: Int) -> ProgressBar? {
        verbosity == .normal && stderrIsTerminal && TerminalGraphics.allowsEscapes(environment: environment)
            ? ProgressBar(label: label, total: total, output: stderr, width: terminal.columns) : nil
    }
}
