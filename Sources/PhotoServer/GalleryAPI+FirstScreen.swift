import PhotoCatalog
import PhotoSupport

/// The page with its first screen in it. Asked for separately, the session and the first grid
/// page were a second round trip after the HTML and its scripts, and the thumbnails could only
/// be asked for, and painted, once the script had made their cells: at 1920x1080 the first
/// thumbnail was requested 214 ms after the navigation began (bench/README.md). Now the HTML
/// carries both as JSON data blocks (`<script type="application/json">`: data the script
/// parses, never runs, so the strict Content-Security-Policy stands), preload links for the
/// first screen's thumbnails, which the browser asks for while it is still reading the HTML,
/// and the first page's cells with their thumbnails, painted before any script has run (the
/// script then makes its own cells around the same `<img>` elements).
extension GalleryAPI {
    /// The size of the script's first page (gallery.js `loadPage`): the inline page is that page.
    static let firstPageLimit = 120

    /// Thumbnails preloaded, by the narrowest window that shows about that many cells (the
    /// style sheet's cell sizes: 112 px under 900 px wide, 160 px from there, 240 px from
    /// 2400): a phone does not fetch a big screen's first screen ahead of its own.
    static let preloads: [(count: Int, media: String?)] = [
        (24, nil), (84, "(min-width: 900px)"), (firstPageLimit, "(min-width: 2400px)"),
    ]

    /// `/`: the page, its CSRF token, and (when the address's view can be read) the session,
    /// the first page of the view the address names, and the preloads of its thumbnails. A
    /// view that cannot be read (an unknown filter) leaves the page to ask and show the error.
    func index(_ request: HTTPRequest, csrfToken: String) -> HTTPResponse {
        var arguments = request.arguments.filter { $0.name != "limit" && $0.name != AccessGuard.tokenArgument }
        arguments.append((name: "limit", value: String(Self.firstPageLimit)))
        var pageRequest = request
        pageRequest.arguments = arguments
        var head = Self.dataBlock(id: "session", sessionJSON())
        var cells = ""
        if let first = try? pageContent(pageRequest) {
            head = Self.preloadLinks(first.assets) + head + Self.dataBlock(id: "first-page", first.json)
            cells = Self.cells(first.assets)
        }
        return WebPage.index(csrfToken: csrfToken, firstScreen: head, cells: cells)
    }

    /// The grid's first cells as the script makes them, with nothing from the library but the
    /// asset id and a content hash of 32 hex digits (the labels, from the caption and the date
    /// in the reader's own format, are the script's to add, with the cell's behaviour). The
    /// script completes each cell where it is: one moved or made again would be laid out,
    /// decoded and painted anew. A photo without such a hash gets its thumbnail from the script.
    static func cells(_ assets: [Asset]) -> String {
        var html = ""
        let eager = preloads[0].count
        let wide = preloads[1].count
        for (index, asset) in assets.enumerated() {
            html += "<li><button type=\"button\" class=\"cell\" tabindex=\"-1\" data-id=\"\(asset.id.hex)\">"
            // Thumbnails as far as a wide screen's first screen (the others are the script's,
            // lazy, once the first screen is in: here they were asked for with it).
            if index < wide, let hash = asset.contentHash, RenditionsByHash.isContentHash(hash) {
                // Beyond the narrowest screen's first screen, the browser's lazy loading decides
                // (the preload links have fetched a wider screen's first screen already).
                let loading = index < eager ? "" : " loading=\"lazy\""
                html += "<img src=\"/thumbnail/\(asset.id.hex)?v=\(hash)\" alt=\"\"\(loading) decoding=\"async\""
                html += " draggable=\"false\" aria-hidden=\"true\" elementtiming=\"thumbnail\">"
            }
            html += "</button></li>\n"
        }
        return html
    }

    /// `<link rel=preload>` for the thumbnails the page will show first, with the URL the
    /// script writes for them (`/thumbnail/ID?v=HASH`, so the image is the preloaded one).
    /// Only a hash of 32 hex digits goes in: nothing from the catalog needs escaping here.
    static func preloadLinks(_ assets: [Asset]) -> String {
        var links = ""
        var from = 0
        for tier in preloads {
            for asset in assets.prefix(tier.count).dropFirst(from) {
                guard let hash = asset.contentHash, RenditionsByHash.isContentHash(hash) else { continue }
                let media = tier.media.map { " media=\"\($0)\"" } ?? ""
                links += "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\"\(media)"
                links += " href=\"/thumbnail/\(asset.id.hex)?v=\(hash)\">\n"
            }
            from = max(from, tier.count)
        }
        return links
    }

    /// JSON inside a `<script type="application/json">` element: `<`, `>` and `&` written as
    /// `\u` escapes (no `</script>` or `<!--` from a caption can end or change the element),
    /// and U+2028/U+2029 too (they end a line in older script parsers). These characters only
    /// ever appear inside JSON strings, where the escapes read back as the same text.
    static func dataBlock(id: String, _ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        let json = value.jsonBytes()
        bytes.reserveCapacity(json.count + json.count / 8)
        var index = 0
        while index < json.count {
            let byte = json[index]
            switch byte {
            case UInt8(ascii: "<"): bytes += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): bytes += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): bytes += Array("\\u0026".utf8)
            case 0xE2 where index + 2 < json.count && json[index + 1] == 0x80 && (json[index + 2] & 0xFE) == 0xA8:
                bytes += Array((json[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                index += 2
            default: bytes.append(byte)
            }
            index += 1
        }
        return "<script type=\"application/json\" id=\"\(id)\">" + String(decoding: bytes, as: UTF8.self)
            + "</script>\n"
    }
}
