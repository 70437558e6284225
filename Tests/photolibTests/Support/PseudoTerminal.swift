import Glibc

/// Runs a program on a pseudo-terminal of its own, as a terminal emulator would: the program
/// is a session leader whose controlling terminal is the pty (so `/dev/tty` opens it and
/// resizing sends it SIGWINCH), typed bytes go in through the master side, and what it draws
/// is read back and kept in a `ScreenModel`. Standard output can go to a file instead, to
/// see that a chooser's result stays apart from its screen.
///
/// Needs nothing beyond the C library (no tmux, no expect). Used by the interactive tests
/// and compiled into the browse benchmark's driver, so it imports no test framework.
final class PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    private let master: Int32
    /// The terminal side, kept open here so that its settings can be read after the program ends.
    private let slave: Int32
    /// The screen as the bytes written so far show it, up to the last complete frame: a
    /// frame read in part would show a screen that never was. (Parsed when asked for: a
    /// reader that parsed every byte as it came would slow the writer, which waits on a full
    /// terminal.)
    var screen: ScreenModel {
        let end = frameOpenedAt ?? output.count
        if parsed < end {
            model.feed(Array(output[parsed..<end]))
            parsed = end
        }
        return model
    }
    private var model: ScreenModel
    private var parsed = 0
    /// Everything the program wrote to the terminal.
    private(set) var output: [UInt8] = []
    /// How many complete frames (synchronized updates, `CSI ? 2026 h` … `CSI ? 2026 l`) the
    /// program has written so far.
    private(set) var framesWritten = 0
    /// Where the frame being written began, while one is.
    private var frameOpenedAt: Int?
    private var markerMatched = 0
    private static let markerPrefix = Array("\u{1B}[?2026".utf8)
    private(set) var exitStatus: Int32?

    /// Starts `executable` with `arguments` (without argv[0]) on a `columns` x `rows` terminal.
    init(
        executable: String, arguments: [String], environment: [String: String], columns: Int, rows: Int,
        standardOutput: String? = nil
    ) throws {
        var master: Int32 = 0
        var slave: Int32 = 0
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw Failure(description: "openpty failed") }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var name = [CChar](repeating: 0, count: 256)
        guard ttyname_r(slave, &name, name.count) == 0 else { throw Failure(description: "ttyname_r failed") }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc 2.26), which Swift does not import: a new session, so that
        // the first terminal the child opens becomes its controlling terminal.
        let setSessionID: Int32 = 0x80
        // Default handlers and nothing blocked, as a shell starts a program; the test runner's
        // threads block signals that the child would otherwise inherit blocked.
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(
            &attributes, Int16(setSessionID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        if let standardOutput {
            posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
        }
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard code == 0 else {
            close(master)
            close(slave)
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(code)))")
        }
        self.pid = pid
        self.master = master
        self.slave = slave
        model = ScreenModel(columns: columns, rows: rows)
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
        close(slave)
    }

    /// Types `text` (use "\u{1B}" for Esc, "\r" for Enter, "\u{1B}[A" for Up…).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what the program wrote within `milliseconds` (at least one poll); true when anything came.
    @discardableResult
    func read(waiting milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var any = false
        while true {
            let count = Glibc.read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer[0..<count]
            let start = output.count - count
            for (offset, byte) in buffer[0..<count].enumerated() {
                if markerMatched == Self.markerPrefix.count {
                    // The prefix has no repeated part, so a mismatch restarts the match.
                    if byte == UInt8(ascii: "h") {
                        frameOpenedAt = start + offset - Self.markerPrefix.count
                    } else if byte == UInt8(ascii: "l") {
                        frameOpenedAt = nil
                        framesWritten += 1
                    }
                    markerMatched = 0
                }
                if byte == Self.markerPrefix[markerMatched] {
                    markerMatched += 1
                } else {
                    markerMatched = byte == Self.markerPrefix[0] ? 1 : 0
                }
            }
            any = true
        }
        return any
    }

    /// Reads until `condition` holds for the screen, or `seconds` pass (false then).
    func wait(seconds: Double = 10, until condition: (ScreenModel) -> Bool) -> Bool {
        let deadline = Self.now() + seconds
        while !condition(screen) {
            if Self.now() >= deadline { return false }
            if exitStatus == nil, reap() != nil {
                // Drain what the program wrote before it ended.
                while read(waiting: 50) {}
                return condition(screen)
            }
            read(waiting: 20)
        }
        return true
    }

    /// Reads until more than `count` frames were written (the screen left unparsed, for
    /// timing); false after `seconds`.
    func waitForFrame(after count: Int, seconds: Double = 5) -> Bool {
        let deadline = Self.now() + seconds
        while framesWritten <= count {
            if Self.now() >= deadline || exitStatus != nil || reap() != nil { return false }
            read(waiting: 20)
        }
        return true
    }

    /// Reads until the screen shows `text`; false after `seconds`.
    func waitFor(_ text: String, seconds: Double = 10) -> Bool {
        wait(seconds: seconds) { $0.text.contains(text) }
    }

    /// Changes the terminal's size; the kernel sends the program SIGWINCH.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        _ = screen
        model.resize(columns: columns, rows: rows)
    }

    func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Waits for the program to end; its status as a shell says it (128 + signal when killed).
    func waitForExit(seconds: Double = 10) -> Int32? {
        let deadline = Self.now() + seconds
        while exitStatus == nil, Self.now() < deadline {
            read(waiting: 20)
            _ = reap()
        }
        while read(waiting: 20) {}
        return exitStatus
    }

    private func reap() -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let signal = status & 0x7F
        exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return exitStatus
    }

    /// The terminal's line settings as the program left them: canonical input and echo are
    /// what a shell needs back.
    var lineSettings: (canonical: Bool, echo: Bool) {
        var settings = termios()
        tcgetattr(slave, &settings)
        return (settings.c_lflag & UInt32(ICANON) != 0, settings.c_lflag & UInt32(ECHO) != 0)
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// How many times `text` occurs in `bytes` (pictures written, say).
    static func occurrences(of text: String, in bytes: [UInt8]) -> Int {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return 0 }
        var count = 0
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                count += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return count
    }
}
