import Foundation
import Glibc

/// `photolib serve` running as a child for one test: started with its arguments, the URL read
/// from the line it prints on stderr, stopped (SIGTERM, then SIGKILL) when the test is done.
final class ServeProcess {
    let process = Process()
    let url: String
    let port: UInt16
    private let errors = Pipe()
    private let output = Pipe()
    private var stderrText = ""

    struct NoURL: Error, CustomStringConvertible {
        var stderr: String
        var description: String { "photolib serve printed no URL; stderr: \(stderr)" }
    }

    init(_ arguments: [String]) throws {
        process.executableURL = try BinaryRunner.binaryURL()
        process.arguments = ["serve"] + arguments
        process.environment = BinaryRunner.childEnvironment(adding: [:])
        process.standardError = errors
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line: `photolib: serving LIBRARY at http://HOST:PORT/[?token=…] (Ctrl-C stops)`.
        var collected: [UInt8] = []
        let deadline = Date().addingTimeInterval(60)
        let descriptor = errors.fileHandleForReading.fileDescriptor
        var found: (String, UInt16)?
        while found == nil, Date() < deadline, process.isRunning || !collected.isEmpty {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { break }
            collected.append(byte)
            if byte == 0x0A {
                let line = String(decoding: collected, as: UTF8.self)
                if let start = line.range(of: "http://"), let end = line[start.lowerBound...].firstIndex(of: " ") {
                    let url = String(line[start.lowerBound..<end])
                    let hostPort = url.dropFirst("http://".count).prefix { $0 != "/" }
                    if let port = hostPort.split(separator: ":").last.flatMap({ UInt16($0) }) { found = (url, port) }
                }
                stderrText += line
                collected = []
            }
        }
        guard let found else {
            process.terminate()
            throw NoURL(stderr: stderrText + String(decoding: collected, as: UTF8.self))
        }
        (url, port) = found
    }

    /// Stops it with SIGTERM and returns its exit status and what it printed on stdout.
    @discardableResult
    func stop(signal: Int32 = SIGTERM) -> (status: Int32, stdout: String) {
        if process.isRunning { kill(process.processIdentifier, signal) }
        return wait()
    }

    /// Waits for it to end by itself (at most 20 s, then kills it).
    func wait() -> (status: Int32, stdout: String) {
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, stdout)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// One HTTP/1.1 request on a fresh connection, as written (no normalisation of the path, so
    /// that `/../` reaches the server as sent); `Host` is this server's unless given.
    func request(
        _ method: String, _ target: String, headers: [String: String] = [:]
    ) throws -> HTTPReply {
        var all = ["Host": "127.0.0.1:\(port)", "Connection": "close"]
        all.merge(headers) { _, given in given }
        let head = "\(method) \(target) HTTP/1.1\r\n" + all.map { "\($0.key): \($0.value)\r\n" }.joined() + "\r\n"
        let socket = try Self.connect(port: port)
        defer { close(socket) }
        let bytes = Array(head.utf8)
        guard write(socket, bytes, bytes.count) == bytes.count else { throw HTTPReply.Broken(reason: "write") }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { break }
            reply += buffer[0..<count]
        }
        return try HTTPReply(reply)
    }

    /// A connected TCP socket to 127.0.0.1:port, with a 20 s receive timeout.
    static func connect(port: UInt16) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw HTTPReply.Broken(reason: "socket") }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw HTTPReply.Broken(reason: "connect: \(String(cString: strerror(errno)))")
        }
        return socket
    }
}

/// An HTTP response as bytes came back: status, headers (lower-case names) and body.
struct HTTPReply {
    struct Broken: Error { var reason: String }

    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(body)) }
    var object: [String: Any] { json as? [String: Any] ?? [:] }

    init(_ bytes: [UInt8]) throws {
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { throw Broken(reason: "no header end") }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = head[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { throw Broken(reason: head[0]) }
        self.status = status
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        self.headers = headers
        var body = Array(bytes[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = Self.unchunked(body) }
        self.body = body
    }

    private static func unchunked(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstRange(of: [13, 10]) else { break }
            let size = Int(String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? 0
            if size == 0 { break }
            let start = lineEnd.upperBound
            out += bytes[start..<min(bytes.count, start + size)]
            index = start + size + 2
        }
        return out
    }
}

/// Debian's chromium, its driver and Selenium for /usr/bin/python3, when all are installed.
enum BrowserTools {
    static let python = "/usr/bin/python3"

    static var isAvailable: Bool {
        let tools = ["/usr/bin/chromium", "/usr/bin/chromedriver", python]
        guard tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }) else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import selenium"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }
}
