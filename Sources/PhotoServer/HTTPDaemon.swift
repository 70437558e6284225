import CMicroHTTPD
import Glibc
import PhotoSupport

/// Why the server could not start.
public struct ServeError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        /// libmicrohttpd could not be opened (not installed).
        case library(String)
        /// The address could not be listened on (in use, not ours, no such interface).
        case listen(String)
    }

    public var address: ListenAddress?
    public var reason: Reason

    public var kind: ErrorKind { .failure }

    public var description: String {
        switch reason {
        case .library(let why): "cannot start the web server: \(why) (install libmicrohttpd12)"
        case .listen(let why): "cannot listen on \(address.map(String.init(describing:)) ?? "the address"): \(why)"
        }
    }
}

/// A running libmicrohttpd daemon: its own threads accept connections and call `handler`
/// for each request, on any of them; stopped (every connection closed) by `stop` or deinit.
/// The daemon is handed the handler through an unmanaged box that lives as long as it does.
final class HTTPDaemon: @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// Holds the handler for the C callbacks, which get it back from their context pointer,
    /// and what to call once a response marked `endsServer` has been sent.
    final class HandlerBox: Sendable {
        let handler: Handler
        let sentLast: @Sendable () -> Void
        init(_ handler: @escaping Handler, sentLast: @escaping @Sendable () -> Void) {
            self.handler = handler
            self.sentLast = sentLast
        }
    }

    private var daemon: OpaquePointer?
    private let box: Unmanaged<HandlerBox>
    /// The event streams, ended before the daemon stops (it must not stop with one suspended).
    private let events: EventHub
    /// The port listened on: the one asked for, or the one the system chose for port 0.
    let port: UInt16

    init(
        address: ListenAddress, threads: Int, connectionLimit: Int, timeoutSeconds: Int, events: EventHub,
        sentLast: @escaping @Sendable () -> Void, handler: @escaping Handler
    ) throws(ServeError) {
        if let failure = photolib_mhd_load() {
            throw ServeError(address: address, reason: .library(String(cString: failure)))
        }
        let box = Unmanaged.passRetained(HandlerBox(handler, sentLast: sentLast))
        let started = address.withSocketAddress { socket in
            photolib_mhd_start(
                socket, UInt32(threads), UInt32(connectionLimit), UInt32(timeoutSeconds), accessHandler,
                completionHandler, box.toOpaque())
        }
        guard let started else {
            let code = errno
            box.release()
            throw ServeError(address: address, reason: .listen(code == 0 ? "refused" : String(cString: strerror(code))))
        }
        daemon = started
        self.box = box
        self.events = events
        port = photolib_mhd_port(started)
    }

    /// Closes every connection and joins the daemon's threads; no handler runs after it.
    /// Never call it from a handler (that thread would wait for itself).
    func stop() {
        guard let daemon else { return }
        self.daemon = nil
        events.close()
        MHD_stop_daemon(daemon)
        box.release()
    }

    deinit { stop() }
}

/// The request callback. libmicrohttpd calls it once with the headers (`*context` nil), then
/// for each piece of a body, then once more with no data, when the request is answered: a
/// response queued on the first call makes the library close the connection after it, which
/// would cost every thumbnail of a grid a new connection. Bodies are not used (routes take their
/// arguments from the query and headers) and are dropped as they arrive, within the
/// connection's memory limit.
private let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, _, uploadSize, requestState in
    guard let context, let connection, let url, let method, let uploadSize, let requestState else {
        return photolib_mhd_no
    }
    let methodText = String(cString: method)
    if requestState.pointee == nil {
        requestState.pointee = UnsafeMutableRawPointer(bitPattern: 1)
        return photolib_mhd_yes
    } else if uploadSize.pointee > 0 {
        uploadSize.pointee = 0
        return photolib_mhd_yes
    }
    let box = Unmanaged<HTTPDaemon.HandlerBox>.fromOpaque(context).takeUnretainedValue()
    let request = HTTPRequest(
        method: methodText, path: String(cString: url),
        arguments: ConnectionValues.all(connection, kind: photolib_mhd_argument_kind),
        headers: ConnectionValues.headers(connection, names: HTTPRequest.readHeaders),
        cookies: Dictionary(
            ConnectionValues.all(connection, kind: photolib_mhd_cookie_kind).map { ($0.name, $0.value) },
            uniquingKeysWith: { first, _ in first }))
    let response = box.handler(request)
    // Marked for the completion callback: this one's sending ends the server.
    if response.endsServer { requestState.pointee = UnsafeMutableRawPointer(bitPattern: 2) }
    return ResponseQueue.queue(response, on: connection)
}

/// Called once a request is over (its response sent, or the connection gone).
private let completionHandler: MHD_RequestCompletedCallback = { context, _, requestState, _ in
    guard let context, let requestState, requestState.pointee == UnsafeMutableRawPointer(bitPattern: 2) else { return }
    Unmanaged<HTTPDaemon.HandlerBox>.fromOpaque(context).takeUnretainedValue().sentLast()
}

/// Reads a connection's arguments, cookies and headers out of libmicrohttpd's buffers.
private enum ConnectionValues {
    final class Collected {
        var values: [(name: String, value: String)] = []
    }

    static func all(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: String, value: String)] {
        let collected = Collected()
        let pointer = Unmanaged.passUnretained(collected).toOpaque()
        _ = MHD_get_connection_values(
            connection, kind,
            { context, _, key, value in
                guard let context, let key else { return photolib_mhd_yes }
                let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                // At most 100 values: a query or cookie header of thousands is not ours.
                guard collected.values.count < 100 else { return photolib_mhd_no }
                collected.values.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
                return photolib_mhd_yes
            }, pointer)
        return collected.values
    }

    static func headers(_ connection: OpaquePointer, names: [String]) -> [String: String] {
        var headers: [String: String] = [:]
        for name in names {
            if let value = MHD_lookup_connection_value(connection, photolib_mhd_header_kind, name) {
                headers[name] = String(cString: value)
            }
        }
        return headers
    }
}

/// Turns a response into libmicrohttpd's and queues it.
private enum ResponseQueue {
    static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), photolib_mhd_must_copy)
            }
        case .file(let descriptor, let offset, let length):
            made = MHD_create_response_from_fd_at_offset64(length, descriptor, offset)
            if made == nil { close(descriptor) }
        case .events(let hub):
            made = hub.response(on: connection)
        }
        guard let made else { return photolib_mhd_no }
        defer { MHD_destroy_response(made) }
        for header in response.headers {
            // libmicrohttpd refuses a value with a line break: no header is split by one.
            _ = MHD_add_response_header(made, header.name, header.value)
        }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }
}
