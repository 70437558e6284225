import Foundation
import Glibc
import Testing

/// The page's live updates (`GET /api/events`, server-sent events) and the server's limits:
/// 10,000 connections at once, slow and silent clients closed after the idle timeout.
@Suite(.serialized) struct ServeLiveTests {
    @Test func everyOpenPageHearsOfChangesMadeHereAndInATerminal() throws {
        let library = try ServeCommandTests.indexedSample()
        let ids = try library.assets().compactMap { $0["id"] as? String }
        let server = try ServeProcess(["--listen", "0", "--allow-edits", "--library", library.root.path])
        let first = try EventStreamReader(port: server.port)
        let second = try EventStreamReader(port: server.port)
        #expect(first.headers.contains("text/event-stream"), "\(first.headers)")
        let start = try #require(first.nextVersion(), "the stream says the version when it opens")
        #expect(second.nextVersion() == start)
        #expect(start == (try server.request("GET", "/api/version").object["version"] as? String))
        // A terminal's edit (another process): both pages hear of it, with the version the API gives.
        #expect(try library.run(["action", "favourite", ids[0]]).status == 0)
        let afterTerminal = try #require(first.nextVersion(), "a terminal's edit reaches the stream")
        #expect(afterTerminal != start)
        #expect(second.nextVersion() == afterTerminal)
        // An edit through the server: at once, and the version its answer carries.
        let token = try ServeCommandTests.csrfToken(server)
        let liked = try server.request("POST", "/api/assets/\(ids[1])/like", headers: ["X-CSRF-Token": token])
        let afterPage = try #require(first.nextVersion(), "an edit through the server reaches the stream")
        #expect(afterPage == liked.object["version"] as? String)
        #expect(second.nextVersion() == afterPage)
        // The streams wait suspended: the server stops at once and cleanly with them open.
        let stopped = Date()
        #expect(server.stop().status == 0)
        #expect(Date().timeIntervalSince(stopped) < 10)
        #expect(first.readsToTheEnd(), "the stream ends when the server stops")
    }

    @Test func tenThousandConnectionsAtOnceAreEachAnswered() throws {
        // Both ends need 10,000 descriptors: this process raises its soft limit to the hard one
        // (the server raises its own). Where the hard limit is lower, it is said, and the test
        // takes what fits.
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let count = min(10_000, Int(min(limit.rlim_cur, 1 << 20)) - 200)
        if count < 10_000 { print("ServeLiveTests: the open-file hard limit allows \(count) connections, not 10,000") }
        let library = try ServeCommandTests.indexedSample()
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        let events = try EventStreamReader(port: server.port)
        let version = try #require(events.nextVersion())
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        for _ in 0..<count {
            guard let socket = try? ServeProcess.connect(port: server.port) else { break }
            sockets.append(socket)
        }
        #expect(sockets.count == count)
        // All open at once, then every one asks and is answered.
        let request = Array(
            "GET /api/version HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n".utf8)
        for socket in sockets { _ = write(socket, request, request.count) }
        var answered = 0
        for socket in sockets {
            var buffer = [UInt8](repeating: 0, count: 512)
            if read(socket, &buffer, buffer.count) > 12, buffer.starts(with: Array("HTTP/1.1 200".utf8)) {
                answered += 1
            }
        }
        #expect(answered == sockets.count)
        // The page's stream is still there, and a fresh request is answered.
        #expect(
            try library.run(["action", "like", try #require(library.assets().first?["id"] as? String)]).status == 0)
        #expect(events.nextVersion().map { $0 != version } == true)
        #expect(try server.request("GET", "/api/version").status == 200)
    }

    @Test func slowAndSilentClientsAreClosedAfterTheIdleTimeoutOthersServed() throws {
        let library = try ServeCommandTests.indexedSample()
        let server = try ServeProcess(["--listen", "0", "--idle-timeout", "2s", "--library", library.root.path])
        defer { server.stop() }
        let events = try EventStreamReader(port: server.port)
        let version = try #require(events.nextVersion())
        // A slow client: half a request line, then nothing; and a kept-alive one gone quiet.
        let slow = try ServeProcess.connect(port: server.port)
        defer { close(slow) }
        _ = write(slow, "GET /api/ver", 12)
        let idle = try ServeProcess.connect(port: server.port)
        defer { close(idle) }
        let request = Array("GET /api/version HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8)
        _ = write(idle, request, request.count)
        var buffer = [UInt8](repeating: 0, count: 4096)
        #expect(read(idle, &buffer, buffer.count) > 0)
        let opened = Date()
        // Meanwhile others are served at once.
        for _ in 0..<5 {
            let asked = Date()
            #expect(try server.request("GET", "/api/version").status == 200)
            #expect(Date().timeIntervalSince(asked) < 2)
        }
        // Both are closed by the server (a read sees the end), after the timeout and not long after.
        for socket in [slow, idle] {
            let count = read(socket, &buffer, buffer.count)
            let waited = Date().timeIntervalSince(opened)
            #expect(count == 0, "closed by the server (\(count))")
            #expect(waited > 1 && waited < 10, "after \(waited) s")
        }
        // A page's event stream is not a silent client: it is still told of changes.
        #expect(
            try library.run(["action", "like", try #require(library.assets().first?["id"] as? String)]).status == 0)
        #expect(events.nextVersion().map { $0 != version } == true, "the stream outlived the idle timeout")
    }
}

/// A page's `GET /api/events` on its own connection, read as an EventSource would.
final class EventStreamReader {
    let socket: Int32
    let headers: String
    private var pending: [UInt8] = []

    init(port: UInt16) throws {
        socket = try ServeProcess.connect(port: port)
        let request = Array(
            "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8)
        guard write(socket, request, request.count) == request.count else { throw HTTPReply.Broken(reason: "write") }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            let count = read(socket, &buffer, buffer.count)
            guard count > 0 else { throw HTTPReply.Broken(reason: "no event stream headers") }
            head += buffer[0..<count]
        }
        let end = head.firstRange(of: Array("\r\n\r\n".utf8))!
        headers = String(decoding: head[..<end.lowerBound], as: UTF8.self).lowercased()
        pending = Array(head[end.upperBound...])
    }

    deinit { close(socket) }

    /// The data of the next `version` event within `seconds` (chunk framing skipped: a data
    /// line is found in the text whatever the chunks around it); nil if none came.
    func nextVersion(within seconds: Double = 15) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let event = pending.firstRange(of: Array("event: version\ndata: ".utf8)),
                let lineEnd = pending[event.upperBound...].firstIndex(of: 0x0A)
            {
                let version = String(decoding: pending[event.upperBound..<lineEnd], as: UTF8.self)
                pending.removeSubrange(..<lineEnd)
                return version
            }
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { return nil }
            pending += buffer[0..<count]
        }
        return nil
    }

    /// Reads until the server closes the stream (within 10 s).
    func readsToTheEnd() -> Bool {
        let deadline = Date().addingTimeInterval(10)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            if read(socket, &buffer, buffer.count) <= 0 { return true }
        }
        return false
    }
}
