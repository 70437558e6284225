import Foundation
import Synchronization

/// Keeps a worker's lease alive while it works: a thread of its own, with a connection of
/// its own (a connection serves one thread), renews the current leases (a batch) every third
/// of their length, so that only a worker that stopped (killed, hung, cut off) loses its items.
public final class LeaseKeeper: Sendable {
    private struct State {
        var leases: [WorkLease] = []
        var stopped = false
        /// Set when a renewal found a lease taken over: its completion will be refused.
        var lost = false
    }

    /// The state both threads see (a Mutex cannot be copied into the thread's closure).
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    private let done = DispatchSemaphore(value: 0)

    /// Starts the thread; `stop()` ends it.
    /// `connect` opens the keeper's own connection to the queue, on its thread.
    public init(connect: @escaping @Sendable () throws -> any WorkQueueCatalog, leaseSeconds: Double) {
        let shared = self.shared
        let done = self.done
        let thread = Thread {
            defer { done.signal() }
            // A keeper that cannot connect renews nothing: leases then last their length,
            // and the worker's own calls report the trouble.
            let catalog = try? connect()
            var lastRenewal = Date()
            while true {
                Thread.sleep(forTimeInterval: min(0.1, leaseSeconds / 10))
                let (leases, stopped) = shared.state.withLock { ($0.leases, $0.stopped) }
                if stopped { return }
                guard !leases.isEmpty, Date().timeIntervalSince(lastRenewal) >= leaseSeconds / 3 else { continue }
                lastRenewal = Date()
                for lease in leases {
                    if let renewed = try? catalog?.renew(lease, leaseSeconds: leaseSeconds), !renewed {
                        shared.state.withLock { if $0.leases.contains(lease) { $0.lost = true } }
                    }
                }
            }
        }
        thread.start()
    }

    /// From now on, keeps `lease` alive (nil: none).
    public func hold(_ lease: WorkLease?) {
        hold(lease.map { [$0] } ?? [])
    }

    /// From now on, keeps every one of `leases` alive.
    public func hold(_ leases: [WorkLease]) {
        shared.state.withLock {
            $0.leases = leases
            $0.lost = false
        }
    }

    /// True when a renewal found one of the current leases taken over by another worker.
    public var lostLease: Bool { shared.state.withLock { $0.lost } }

    /// Ends the thread and waits for it.
    public func stop() {
        shared.state.withLock { $0.stopped = true }
        done.wait()
    }
}
