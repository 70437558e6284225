import Foundation
import Glibc

/// SIGINT, SIGTERM and SIGHUP for a server: blocked in every thread from the start (the
/// daemon's threads inherit the mask, so no signal lands in one of them), then received by
/// one waiting thread, which tells the server to stop. The process then ends normally, with
/// the catalog closed and stdout flushed.
final class ServeSignals: Sendable {
    private static let handled = [SIGINT, SIGTERM, SIGHUP]

    init() {
        var set = Self.set()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Calls `action` once, on a thread of its own, when one of the signals arrives.
    func onSignal(_ action: @escaping @Sendable () -> Void) {
        let thread = Thread {
            var set = Self.set()
            var received: Int32 = 0
            sigwait(&set, &received)
            action()
        }
        thread.start()
    }

    private static func set() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled { sigaddset(&set, signal) }
        return set
    }
}
