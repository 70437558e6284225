import Foundation
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
