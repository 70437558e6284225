import Foundation
import PhotoSupport

/// The write end of the signal pipe, for the handler (which can capture nothing). Written once
/// before the handlers are installed, read only by them after.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns some signals into bytes on a pipe, so that a loop blocked in `poll` wakes for them
/// and handles them between batches, in its own time, rather than in a signal handler.
///
/// The handler only `write`s the signal's number (async-signal-safe), on whichever thread the
/// kernel picked. One per process: the handlers are the process's.
public final class SignalPipe {
    /// The read end: readable when a signal came.
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let signals: [Int32]

    public init(signals: [Int32]) throws(FileSystemError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw FileSystemError(path: RawPath("pipe"), errno: errno, operation: "pipe") }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
        self.signals = signals
        signalPipeWriteEnd = ends[1]
        // A parent may have left them blocked (a test runner, a service manager's helper), and
        // a blocked signal never reaches its handler.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for number in signals { sigaddset(&blocked, number) }
        sigprocmask(SIG_UNBLOCK, &blocked, nil)
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Puts the default handlers back and closes the pipe.
    deinit {
        for number in signals { signal(number, SIG_DFL) }
        signalPipeWriteEnd = -1
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// The signals that came since the last call, in order, without blocking.
    public func take() -> [Int32] {
        var taken: [Int32] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(readDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return taken }
            taken.append(contentsOf: bytes[0..<count].map { Int32($0) })
        }
    }
}
