import Foundation
import PhotoTestSupport
import Testing

/// The page carries its first screen: the session and the first grid page of the address's
/// view as JSON data blocks, and preload links for the first thumbnails, so that the browser
/// asks for them while it reads the HTML. Checked against the server's own JSON API and
/// `list`, and with library text that would end the block if it were not escaped.
@Suite(.serialized) struct ServeFirstScreenTests {
    /// The JSON of the data block `id` in `page`, parsed as a browser's JSON.parse would read it.
    static func dataBlock(_ id: String, in page: String) -> [String: Any]? {
        let opening = "<script type=\"application/json\" id=\"\(id)\">"
        guard let start = page.range(of: opening)?.upperBound,
            let end = page.range(of: "</script>", range: start..<page.endIndex)?.lowerBound
        else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(page[start..<end].utf8))) as? [String: Any]
    }

    static func ids(_ page: [String: Any]?) -> [String] {
        (page?["assets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func thePageHoldsTheFirstPageOfItsViewAndPreloadsItsThumbnails() throws {
        let library = try ServeCommandTests.indexedSample()
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        let page = try server.request("GET", "/").text
        let inline = try #require(Self.dataBlock("first-page", in: page))
        let asked = try server.request("GET", "/api/assets?limit=120").object
        let ordered = try library.assets(["--sort", "taken", "--reverse"])
        #expect(Self.ids(inline) == ordered.compactMap { $0["id"] as? String })
        #expect(Self.ids(inline) == Self.ids(asked) && inline["next"] is NSNull)
        #expect(Self.dataBlock("session", in: page)?["allowEdits"] as? Bool == false)
        // A preload for each thumbnail, with the URL the script writes (so the browser uses it).
        let preloads = page.components(separatedBy: "\n").filter { $0.hasPrefix("<link rel=\"preload\" as=\"image\"") }
        let urls = ordered.map { "/thumbnail/\($0["id"] as? String ?? "")?v=\($0["contentHash"] as? String ?? "")" }
        #expect(preloads.count == urls.count)
        for (link, url) in zip(preloads, urls) { #expect(link.contains("href=\"\(url)\""), "\(link)") }
        #expect(try server.request("GET", urls[0]).status == 200)
        // The grid's first cells, in the same order, painted before the script runs.
        let images = page.components(separatedBy: "<img src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(images.map(String.init).filter { $0.hasPrefix("/thumbnail/") } == urls)

        // The address's filters and collection: the page of that view.
        let bordeaux = try server.request("GET", "/?city=bordeaux&collection=all").text
        let listed = try library.assets(["--city", "bordeaux", "--sort", "taken", "--reverse"])
        #expect(
            !listed.isEmpty
                && Self.ids(Self.dataBlock("first-page", in: bordeaux)) == listed.compactMap { $0["id"] as? String })
        // A view that cannot be read: no page in the HTML, the script asks and shows the error.
        let unknown = try server.request("GET", "/?colour=red")
        #expect(unknown.status == 200 && Self.dataBlock("first-page", in: unknown.text) == nil)
        #expect(Self.dataBlock("session", in: unknown.text) != nil)
    }

    /// 140 photos: the first page is 120 cells; thumbnails in the HTML as far as a wide screen's
    /// first screen (84), the preloads by screen width (24 for any, to 84 from 900 px wide, to
    /// 120 from 2400), in the page's order.
    @Test func aLongFirstPageHasThumbnailsForAWideScreenAndPreloadsByWidth() throws {
        let library = try TestLibrary.sample()
        let files = FileManager.default.enumerator(atPath: SampleFiles.root.path)?.compactMap { $0 as? String } ?? []
        for copy in 0..<13 {
            for file in files where file.hasSuffix(".jpg") {
                try library.add(SampleFiles.root.appendingPathComponent(file), as: "copy\(copy)/\(file)")
            }
        }
        #expect(try library.run(["index", "-q"]).status == 0)
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        let page = try server.request("GET", "/").text
        let order = Self.ids(try server.request("GET", "/api/assets?limit=120").object)
        #expect(order.count == 120 && Self.ids(Self.dataBlock("first-page", in: page)) == order)
        let cells = page.components(separatedBy: "<li><button").dropFirst().map {
            $0.components(separatedBy: "</li>")[0]
        }
        #expect(cells.map { $0.contains("data-id=\"") } == Array(repeating: true, count: 120))
        #expect(cells.prefix(84).allSatisfy { $0.contains("<img src=\"/thumbnail/") })
        #expect(cells.dropFirst(84).allSatisfy { !$0.contains("<img") })
        let preloads = page.components(separatedBy: "\n").filter { $0.hasPrefix("<link rel=\"preload\"") }
        #expect(preloads.count == 120)
        let ids = preloads.map { $0.components(separatedBy: "/thumbnail/").last?.prefix(while: { $0 != "?" }) ?? "" }
        #expect(ids.map(String.init) == order)
        #expect(preloads.prefix(24).allSatisfy { !$0.contains("media=") })
        #expect(preloads.dropFirst(24).prefix(60).allSatisfy { $0.contains("media=\"(min-width: 900px)\"") })
        #expect(preloads.dropFirst(84).allSatisfy { $0.contains("media=\"(min-width: 2400px)\"") })
    }

    @Test func libraryTextInThePageCannotEndItsDataBlock() throws {
        let library = try ServeCommandTests.indexedSample()
        let id = try #require(try library.assets(["--sort", "taken", "--reverse"]).first?["id"] as? String)
        let hostile = "</script><script>alert(1)</script><!-- <img src=x onerror=alert(2)> & \u{2028}\u{2029}é"
        #expect(try library.run(["action", "caption", id, "--value", hostile]).status == 0)
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        let page = try server.request("GET", "/").text
        let inline = try #require(Self.dataBlock("first-page", in: page))
        let cells = inline["assets"] as? [[String: Any]] ?? []
        #expect(cells.first { $0["id"] as? String == id }?["caption"] as? String == hostile)
        #expect(try library.assets().first { $0["id"] as? String == id }?["caption"] as? String == hostile)
        for fragment in ["<script>alert", "<!--", "<img src=x", "\u{2028}", "\u{2029}", "& "] {
            #expect(!page.contains(fragment), "\(fragment)")
        }
        // Exactly the page's own elements: the two scripts and the two data blocks.
        #expect(page.components(separatedBy: "<script").count - 1 == 4)
        #expect(page.components(separatedBy: "</script>").count - 1 == 4)
    }
}
