import Foundation
import Glibc
import PhotoTerminal

/// A full-screen session on the controlling terminal (`/dev/tty`, as fzf uses, so that
/// standard output stays free for results): raw input, the alternate screen, no cursor, no
/// line wrap, and mouse reports when asked; and everything put back by `leave()`, by
/// `deinit`, and by a crash handler if a drawing call crashes.
public final class TerminalSession {
    public let path: String
    public let descriptor: Int32
    private let original: termios
    public private(set) var isActive = false
    private var mouse = false

    /// Opens the terminal (the controlling one by default). Throws when there is none.
    public init(path: String = "/dev/tty") throws {
        self.path = path
        let descriptor = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw TerminalError(path: path, reason: .noTerminal(errno: errno)) }
        var settings = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else {
            close(descriptor)
            throw TerminalError(path: path, reason: .notATerminal)
        }
        self.descriptor = descriptor
        original = settings
    }

    deinit {
        leave()
        close(descriptor)
    }

    /// The bytes that undo `enter`: end any synchronized update a crash cut short, default
    /// colours, mouse reports off, line wrap and cursor back, main screen.
    public static let restoringSequence = Array(
        "\u{1B}[?2026l\u{1B}[0m\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// Raw mode (bytes as typed, no echo, no signals from keys: Ctrl-C arrives as a byte),
    /// the alternate screen, cursor hidden, line wrap off (a width misjudged by a font never
    /// scrolls the screen), and, with `mouse`, clicks and wheel reported in SGR form.
    public func enter(mouse: Bool) throws {
        guard !isActive else { return }
        var raw = original
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else {
            throw TerminalError(path: path, reason: .settingRefused(errno: errno))
        }
        self.mouse = mouse
        EmergencyRestore.arm(descriptor: descriptor, settings: original, bytes: Self.restoringSequence)
        isActive = true
        var sequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[2J"
        if mouse { sequence += "\u{1B}[?1000h\u{1B}[?1006h" }
        write(Array(sequence.utf8))
    }

    /// Puts the terminal back as it was before `enter`. Safe to call more than once.
    public func leave() {
        guard isActive else { return }
        isActive = false
        EmergencyRestore.disarm()
        write(Self.restoringSequence)
        var settings = original
        _ = tcsetattr(descriptor, TCSANOW, &settings)
    }

    /// Leaves, stops the process as Ctrl-Z would (raw mode turned the key into a byte), and
    /// enters again when the shell resumes it.
    public func suspend() throws {
        let hadMouse = mouse
        leave()
        kill(0, SIGTSTP)
        try enter(mouse: hadMouse)
    }

    /// The terminal's size now, and the pixel size of a cell when it says.
    public func size() -> TerminalSize {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return TerminalSize(columns: 80, rows: 24)
        }
        var cell: (width: Int, height: Int)?
        if size.ws_xpixel > 0, size.ws_ypixel > 0 {
            cell = (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
        }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row), cell: cell)
    }

    /// Writes all of `bytes`, waiting out a full output queue. Gives up on a terminal that is
    /// gone (EIO after a hang-up), as there is nobody left to show anything to.
    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count > 0 {
                    offset += count
                } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// What has been typed, without waiting (empty when nothing; poll `descriptor` first).
    public func readAvailable() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &buffer, buffer.count)
        return count > 0 ? Array(buffer[0..<count]) : []
    }
}

/// A terminal's size in cells, and a cell's size in pixels when the terminal says it.
public struct TerminalSize: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    public var cellWidth: Int?
    public var cellHeight: Int?

    public init(columns: Int, rows: Int, cell: (width: Int, height: Int)? = nil) {
        self.columns = columns
        self.rows = rows
        cellWidth = cell?.width
        cellHeight = cell?.height
    }

    /// The cell's pixel size, when known.
    public var cell: (width: Int, height: Int)? {
        guard let cellWidth, let cellHeight else { return nil }
        return (cellWidth, cellHeight)
    }
}
