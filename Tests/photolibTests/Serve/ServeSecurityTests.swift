import Foundation
import Glibc
import Testing

/// What `photolib serve` refuses: paths from the URL, foreign hosts, requests without the
/// token beyond loopback, and what it keeps doing under many connections and slow clients.
@Suite(.serialized) struct ServeSecurityTests {
    @Test func nothingButAnAssetIdReachesAFile() throws {
        let library = try ServeCommandTests.indexedSample()
        let asset = try #require(try library.assets().first)
        let relative = try #require(asset["relativePath"] as? String)
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        let attempts = [
            "/original/../../../../etc/passwd", "/original/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
            "/static/../Package.swift", "/static/%2e%2e/index.html", "/original/\(relative)",
            "/thumbnail/\(relative)", "/original//etc/passwd", "/preview/..%2f..%2fetc%2fpasswd",
            "/original/\((asset["id"] as? String ?? "").prefix(8))", "/../../etc/passwd", "/api/assets/..%2f",
            "/original/%00", "/static/gallery.js/../../etc/passwd",
        ]
        for target in attempts {
            let reply = try server.request("GET", target)
            #expect([400, 404].contains(reply.status), "\(target): \(reply.status)")
            #expect(!reply.text.contains("root:"), "\(target)")
            #expect(reply.headers["content-type"] == "application/json", "\(target)")
        }
        // A Host other than the address listened on (a page elsewhere, DNS rebinding).
        let rebound = try server.request("GET", "/api/assets", headers: ["Host": "attacker.example:\(server.port)"])
        #expect(rebound.status == 421)
    }

    @Test func beyondLoopbackTheTokenIsNeededThenKeptInACookie() throws {
        let library = try ServeCommandTests.indexedSample()
        let server = try ServeProcess(["--listen", "0.0.0.0:0", "--library", library.root.path])
        defer { server.stop() }
        let token = try #require(server.url.components(separatedBy: "?token=").last)
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
        let host = ["Host": "192.0.2.1:\(server.port)"]
        for target in ["/", "/api/assets", "/api/events", "/static/gallery.js", "/thumbnail/0000000000000000"] {
            #expect(try server.request("GET", target, headers: host).status == 401, "\(target)")
        }
        #expect(try server.request("GET", "/?token=\(String(repeating: "a", count: 32))", headers: host).status == 401)
        let entry = try server.request("GET", "/?token=\(token)", headers: host)
        #expect(entry.status == 303 && entry.headers["location"] == "/")
        let cookie = try #require(entry.headers["set-cookie"]?.components(separatedBy: ";").first)
        #expect(cookie == "photolib_token=\(token)")
        #expect(entry.headers["set-cookie"]?.contains("HttpOnly") == true)
        let page = try server.request("GET", "/api/assets", headers: host.merging(["Cookie": cookie]) { a, _ in a })
        #expect(page.status == 200 && (page.object["assets"] as? [Any])?.count == 10)
    }

    @Test func hostileCaptionsComeOutAsJSONTextNeverInThePage() throws {
        let library = try ServeCommandTests.indexedSample()
        let id = try #require(try library.assets().first?["id"] as? String)
        let hostile = "<img src=x onerror=alert(1)></script><script>alert(2)</script>"
        #expect(try library.run(["action", "caption", id, "--value", hostile]).status == 0)
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        let detail = try server.request("GET", "/api/assets/\(id)")
        #expect((detail.object["asset"] as? [String: Any])?["caption"] as? String == hostile)
        // JSON, never sniffed as anything else, is the only form the caption is sent in (in the
        // page too: a data block with `<` escaped, ServeFirstScreenTests).
        #expect(detail.headers["content-type"] == "application/json")
        #expect(detail.headers["x-content-type-options"] == "nosniff")
        let page = try server.request("GET", "/")
        #expect(!page.text.contains("<img src=x") && !page.text.contains("<script>alert"))
        #expect(page.text.contains("\\u003cimg src=x onerror=alert(1)\\u003e"))
        // The scripts put library text in with textContent only.
        for name in ["gallery.js", "peek.js"] {
            let script = try server.request("GET", "/static/\(name)").text
            #expect(!script.contains("innerHTML") && !script.contains("insertAdjacentHTML"), "\(name)")
        }
    }

    @Test func manyConnectionsAndASlowClientDoNotStopTheServer() throws {
        let library = try ServeCommandTests.indexedSample()
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        // A slow client: half a request line, then nothing.
        let slow = try ServeProcess.connect(port: server.port)
        defer { close(slow) }
        _ = write(slow, "GET /api/ass", 12)
        // Many connections open at once (within this process's descriptor limit).
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let count = min(1000, Int(limit.rlim_cur) - 100)
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        for _ in 0..<count {
            guard let socket = try? ServeProcess.connect(port: server.port) else { break }
            sockets.append(socket)
        }
        #expect(sockets.count >= min(count, 500))
        // Every one of them answered, then a fresh request too.
        var answered = 0
        let request = Array(
            "GET /api/version HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n".utf8)
        for socket in sockets { _ = write(socket, request, request.count) }
        for socket in sockets {
            var buffer = [UInt8](repeating: 0, count: 512)
            if read(socket, &buffer, buffer.count) > 12, buffer.starts(with: Array("HTTP/1.1 200".utf8)) {
                answered += 1
            }
        }
        #expect(answered == sockets.count)
        #expect(try server.request("GET", "/api/version").status == 200)
    }
}
