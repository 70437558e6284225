import Foundation
import PhotoLibrary
import PhotoSupport

/// What a command may touch of the outside world: environment, output streams, terminal.
///
/// The runner builds one per process with `forCurrentProcess()`; tests build their own
/// with memory streams. A value type of Sendable parts, so workers may carry a copy.
struct CommandContext: Sendable {
    let environment: [String: String]
    /// Buffered; flushed by the runner at exit.
    let stdout: OutputStream
    /// Written at once.
    let stderr: OutputStream
    var stdoutIsTerminal: Bool
    var stderrIsTerminal: Bool
    var stdinIsTerminal: Bool
    /// Columns of the terminal (of stdout, else `$COLUMNS`, else 80).
    var terminalWidth: Int
    /// Where relative paths and the library search start.
    var workingDirectory: RawPath

    init(
        environment: [String: String] = [:], stdout: OutputStream = .memory(), stderr: OutputStream = .memory(),
        stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, stdinIsTerminal: Bool = false,
        terminalWidth: Int = 80, workingDirectory: RawPath = .currentDirectory()
    ) {
        self.environment = environment
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.terminalWidth = terminalWidth
        self.workingDirectory = workingDirectory
    }

    /// The context of this process: file descriptors 0, 1 and 2 and its environment.
    static func forCurrentProcess() -> CommandContext {
        let environment = ProcessInfo.processInfo.environment
        return CommandContext(
            environment: environment,
            stdout: OutputStream(
                fileDescriptor: STDOUT_FILENO, buffered: true, escapesControls: isatty(STDOUT_FILENO) == 1),
            stderr: OutputStream(fileDescriptor: STDERR_FILENO, buffered: false, escapesControls: true),
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            stdinIsTerminal: isatty(STDIN_FILENO) == 1,
            terminalWidth: Self.terminalWidth(of: STDOUT_FILENO, environment: environment))
    }

    /// The library the command works on: `--library`, else `$PHOTOLIB_LIBRARY`, else the
    /// nearest `.photolib/` at or above the working directory.
    func library(_ command: ParsedCommand) throws -> Library {
        try Library.locate(
            explicit: command.rawValue(RootCommand.libraryOption.name), environment: environment,
            workingDirectory: workingDirectory)
    }

    /// Reports a problem that does not stop the command (one bad file): "photolib: <message>".
    func warn(_ message: String) {
        stderr.write("\(RootCommand.name): \(TerminalText.escaped(message))\n")
    }

    /// A progress bar on stderr when stderr is a terminal; nil otherwise, so that logs
    /// and pipes get no control characters.
    func progressBar(label: String, total: Int) -> ProgressBar? {
        stderrIsTerminal ? ProgressBar(label: label, total: total, output: stderr, width: terminalWidth) : nil
    }

    /// Columns of the terminal on `descriptor`, else `$COLUMNS`, else 80.
    static func terminalWidth(of descriptor: Int32, environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return 80
    }
}
