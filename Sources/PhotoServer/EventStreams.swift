import CMicroHTTPD
import Foundation

/// The page's live updates: `GET /api/events` is a server-sent event stream that tells every
/// open page the catalog's version when it changes (an edit here, in another browser or in a
/// terminal), and a comment now and then so that proxies and the page know the line is alive.
///
/// A stream with nothing to say is suspended in libmicrohttpd (taken out of its polling, no
/// timeout, no thread) rather than polled: each page would otherwise cost a wake-up of the
/// daemon per poll. `publish` and `heartbeat` resume the waiting streams, whose reader then
/// writes what is new and suspends again. The hub's lock is taken before libmicrohttpd's own
/// (suspend and resume both happen under it), never the other way round.
public final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var version: String
    private var beat = 0
    private var waiting: [EventStream] = []
    private var closing = false

    init(version: String = "") {
        self.version = version
    }

    /// The catalog's version; a new one wakes every stream to send it.
    func publish(_ newVersion: String) {
        lock.withLock {
            guard newVersion != version else { return }
            version = newVersion
            resumeAll()
        }
    }

    /// Wakes every stream to send a comment (and so learn whether its page is still there:
    /// libmicrohttpd does not notice a client leaving while the connection is suspended).
    func heartbeat() {
        lock.withLock {
            beat += 1
            resumeAll()
        }
    }

    /// Ends every stream: libmicrohttpd must not be stopped with suspended connections.
    func close() {
        lock.withLock {
            closing = true
            resumeAll()
        }
    }

    /// Streams waiting now (for tests and the bench).
    var waitingCount: Int { lock.withLock { waiting.count } }

    private func resumeAll() {
        for stream in waiting { MHD_resume_connection(stream.connection) }
        waiting.removeAll()
    }

    /// What the stream sends next, written into `buffer`: its byte count, 0 after suspending
    /// the connection until there is news, or the end of the stream when the server stops.
    fileprivate func read(_ stream: EventStream, into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        lock.withLock { () -> Int in
            if closing { return Int(photolib_mhd_end_of_stream) }
            if stream.pending.isEmpty {
                if stream.sentVersion != version {
                    // The first message also sets how soon a dropped page reconnects.
                    let retry = stream.sentVersion == nil ? "retry: 2000\n" : ""
                    stream.pending = Array("\(retry)event: version\ndata: \(version)\n\n".utf8)
                    stream.sentVersion = version
                    stream.sentBeat = beat
                } else if stream.sentBeat != beat {
                    stream.pending = Array(": alive\n\n".utf8)
                    stream.sentBeat = beat
                } else {
                    waiting.append(stream)
                    MHD_suspend_connection(stream.connection)
                    return 0
                }
            }
            let count = min(max, stream.pending.count)
            stream.pending.withUnsafeBytes { bytes in
                UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: count)
            }
            stream.pending.removeFirst(count)
            return count
        }
    }

    /// A libmicrohttpd response streaming this hub's events on `connection`; nil when the
    /// library cannot make one.
    func response(on connection: OpaquePointer) -> OpaquePointer? {
        let stream = Unmanaged.passRetained(EventStream(hub: self, connection: connection))
        let made = MHD_create_response_from_callback(
            photolib_mhd_size_unknown, 1024, eventReader, stream.toOpaque(), eventStreamEnded)
        if made == nil { stream.release() }
        return made
    }
}

/// One page's stream: what it has been sent, and the bytes of a message not yet written.
final class EventStream {
    let hub: EventHub
    let connection: OpaquePointer
    var sentVersion: String?
    var sentBeat = 0
    var pending: [UInt8] = []

    init(hub: EventHub, connection: OpaquePointer) {
        self.hub = hub
        self.connection = connection
    }
}

private let eventReader: MHD_ContentReaderCallback = { context, _, buffer, max in
    guard let context, let buffer else { return Int(photolib_mhd_end_of_stream) }
    let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
    return stream.hub.read(stream, into: buffer, max: max)
}

/// Called by libmicrohttpd once the response is done with (the page left, or the server stops).
private let eventStreamEnded: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<EventStream>.fromOpaque(context).release()
}
