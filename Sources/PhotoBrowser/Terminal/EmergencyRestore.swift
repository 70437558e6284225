import Foundation
import Glibc

/// Puts the terminal back from inside a signal handler: when a drawing call crashes
/// (SIGSEGV, SIGILL from a Swift trap, SIGABRT…) or a second SIGTERM comes before the first
/// was handled, nothing may allocate or lock, so everything needed is prepared beforehand:
/// the descriptor, the saved settings and the restoring bytes. Only `write`, `tcsetattr`,
/// `sigaction` and `raise` run in the handler, all async-signal-safe.
enum EmergencyRestore {
    /// The signals that end the process because something went wrong inside it.
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT, SIGSYS]

    // Written only by the main thread while no handler is installed or armed; read by the
    // handlers. A signal handler cannot take a lock, hence plain globals.
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var settings = termios()
    nonisolated(unsafe) private static var sequence = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)
    nonisolated(unsafe) private static var sequenceLength = 0
    nonisolated(unsafe) private static var armed: Int32 = 0
    /// The handlers that were there before ours (the Swift runtime's backtracer, say), by signal number.
    nonisolated(unsafe) private static var previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    nonisolated(unsafe) private static var installed = false

    /// Makes `restore` put `settings` back on `descriptor` and write `bytes` (at most 256).
    static func arm(descriptor: Int32, settings: termios, bytes: [UInt8]) {
        armed = 0
        self.descriptor = descriptor
        self.settings = settings
        sequenceLength = min(bytes.count, sequence.count)
        for index in 0..<sequenceLength { sequence[index] = bytes[index] }
        installCrashHandlers()
        armed = 1
    }

    /// The terminal was put back the normal way: a later crash leaves it alone.
    static func disarm() {
        armed = 0
    }

    /// Writes the restoring bytes and the saved settings, once. Async-signal-safe.
    static func restore() {
        guard armed == 1 else { return }
        armed = 0
        var written = 0
        while written < sequenceLength {
            let count = Glibc.write(descriptor, sequence.baseAddress! + written, sequenceLength - written)
            if count > 0 {
                written += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        var saved = settings
        _ = tcsetattr(descriptor, TCSANOW, &saved)
    }

    /// Restores the terminal, then lets the signal do what it did before we were here: the
    /// previous handler (or the default action, ending the process) on a raised copy.
    static func restoreAndRethrow(_ signal: Int32) {
        restore()
        if signal > 0 && signal < 65 {
            _ = sigaction(signal, previous + Int(signal), nil)
        } else {
            Glibc.signal(signal, SIG_DFL)
        }
        raise(signal)
    }

    private static func installCrashHandlers() {
        guard !installed else { return }
        installed = true
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in EmergencyRestore.restoreAndRethrow(signal) }
        sigemptyset(&action.sa_mask)
        // The raised copy must wait until this handler returns, so the previous handler sees
        // the terminal already restored.
        action.sa_flags = 0
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in crashSignals {
            _ = sigaction(signal, &action, previous + Int(signal))
            sigaddset(&unblock, signal)
        }
        // A blocked fault signal would kill the process without calling the handler.
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }
}
