import Foundation

/// Who may ask what. On loopback, any program of this machine may read (as with a file the
/// user can read), but a web page elsewhere must not reach the server through the browser:
/// the Host header must name the address listened on (DNS rebinding), and every change needs
/// this run's CSRF token in a header, which a page of another origin cannot read or send.
/// On any other address an access token is needed too: given in the URL printed at start (as
/// Jupyter does), then kept in an HttpOnly, SameSite=Strict cookie.
struct AccessGuard: Sendable {
    static let cookieName = "photolib_token"
    static let tokenArgument = "token"

    let address: ListenAddress
    let port: UInt16
    /// Needed in the URL or the cookie; nil on loopback.
    let accessToken: String?
    /// Needed in `X-CSRF-Token` on every POST.
    let csrfToken: String

    init(address: ListenAddress, port: UInt16) {
        self.address = address
        self.port = port
        accessToken = address.isLoopback ? nil : Self.randomToken()
        csrfToken = Self.randomToken()
    }

    enum Verdict: Equatable {
        case allowed
        /// The token came in the URL: set the cookie and send the browser to the same path
        /// without it (so the token does not stay in the address bar or in the history).
        case setCookieAndRedirect(to: String)
        case refused(status: Int, message: String)
    }

    /// Whether `request` may be answered at all.
    func admit(_ request: HTTPRequest) -> Verdict {
        if address.isLoopback {
            let host = request.headers["host"] ?? ""
            let allowed = ["\(address.hostText):\(port)", "localhost:\(port)"]
            guard allowed.contains(host) else {
                return .refused(status: 421, message: "this server answers only to \(allowed[0])")
            }
        }
        guard let accessToken else { return .allowed }
        if let cookie = request.cookies[Self.cookieName], Self.same(cookie, accessToken) { return .allowed }
        if let given = request.argument(Self.tokenArgument), Self.same(given, accessToken) {
            return request.method == "GET" ? .setCookieAndRedirect(to: request.path) : .allowed
        }
        return .refused(status: 401, message: "an access token is needed: open the URL photolib serve printed")
    }

    /// Whether a state-changing request carries this run's CSRF token and comes from this
    /// origin (when the browser says where it comes from).
    func admitChange(_ request: HTTPRequest) -> Verdict {
        guard request.method == "POST" else {
            return .refused(status: 405, message: "changes are made with POST")
        }
        guard let token = request.headers["x-csrf-token"], Self.same(token, csrfToken) else {
            return .refused(status: 403, message: "missing or wrong CSRF token: reload the page")
        }
        if let site = request.headers["sec-fetch-site"], site != "same-origin", site != "none" {
            return .refused(status: 403, message: "cross-site request refused")
        }
        return .allowed
    }

    /// The cookie that keeps the access token.
    var cookieHeader: String? {
        accessToken.map { "\(Self.cookieName)=\($0); Path=/; HttpOnly; SameSite=Strict" }
    }

    /// Compares in time that does not depend on where the texts differ.
    static func same(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// 128 random bits from the system's generator (the kernel's `getrandom`), as 32 hex digits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
