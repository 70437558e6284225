import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// The server's JSON and files, each answered with the server's lock held.
///
/// - `GET /api/session`: what the page may do (`allowEdits`, `pick`).
/// - `GET /api/collections`: the segmented control, as `photolib collections --json` counts it.
/// - `GET /api/assets?collection=…&after=ID&limit=N&<list's filters>`: a page of grid cells
///   (the asset JSON's members a cell draws: `GalleryPresentation.cellJSON`) in the query's
///   order (keyset: a page deep in the library costs what the first does), with the id to
///   ask `after` for the next one.
/// - `GET /api/count?collection=…&<list's filters>`: how many assets the same view holds. Its
///   own request, which the page makes beside the first page: counting reads every row of the
///   view (about 20 ms of 100,000), which kept the first page and its thumbnails waiting.
/// - `GET /api/assets/ID`: one asset, the actions its peek offers, and its history.
/// - `GET /api/version`: a value that changes when the catalog does, for the page to poll.
/// - `GET /thumbnail/ID`, `/preview/ID`, `/original/ID`: files, by asset id (renditions asked
///   for with `?v=CONTENT_HASH` are found by the hash first: `GalleryServer.renditionByHash`).
/// - `POST /api/assets/ID/ACTION` (favourite, unfavourite, like, unlike, delete, restore) and
///   `POST /api/pick?id=…`: changes (CSRF token required; actions only with `--allow-edits`).
struct GalleryAPI {
    let server: GalleryServer
    var library: Library { server.library }
    var catalog: any Catalog { server.catalog }

    static let pageLimit = 100
    static let maximumPageLimit = 500
    /// Arguments of the page's own, not filters for the query.
    static let pageArguments: Set<String> = ["collection", "after", "limit", AccessGuard.tokenArgument]

    func read(_ parts: [String], _ request: HTTPRequest) -> HTTPResponse {
        do {
            switch parts.count {
            case 1 where parts[0] == "session": return session()
            case 1 where parts[0] == "collections": return try collections()
            case 1 where parts[0] == "version": return .json(["version": .string(try version())])
            case 1 where parts[0] == "assets": return try page(request)
            case 1 where parts[0] == "count":
                return .json(["total": .integer(try catalog.count(matching: viewQuery(request)))])
            case 2 where parts[0] == "assets":
                guard let asset = try asset(parts[1]) else { return .error(404, "no such asset") }
                return .json(try detail(asset))
            default: return .error(404, "no such page")
            }
        } catch {
            return .error(400, String(describing: error))
        }
    }

    private func session() -> HTTPResponse { .json(sessionJSON()) }

    func sessionJSON() -> JSONValue {
        let pick: JSONValue =
            switch server.options.purpose {
            case .browse: .null
            case .pick(let multiple): .string(multiple ? "multiple" : "single")
            }
        return [
            "allowEdits": .bool(server.options.allowEdits), "pick": pick,
            "library": .path(RawPath(bytes: Array(library.root.bytes.split(separator: UInt8(ascii: "/")).last ?? []))),
        ]
    }

    private func collections() throws -> HTTPResponse {
        let counts = try catalog.collections(now: Date())
        return .json([
            "version": .string(try version()),
            "collections": .array(
                counts.map {
                    [
                        "selector": .string($0.collection.selector), "title": .string($0.collection.title),
                        "kind": .string($0.collection.kind), "count": .integer($0.count),
                    ]
                }),
        ])
    }

    func version() throws -> String {
        "\(try catalog.externalChangeStamp() ?? 0)-\(server.localChanges)"
    }

    /// The view's query: `list`'s filters from the address, within the collection asked for.
    private func viewQuery(_ request: HTTPRequest) throws -> AssetQuery {
        let query = try server.presentation.query(request.arguments.filter { !Self.pageArguments.contains($0.name) })
        guard let selector = request.argument("collection"), !selector.isEmpty else { return query }
        guard let collection = AssetCollection(selector: selector) else {
            throw GalleryRequestError(message: "no collection '\(selector)'")
        }
        return collection.query(now: Date(), base: query)
    }

    private func page(_ request: HTTPRequest) throws -> HTTPResponse {
        .json(try pageContent(request).json)
    }

    /// A grid page's assets and its JSON (`/api/assets`, and the first page written into the
    /// HTML: `GalleryAPI+FirstScreen`).
    func pageContent(_ request: HTTPRequest) throws -> (assets: [Asset], json: JSONValue) {
        let query = try viewQuery(request)
        let limit = min(Self.maximumPageLimit, max(1, request.argument("limit").flatMap { Int($0) } ?? Self.pageLimit))
        var position = AssetPagePosition.first
        if let after = request.argument("after") {
            guard let previous = try asset(after) else {
                throw GalleryRequestError(message: "no asset '\(after)' to page after")
            }
            position = .after(previous)
        }
        let assets = try catalog.assets(matching: query, at: position, limit: limit)
        let json: JSONValue = [
            "assets": .array(assets.map(server.presentation.cellJSON)),
            "next": assets.count == limit ? .string(assets[assets.count - 1].id.hex) : .null,
        ]
        return (assets, json)
    }

    /// An asset by its full id (never a path, a prefix or anything else from the URL).
    func asset(_ text: String) throws -> Asset? {
        guard let id = AssetID(hex: text) else { return nil }
        return try catalog.asset(id: id)
    }

    func detail(_ asset: Asset) throws -> JSONValue {
        let history = try catalog.history(for: asset.id, limit: 50)
        return [
            "asset": server.presentation.assetJSON(asset),
            "actions": .array(
                PreviewAction.offered(for: asset).map {
                    ["name": .string($0.name), "title": .string($0.title), "style": .string($0.style.rawValue)]
                }),
            "history": .array(
                history.map {
                    [
                        "date": .double($0.date.timeIntervalSince1970), "action": .string($0.action),
                        "field": .string($0.change.field), "old": .optional($0.change.oldValue.map(JSONValue.string)),
                        "new": .optional($0.change.newValue.map(JSONValue.string)),
                    ]
                }),
        ]
    }
}

/// A request the page cannot have meant (an unknown collection): its message is the answer's.
struct GalleryRequestError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
