import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// How `serve` runs: where it listens, whether the page may change the catalog, and whether
/// it is a chooser (`--pick`) that ends when the user has chosen.
public struct GalleryOptions: Sendable {
    public enum Purpose: Sendable, Equatable {
        case browse
        case pick(multiple: Bool)
    }

    public var address: ListenAddress
    public var allowEdits: Bool
    public var purpose: Purpose
    /// libmicrohttpd's polling threads, connections at once, and seconds before a silent
    /// connection (a slow client) is closed.
    public var threads = 2
    public var connectionLimit = GalleryOptions.defaultConnectionLimit
    public var timeoutSeconds = GalleryOptions.defaultTimeoutSeconds
    /// How often the catalog is asked whether another program changed it, and how often an
    /// idle event stream gets a comment.
    public var watchInterval = 0.5
    public var heartbeatSeconds = 15.0

    /// 10,000 pages, thumbnails and streams at once: each is one descriptor, so the process's
    /// open-file limit must be above it (`serve` raises its soft limit to fit, or lowers this).
    public static let defaultConnectionLimit = 10_000
    public static let defaultTimeoutSeconds = 30

    public init(address: ListenAddress, allowEdits: Bool, purpose: Purpose) {
        self.address = address
        self.allowEdits = allowEdits
        self.purpose = purpose
    }
}

/// What the executable hands the server: the asset JSON exactly as `list --json` writes it,
/// the few of its members a grid cell needs, and the query that `list` would run for the
/// page's address arguments (the same names and meanings: `?city=Bordeaux&favourite`), so the
/// web and the command line cannot drift. Called with the server's lock held, like
/// everything that touches the catalog.
public struct GalleryPresentation {
    public var assetJSON: (Asset) -> JSONValue
    /// A grid page's asset: a subset of `assetJSON`'s members, with the same values, and
    /// nothing that needs the disk (renditions, companions); the detail view asks for the rest.
    public var cellJSON: (Asset) -> JSONValue
    /// Throws an error whose description is shown to the page (an unknown filter, a bad value).
    public var query: ([(name: String, value: String)]) throws -> AssetQuery

    public init(
        assetJSON: @escaping (Asset) -> JSONValue, cellJSON: ((Asset) -> JSONValue)? = nil,
        query: @escaping ([(name: String, value: String)]) throws -> AssetQuery
    ) {
        self.assetJSON = assetJSON
        self.cellJSON = cellJSON ?? assetJSON
        self.query = query
    }
}

/// The gallery over one library: libmicrohttpd's threads call `answer`, which serialises
/// everything that touches the catalog and the library behind one lock (neither is made for
/// several threads), while files are sent by the library after the lock is released.
public final class GalleryServer: @unchecked Sendable {
    let library: Library
    let catalog: any Catalog
    let options: GalleryOptions
    let presentation: GalleryPresentation
    let lock = NSLock()
    /// Thumbnails and previews by the content hash in their URL, outside the lock.
    let renditions: RenditionsByHash
    private var daemon: HTTPDaemon?
    private(set) var access: AccessGuard
    /// Guards `access` alone, so that admitting a thumbnail never waits for a catalog query.
    private let accessLock = NSLock()
    /// Changes made through this server: the catalog's own stamp tells only of other processes'.
    var localChanges = 0
    private var chosen: [AssetID]?
    private let finished = DispatchSemaphore(value: 0)
    /// The pages' live updates, and the thread that asks the catalog for other programs' changes.
    let events = EventHub()
    private let stopWatching = DispatchSemaphore(value: 0)
    private var watcher: Thread?

    public init(library: Library, catalog: any Catalog, options: GalleryOptions, presentation: GalleryPresentation) {
        self.library = library
        self.catalog = catalog
        self.options = options
        self.presentation = presentation
        renditions = RenditionsByHash(library: library)
        access = AccessGuard(address: options.address, port: options.address.port)
    }

    /// Starts listening; returns the URL to open (with the access token where one is needed).
    public func start() throws -> String {
        if let version = lock.withLock({ try? GalleryAPI(server: self).version() }) { events.publish(version) }
        let daemon = try HTTPDaemon(
            address: options.address, threads: options.threads, connectionLimit: options.connectionLimit,
            timeoutSeconds: options.timeoutSeconds, events: events,
            sentLast: { [unowned self] in self.finished.signal() }
        ) { [unowned self] request in self.answer(request) }
        accessLock.withLock { access = AccessGuard(address: options.address, port: daemon.port, keeping: access) }
        self.daemon = daemon
        // It holds the server until `stop` ends it.
        let watcher = Thread { self.watchCatalog() }
        watcher.name = "photolib-serve-watch"
        watcher.start()
        self.watcher = watcher
        var url = "http://\(options.address.hostText):\(daemon.port)/"
        if let token = access.accessToken { url += "?\(AccessGuard.tokenArgument)=\(token)" }
        return url
    }

    /// Waits until a chooser's choice is made (or `finish` is called), then stops listening.
    /// The ids chosen, in the order given; nil when stopped without a choice.
    public func waitUntilFinished() -> [AssetID]? {
        finished.wait()
        stop()
        return lock.withLock { chosen }
    }

    /// Stops the catalog watcher, ends the event streams and closes every connection.
    public func stop() {
        if watcher != nil {
            stopWatching.signal()
            watcher = nil
        }
        daemon?.stop()
        daemon = nil
    }

    /// Other programs' changes reach the pages within `watchInterval`: the catalog's change
    /// stamp (SQLite's data_version, PostgreSQL's) is read here, once for every page, instead of
    /// each page asking. An edit made through this server publishes its version at once.
    private func watchCatalog() {
        var lastBeat = Date()
        while stopWatching.wait(timeout: .now() + options.watchInterval) == .timedOut {
            if let version = lock.withLock({ try? GalleryAPI(server: self).version() }) { events.publish(version) }
            if Date().timeIntervalSince(lastBeat) >= options.heartbeatSeconds {
                events.heartbeat()
                lastBeat = Date()
            }
        }
    }

    /// Ends `waitUntilFinished` without a choice (a signal).
    public func finish() { finished.signal() }

    /// The chooser's answer; called by a request, with the lock held. The server stops once
    /// the answer to that request has been sent (`HTTPResponse.endsServer`).
    func choose(_ ids: [AssetID]) {
        if chosen == nil { chosen = ids }
    }

    /// Every request: admitted or refused, then routed; every answer gets the security headers.
    func answer(_ request: HTTPRequest) -> HTTPResponse {
        let access = accessLock.withLock { self.access }
        var response: HTTPResponse
        switch access.admit(request) {
        case .refused(let status, let message):
            response = .error(status, message)
        case .setCookieAndRedirect(let path):
            response = HTTPResponse(status: 303, headers: [("Location", path)])
            if let cookie = access.cookieHeader { response.headers.append(("Set-Cookie", cookie)) }
        case .allowed:
            response = route(request, access: access)
        }
        response.headers += SecurityHeaders.all
        return response
    }

    private func route(_ request: HTTPRequest, access: AccessGuard) -> HTTPResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let isRead = request.method == "GET" || request.method == "HEAD"
        switch (isRead, parts.first ?? "") {
        case (true, ""):
            return lock.withLock { GalleryAPI(server: self).index(request, csrfToken: access.csrfToken) }
        case (true, "static"): return WebPage.asset(named: parts.dropFirst().joined(separator: "/"))
        case (true, "api") where parts == ["api", "events"]:
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")],
                body: .events(events))
        case (true, "api"): return lock.withLock { GalleryAPI(server: self).read(Array(parts.dropFirst()), request) }
        case (true, "thumbnail"), (true, "preview"), (true, "original"):
            guard parts.count == 2 else { return .error(404, "no such page") }
            if let answer = renditionByHash(parts[0], request) { return answer }
            return lock.withLock { GalleryAPI(server: self).file(parts[0], id: parts[1], request) }
        case (false, "api"):
            if case .refused(let status, let message) = access.admitChange(request) {
                return .error(status, message)
            }
            return lock.withLock { GalleryAPI(server: self).change(Array(parts.dropFirst()), request) }
        case (false, _):
            return .error(405, "only GET here")
        default:
            return .error(404, "no such page")
        }
    }
}

extension GalleryServer {
    /// `/thumbnail/ID?v=HASH` and `/preview/ID?v=HASH` as the page asks for them: the file
    /// named by the hash, without the lock or the catalog (`RenditionsByHash`); nil to go the
    /// way by asset id (an original, no or an unknown hash, a rendition not made yet).
    func renditionByHash(_ kind: String, _ request: HTTPRequest) -> HTTPResponse? {
        let wanted: RenditionKind
        switch kind {
        case "thumbnail": wanted = .thumbnail
        case "preview": wanted = .preview
        default: return nil
        }
        guard let hash = request.argument("v"), RenditionsByHash.isContentHash(hash) else { return nil }
        let tag = "\(hash)-\(wanted.rawValue)"
        if request.headers["if-none-match"] == "\"\(tag)\"" {
            return HTTPResponse(
                status: 304, headers: [("ETag", "\"\(tag)\""), ("Cache-Control", FileResponses.renditionCache)])
        }
        guard let file = renditions.open(hash: hash, kind: wanted) else { return nil }
        return FileResponses.rendition(file, tag: tag, request: request)
    }
}

extension AccessGuard {
    /// The same tokens, on the port the daemon really listens on (the system's for port 0).
    init(address: ListenAddress, port: UInt16, keeping previous: AccessGuard) {
        self.address = address
        self.port = port
        accessToken = previous.accessToken
        csrfToken = previous.csrfToken
    }
}
