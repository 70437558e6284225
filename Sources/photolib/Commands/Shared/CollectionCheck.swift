import Foundation
import PhotoCatalog
import PhotoSupport

/// `--collection NAME` checked against the library.
enum CollectionCheck {
    /// A city or year that is no collection of this library is an error naming the nearest
    /// ones (a typo must not look like an empty collection); the fixed collections always exist.
    static func requireExists(_ name: String, catalog: any Catalog) throws {
        guard let wanted = AssetCollection(selector: name) else { return }
        switch wanted {
        case .city, .year, .keyword, .person: break
        default: return
        }
        let known = try catalog.collections(now: Date()).map(\.collection)
        let matches = known.contains { collection in
            switch (collection, wanted) {
            case (.city(let a), .city(let b)): a.lowercased() == b.lowercased()
            case (.year(let a), .year(let b)): a == b
            case (.keyword(let a), .keyword(let b)): a.lowercased() == b.lowercased()
            case (.person(let a), .person(let b)): a.lowercased() == b.lowercased()
            default: false
            }
        }
        guard !matches else { return }
        let typed = Array(name.lowercased())
        let nearest = known.map(\.title).sorted {
            Suggestion.editDistance(typed, Array($0.lowercased()))
                < Suggestion.editDistance(typed, Array($1.lowercased()))
        }
        throw UnknownCollectionError(name: name, nearest: Array(nearest.prefix(3)))
    }
}

/// `list --collection NAME` for a city or year the library has none of.
struct UnknownCollectionError: PhotolibError {
    var name: String
    var nearest: [String]

    var kind: ErrorKind { .noSuchInput }
    var description: String {
        let shown = TableRenderer.sanitized(name)
        let hint =
            nearest.isEmpty ? "" : "; nearest: " + nearest.map { TableRenderer.sanitized($0) }.joined(separator: ", ")
        return "no collection '\(shown)'\(hint) (see 'photolib collections')"
    }
}
