import Testing

@testable import PhotoServer

/// The parts of the server that decide what a request may have: addresses, ranges, tokens.
struct ServerPartsTests {
    @Test func listenAddressesParseAndKnowLoopback() throws {
        let v4 = try #require(ListenAddress("127.0.0.1:8080"))
        #expect(v4.isLoopback && v4.port == 8080 && v4.description == "127.0.0.1:8080")
        let portOnly = try #require(ListenAddress("0"))
        #expect(portOnly.isLoopback && portOnly.port == 0)
        let local = try #require(ListenAddress("localhost:9000"))
        #expect(local.hostText == "127.0.0.1")
        let v6 = try #require(ListenAddress("[::1]:8080"))
        #expect(v6.isLoopback && v6.hostText == "[::1]")
        let any = try #require(ListenAddress("0.0.0.0:8080"))
        #expect(!any.isLoopback)
        #expect(!(try #require(ListenAddress("[::]:8080"))).isLoopback)
        #expect(!(try #require(ListenAddress("192.168.1.2:80"))).isLoopback)
        for bad in ["", "host.example:80", "127.0.0.1:", "127.0.0.1:70000", "[::1]8080", "1.2.3.4:-1", "::1:80x"] {
            #expect(ListenAddress(bad) == nil, "\(bad)")
        }
    }

    @Test func byteRangesAreOneRangeWithinTheFile() {
        #expect(ByteRange("bytes=0-99", size: 1000) == ByteRange(first: 0, last: 99))
        #expect(ByteRange("bytes=900-", size: 1000) == ByteRange(first: 900, last: 999))
        #expect(ByteRange("bytes=-100", size: 1000) == ByteRange(first: 900, last: 999))
        #expect(ByteRange("bytes=-5000", size: 1000) == ByteRange(first: 0, last: 999))
        #expect(ByteRange("bytes=10-5000", size: 1000) == ByteRange(first: 10, last: 999))
        for bad in ["bytes=1000-", "bytes=5-4", "bytes=0-1,5-6", "items=0-1", "bytes=-0", "bytes=x-1", "bytes=0-1"] {
            #expect(ByteRange(bad, size: bad == "bytes=0-1" ? 0 : 1000) == nil, "\(bad)")
        }
    }

    @Test func loopbackNeedsTheRightHostAndNoToken() throws {
        let access = AccessGuard(address: try #require(ListenAddress("127.0.0.1:0")), port: 8123)
        #expect(access.accessToken == nil)
        #expect(access.admit(request(host: "127.0.0.1:8123")) == .allowed)
        #expect(access.admit(request(host: "localhost:8123")) == .allowed)
        // A page elsewhere whose name resolves to 127.0.0.1 (DNS rebinding) is refused.
        guard case .refused(let status, _) = access.admit(request(host: "evil.example:8123")) else {
            Issue.record("a foreign Host was admitted")
            return
        }
        #expect(status == 421)
    }

    @Test func otherAddressesNeedTheTokenThenTheCookie() throws {
        let access = AccessGuard(address: try #require(ListenAddress("0.0.0.0:0")), port: 8123)
        let token = try #require(access.accessToken)
        #expect(token.count == 32)
        guard case .refused(let status, _) = access.admit(request(host: "h:8123")) else {
            Issue.record("no token was admitted")
            return
        }
        #expect(status == 401)
        var withWrong = request(host: "h:8123")
        withWrong.arguments = [("token", String(repeating: "0", count: 32))]
        #expect(access.admit(withWrong) != .allowed)
        var withToken = request(host: "h:8123", path: "/")
        withToken.arguments = [("token", token)]
        #expect(access.admit(withToken) == .setCookieAndRedirect(to: "/"))
        var withCookie = request(host: "h:8123")
        withCookie.cookies = [AccessGuard.cookieName: token]
        #expect(access.admit(withCookie) == .allowed)
        #expect(access.cookieHeader?.contains("HttpOnly; SameSite=Strict") == true)
    }

    @Test func changesNeedPostAndTheCSRFToken() throws {
        let access = AccessGuard(address: try #require(ListenAddress("127.0.0.1:0")), port: 1)
        var post = request(host: "127.0.0.1:1", method: "POST")
        #expect(access.admitChange(post) != .allowed)
        post.headers["x-csrf-token"] = access.csrfToken
        #expect(access.admitChange(post) == .allowed)
        post.headers["sec-fetch-site"] = "cross-site"
        #expect(access.admitChange(post) != .allowed)
        var get = request(host: "127.0.0.1:1")
        get.headers["x-csrf-token"] = access.csrfToken
        #expect(access.admitChange(get) != .allowed)
        // Two runs never share a token.
        #expect(AccessGuard.randomToken() != AccessGuard.randomToken())
    }

    private func request(host: String, path: String = "/api/session", method: String = "GET") -> HTTPRequest {
        HTTPRequest(method: method, path: path, headers: ["host": host])
    }
}
