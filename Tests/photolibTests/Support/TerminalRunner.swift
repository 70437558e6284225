import Foundation
import Testing

/// Runs the built binary with stdout on a pseudo-terminal of a given size, as a person's
/// terminal would be, and collects what it drew. Stdin is /dev/null, stderr a file.
enum TerminalRunner {
    struct Result {
        var status: Int32
        var output: [UInt8]
        var stderr: String
        var text: String { String(decoding: output, as: UTF8.self) }
        /// The lines as the terminal got them (the line discipline turns "\n" into "\r\n").
        var lines: [String] {
            text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
        }
    }

    struct NoTerminal: Error {}

    static func run(
        _ arguments: [String], columns: Int, rows: Int, environment: [String: String] = [:]
    ) throws -> Result {
        // posix_openpt and friends are not in Swift's Glibc module: the same, by hand, through
        // /dev/ptmx and Linux's ioctls (TIOCSPTLCK unlocks, TIOCGPTN names /dev/pts/N).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw NoTerminal() }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            close(master)
            throw NoTerminal()
        }
        let name = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            throw NoTerminal()
        }
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("photolib-pty-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer { try? errorHandle.close() }

        // Drain the terminal while the child writes, so that it never blocks on a full buffer.
        let collected = Collected()
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                collected.append(buffer[..<count])
            }
            collected.finish()
        }
        let process = Process()
        process.executableURL = try BinaryRunner.binaryURL()
        process.arguments = arguments
        // What the test runner's own terminal says must not leak in: only what the test gives.
        var inherited = BinaryRunner.childEnvironment(adding: [:])
        for name in [
            "COLUMNS", "LINES", "NO_COLOR", "COLORTERM", "TMUX", "VTE_VERSION", "TERM_PROGRAM", "KITTY_WINDOW_ID",
        ] {
            inherited[name] = nil
        }
        inherited["TERM"] = "xterm-256color"
        let environment = inherited.merging(environment) { _, new in new }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        // The handle owns the descriptor and closes it once, whoever asks first: a raw close()
        // after Process closed it could close a descriptor another test has opened since.
        let terminalSide = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardOutput = terminalSide
        process.standardError = errorHandle
        try process.run()
        reader.start()
        process.waitUntilExit()
        try? terminalSide.close()
        collected.wait()
        close(master)
        let stderr = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
        return Result(status: process.terminationStatus, output: collected.bytes, stderr: stderr)
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSCondition()
        private var data: [UInt8] = []
        private var done = false

        func append(_ bytes: ArraySlice<UInt8>) {
            lock.lock()
            data += bytes
            lock.unlock()
        }

        func finish() {
            lock.lock()
            done = true
            lock.broadcast()
            lock.unlock()
        }

        func wait() {
            lock.lock()
            while !done { lock.wait() }
            lock.unlock()
        }

        var bytes: [UInt8] {
            lock.lock()
            defer { lock.unlock() }
            return data
        }
    }
}
