import Foundation
import PhotoSupport

/// One request as the server's routes see it: what libmicrohttpd parsed, copied out of its
/// buffers (which live only for the callback) and decoded once.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, percent-decoded by libmicrohttpd (`/api/assets`); never a file path.
    public var path: String
    /// The query's arguments in the order given (`?city=Bordeaux&favourite=1`).
    public var arguments: [(name: String, value: String)]
    /// The headers the routes read, by lower-case name.
    public var headers: [String: String]
    /// The request's cookies, by name.
    public var cookies: [String: String]

    public init(
        method: String, path: String, arguments: [(name: String, value: String)] = [],
        headers: [String: String] = [:], cookies: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        self.arguments = arguments
        self.headers = headers
        self.cookies = cookies
    }

    /// The first argument called `name`.
    public func argument(_ name: String) -> String? {
        arguments.first { $0.name == name }?.value
    }

    /// The headers a route may read: the others are never copied.
    static let readHeaders = ["host", "range", "if-none-match", "x-csrf-token", "origin", "sec-fetch-site"]
}

/// What a route answers: a status, headers and a body of bytes or of a file's range (sent by
/// the library with `sendfile`, never read into memory).
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// A descriptor the response owns (libmicrohttpd closes it), and the range to send.
        case file(descriptor: Int32, offset: UInt64, length: UInt64)
        /// The hub's server-sent events, for as long as the page listens.
        case events(EventHub)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body
    /// The server stops once this response has been sent (a chooser's answer).
    public var endsServer = false

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON document.
    public static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
            body: .bytes(value.jsonBytes()))
    }

    /// A JSON error object `{"error": message}`: the one form every refusal takes.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(["error": .string(message)], status: status)
    }

    /// Text of our own (a page, a script, a style sheet) with its type.
    public static func text(_ text: String, type: String, cache: String = "no-cache") -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: [("Content-Type", type), ("Cache-Control", cache)], body: .bytes(Array(text.utf8)))
    }

    /// The first header called `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
