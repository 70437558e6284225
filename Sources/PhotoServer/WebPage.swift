import Foundation

/// The gallery's own page, scripts and style sheet, embedded in the binary at build time
/// (`Web/`, SwiftPM's `embedInCode`): no build step, no network, nothing fetched at run time.
enum WebPage {
    /// The page, with this run's CSRF token (32 hex digits: nothing to escape) in a meta tag
    /// that the scripts read, `firstScreen` in its head and `cells` in its grid (both already
    /// escaped: `GalleryAPI.index`); the scripts themselves are the same for every run. The
    /// token goes in first, and the grid's cells last, so that no text of the library can be
    /// taken for a marker.
    static func index(csrfToken: String, firstScreen: String = "", cells: String = "") -> HTTPResponse {
        let page = String(decoding: PackageResources.index_html, as: UTF8.self)
            .replacingOccurrences(of: "CSRF_TOKEN", with: csrfToken)
            .replacingOccurrences(of: "<!--FIRST_SCREEN-->\n", with: firstScreen)
            .replacingOccurrences(of: "<!--FIRST_CELLS-->", with: cells)
        return .text(page, type: "text/html; charset=utf-8", cache: "no-store")
    }

    /// `/static/NAME`: one of the files listed here, never a path.
    static func asset(named name: String) -> HTTPResponse {
        let files: [String: (bytes: [UInt8], type: String)] = [
            "gallery.js": (PackageResources.gallery_js, "text/javascript; charset=utf-8"),
            "peek.js": (PackageResources.peek_js, "text/javascript; charset=utf-8"),
            "app.css": (PackageResources.app_css, "text/css; charset=utf-8"),
        ]
        guard let file = files[name] else { return .error(404, "no such file") }
        return HTTPResponse(
            status: 200, headers: [("Content-Type", file.type), ("Cache-Control", "no-cache")], body: .bytes(file.bytes)
        )
    }
}
