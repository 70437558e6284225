import Foundation
import Glibc
import PhotoTerminal

/// Turns signals into bytes an event loop can `poll` for (the self-pipe trick): the handler
/// only writes the signal's number to a pipe, and the loop reads it and acts at a safe point,
/// with the terminal restored by ordinary code.
///
/// A second terminating signal (SIGINT, SIGTERM, SIGHUP) before the loop acted on the first
/// means the loop is not listening: that one restores the terminal in the handler and ends
/// the process the default way. One `SignalPipe` at a time per process.
public final class SignalPipe {
    /// Poll this for reading; `drain()` says what arrived.
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let signals: [Int32]
    private var previous: [Int32: sigaction] = [:]

    /// The signals that ask the process to end.
    public static let terminating: Set<Int32> = [SIGINT, SIGTERM, SIGHUP]

    nonisolated(unsafe) private static var pipeWriter: Int32 = -1
    nonisolated(unsafe) private static var terminationsPending: Int32 = 0

    public init(signals: [Int32]) throws {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw TerminalError(path: "pipe", reason: .settingRefused(errno: errno))
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
        self.signals = signals
        Self.pipeWriter = writeDescriptor
        Self.terminationsPending = 0
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in SignalPipe.handle(signal) }
        sigemptyset(&action.sa_mask)
        // Reads and writes carry on after a handler ran instead of failing with EINTR.
        action.sa_flags = SA_RESTART
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in signals {
            var old = sigaction()
            _ = sigaction(signal, &action, &old)
            previous[signal] = old
            sigaddset(&unblock, signal)
        }
        // A parent may have started us with these blocked; they would never arrive.
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    deinit {
        for signal in signals {
            if var old = previous[signal] { _ = sigaction(signal, &old, nil) }
        }
        Self.pipeWriter = -1
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// The signals that arrived since the last call, in order (repeats kept).
    public func drain() -> [Int32] {
        var result: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            result += buffer[0..<count].map { Int32($0) }
        }
        return result
    }

    private static func handle(_ signal: Int32) {
        let savedErrno = errno
        defer { errno = savedErrno }
        // Plain comparisons: a handler must not hash or allocate.
        if signal == SIGINT || signal == SIGTERM || signal == SIGHUP {
            terminationsPending += 1
            if terminationsPending > 1 {
                EmergencyRestore.restore()
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
                return
            }
        }
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(pipeWriter, &byte, 1)
    }
}
