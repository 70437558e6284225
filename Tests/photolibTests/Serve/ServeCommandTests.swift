import Foundation
import Glibc
import Testing

/// `photolib serve` through the built binary and a real HTTP connection: the gallery's pages,
/// JSON, renditions and originals, the edits it makes, and the chooser.
@Suite(.serialized) struct ServeCommandTests {
    static func indexedSample() throws -> TestLibrary {
        let library = try TestLibrary.sample()
        let indexed = try library.run(["index", "-q"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        return library
    }

    @Test func servesThePageItsScriptsAndPagesOfAssetsInListsOrder() throws {
        let library = try Self.indexedSample()
        let server = try ServeProcess(["--listen", "127.0.0.1:0", "--library", library.root.path])
        defer { server.stop() }
        #expect(server.url == "http://127.0.0.1:\(server.port)/")
        let page = try server.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(page.text.contains("<script src=\"/static/gallery.js\" defer"))
        for name in ["gallery.js", "peek.js", "app.css"] {
            #expect(try server.request("GET", "/static/\(name)").status == 200, "\(name)")
        }
        // Newest first by default, as `list --sort taken --reverse` orders them, in pages.
        let expected = try library.assets(["--sort", "taken", "--reverse"]).compactMap { $0["id"] as? String }
        #expect(expected.count == 10)
        let first = try server.request("GET", "/api/assets?limit=4").object
        #expect(first["total"] == nil)
        #expect(try server.request("GET", "/api/count").object["total"] as? Int == 10)
        var ids = (first["assets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        var next = first["next"] as? String
        while let after = next {
            let page = try server.request("GET", "/api/assets?limit=4&after=\(after)").object
            ids += (page["assets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            next = page["next"] as? String
        }
        #expect(ids == expected)
        // The address takes list's filters, with the same meaning.
        let bordeaux = try server.request("GET", "/api/assets?city=bordeaux").object
        let listed = try library.assets(["--city", "bordeaux"]).compactMap { $0["id"] as? String }
        #expect(Set((bordeaux["assets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }) == Set(listed))
        #expect(!listed.isEmpty)
        #expect(try server.request("GET", "/api/count?city=bordeaux").object["total"] as? Int == listed.count)
        let favourites = try server.request("GET", "/api/count?collection=favourites&city=bordeaux").object
        #expect(favourites["total"] as? Int == (try library.assets(["--favourite", "--city", "bordeaux"]).count))
        #expect(try server.request("GET", "/api/count?collection=keyword:").status == 400)
        let unknown = try server.request("GET", "/api/assets?colour=red")
        #expect(unknown.status == 400 && (unknown.object["error"] as? String)?.contains("colour") == true)
        // The collections, as `collections --json` counts them.
        let collections = try server.request("GET", "/api/collections").object["collections"] as? [[String: Any]]
        #expect(collections?.first { $0["selector"] as? String == "all" }?["count"] as? Int == 10)
    }

    @Test func servesRenditionsCachedByContentAndOriginalsInRanges() throws {
        let library = try Self.indexedSample()
        let asset = try #require(try library.assets().first)
        let id = try #require(asset["id"] as? String)
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        let thumbnail = try server.request("GET", "/thumbnail/\(id)?v=x")
        #expect(thumbnail.status == 200)
        #expect(thumbnail.headers["content-type"] == "image/jpeg")
        #expect(Array(thumbnail.body.prefix(2)) == [0xFF, 0xD8])
        let renditions = asset["renditions"] as? [String: Any]
        let thumbnailPath = try #require((renditions?["thumbnail"] as? [String: Any])?["path"] as? String)
        #expect(thumbnail.body == Array(try Data(contentsOf: URL(fileURLWithPath: thumbnailPath))))
        let etag = try #require(thumbnail.headers["etag"])
        #expect(thumbnail.headers["cache-control"]?.contains("immutable") == true)
        #expect(try server.request("GET", "/thumbnail/\(id)", headers: ["If-None-Match": etag]).status == 304)
        let original = Array(try Data(contentsOf: library.url(try #require(asset["relativePath"] as? String))))
        let whole = try server.request("GET", "/original/\(id)")
        #expect(whole.status == 200 && whole.body == original)
        let part = try server.request("GET", "/original/\(id)", headers: ["Range": "bytes=100-199"])
        #expect(part.status == 206)
        #expect(part.body == Array(original[100...199]))
        #expect(part.headers["content-range"] == "bytes 100-199/\(original.count)")
        let tail = try server.request("GET", "/original/\(id)", headers: ["Range": "bytes=-10"])
        #expect(tail.body == Array(original.suffix(10)))
        #expect(try server.request("GET", "/original/\(id)", headers: ["Range": "bytes=99999999-"]).status == 416)
    }

    @Test func editsOnlyWhenAllowedWithTheCSRFTokenAndAsTheCLIWould() throws {
        let library = try Self.indexedSample()
        let id = try #require(try library.assets().first?["id"] as? String)
        do {
            let readOnly = try ServeProcess(["--listen", "0", "--library", library.root.path])
            defer { readOnly.stop() }
            let token = try Self.csrfToken(readOnly)
            let refused = try readOnly.request("POST", "/api/assets/\(id)/favourite", headers: ["X-CSRF-Token": token])
            #expect(refused.status == 403)
            #expect((refused.object["error"] as? String)?.contains("--allow-edits") == true)
        }
        let server = try ServeProcess(["--listen", "0", "--allow-edits", "--library", library.root.path])
        defer { server.stop() }
        let token = try Self.csrfToken(server)
        #expect(try server.request("POST", "/api/assets/\(id)/favourite").status == 403)
        // A wrong token: the right one with its first digit changed.
        let wrong = (token.first == "0" ? "1" : "0") + token.dropFirst()
        #expect(
            try server.request("POST", "/api/assets/\(id)/favourite", headers: ["X-CSRF-Token": wrong]).status == 403)
        #expect(try server.request("GET", "/api/assets/\(id)/favourite").status == 404)
        let version = try server.request("GET", "/api/version").object["version"] as? String
        let done = try server.request("POST", "/api/assets/\(id)/favourite", headers: ["X-CSRF-Token": token])
        #expect(done.status == 200)
        // The peek's actions follow the asset's state, as `peek --json` words them.
        let titles = (done.object["actions"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
        #expect(titles == ["Remove Favourite", "Like", "Delete"])
        #expect(try library.assets(["--favourite"]).compactMap { $0["id"] as? String } == [id])
        let history = try library.run(["history", id, "--json"])
        #expect(history.stdout.contains("\"favourite\""))
        #expect(try server.request("GET", "/api/version").object["version"] as? String != version)
        // Delete moves to the trash, as `action delete` does; restore brings it back.
        #expect(try server.request("POST", "/api/assets/\(id)/delete", headers: ["X-CSRF-Token": token]).status == 200)
        #expect(try library.assets(["--trashed"]).compactMap { $0["id"] as? String } == [id])
        #expect(try server.request("POST", "/api/assets/\(id)/restore", headers: ["X-CSRF-Token": token]).status == 200)
        #expect(try library.assets(["--trashed"]).isEmpty)
        #expect(try server.request("POST", "/api/assets/\(id)/caption", headers: ["X-CSRF-Token": token]).status == 404)
    }

    @Test func aChooserPrintsWhatIsChosenAsPickDoesAndStops() throws {
        let library = try Self.indexedSample()
        let assets = try library.assets()
        let first = try #require(assets.first)
        let id = try #require(first["id"] as? String)
        let chooser = try ServeProcess(["--listen", "0", "--pick", "--library", library.root.path])
        let token = try Self.csrfToken(chooser)
        #expect(
            try chooser.request("POST", "/api/pick?id=\(id)&id=\(id)", headers: ["X-CSRF-Token": token]).status == 400)
        #expect(try chooser.request("POST", "/api/pick?id=\(id)", headers: ["X-CSRF-Token": token]).status == 200)
        let ended = chooser.wait()
        #expect(ended.status == 0)
        #expect(ended.stdout == library.root.path + "/" + (first["relativePath"] as? String ?? "") + "\n")
        // --multi --print id: every id chosen, in order; stopped without a choice: 130.
        let multi = try ServeProcess([
            "--listen", "0", "--pick", "--multi", "--print", "id", "--library", library.root.path,
        ])
        let second = try #require(assets.last?["id"] as? String)
        let multiToken = try Self.csrfToken(multi)
        _ = try multi.request("POST", "/api/pick?id=\(second)&id=\(id)", headers: ["X-CSRF-Token": multiToken])
        let multiEnded = multi.wait()
        #expect(multiEnded.status == 0 && multiEnded.stdout == "\(second)\n\(id)\n")
        let cancelled = try ServeProcess(["--listen", "0", "--pick", "--library", library.root.path])
        #expect(cancelled.stop().status == 130)
        let browsing = try ServeProcess(["--listen", "0", "--library", library.root.path])
        #expect(browsing.stop(signal: SIGINT).status == 0)
        let misuse = try library.run(["serve", "--multi"])
        #expect(misuse.status == 64 && misuse.stderr.contains("--multi needs --pick"))
    }

    /// A grid asks for a hundred thumbnails: they come over one kept-alive connection.
    @Test func oneConnectionServesRequestAfterRequest() throws {
        let library = try Self.indexedSample()
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        let socket = try ServeProcess.connect(port: server.port)
        defer { close(socket) }
        let request = Array("GET /api/version HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8)
        var answered = 0
        for _ in 0..<3 {
            #expect(write(socket, request, request.count) == request.count)
            var buffer = [UInt8](repeating: 0, count: 8192)
            let count = read(socket, &buffer, buffer.count)
            if count > 0, buffer.starts(with: Array("HTTP/1.1 200".utf8)) { answered += 1 }
        }
        #expect(answered == 3)
    }

    /// The CSRF token the page carries in its meta tag.
    static func csrfToken(_ server: ServeProcess) throws -> String {
        let page = try server.request("GET", "/").text
        let marker = "<meta name=\"csrf-token\" content=\""
        let start = try #require(page.range(of: marker)).upperBound
        return String(page[start...].prefix(32))
    }
}
