import Foundation
import PhotoFormats

/// One of the groups a photo browser switches between: everything, the flagged ones,
/// a city, a year, a keyword, what came in or was looked at lately, the trash.
public enum AssetCollection: Sendable, Hashable {
    case all, favourites, liked
    /// Videos of their own, and photos with a movie (Live Photos, motion photos).
    case videos, livePhotos
    /// Frames of a burst, as their camera named it (`PhotoMetadata.burstId`).
    case bursts
    case city(String)
    case year(Int)
    /// Assets with a keyword, or one below it in its hierarchy (`Places/France` holds
    /// `Places/France/Bordeaux`).
    case keyword(String)
    /// Assets showing a person (`people`, a whole name ignoring case).
    case person(String)
    case recentlyAdded, recentlyPopped, trash
    /// Assets whose original the last index did not find; every other collection but the
    /// trash leaves them out.
    case missing

    /// How far back "recently" reaches.
    public static let recentDays = 30

    /// The name people read: "All", "Favourites", "Bordeaux", "2015", "Recently Added".
    public var title: String {
        switch self {
        case .all: "All"
        case .favourites: "Favourites"
        case .liked: "Liked"
        case .videos: "Videos"
        case .livePhotos: "Live Photos"
        case .bursts: "Bursts"
        case .city(let name): name
        case .year(let year): String(year)
        case .keyword(let name): "#" + name
        case .person(let name): "@" + name
        case .recentlyAdded: "Recently Added"
        case .recentlyPopped: "Recently Popped"
        case .trash: "Trash"
        case .missing: "Missing"
        }
    }

    /// The kind, as the JSON calls it: all, favourites, liked, city, year, recentlyAdded, recentlyPopped, trash.
    public var kind: String {
        switch self {
        case .all: "all"
        case .favourites: "favourites"
        case .liked: "liked"
        case .videos: "videos"
        case .livePhotos: "livePhotos"
        case .bursts: "bursts"
        case .city: "city"
        case .year: "year"
        case .keyword: "keyword"
        case .person: "person"
        case .recentlyAdded: "recentlyAdded"
        case .recentlyPopped: "recentlyPopped"
        case .trash: "trash"
        case .missing: "missing"
        }
    }

    /// What `list --collection` takes to name this collection unambiguously:
    /// `all`, `favourites`, `2015`, `city:Bordeaux`, `recently-added`.
    public var selector: String {
        switch self {
        case .city(let name): "city:\(name)"
        case .keyword(let name): "keyword:\(name)"
        case .person(let name): "person:\(name)"
        case .year(let year): String(year)
        case .recentlyAdded: "recently-added"
        case .recentlyPopped: "recently-popped"
        case .livePhotos: "live-photos"
        default: kind
        }
    }

    /// Reads a selector or a title, case-insensitively: the fixed names (with "favorites",
    /// "recent" and "popped" too), a four-digit year, `city:NAME`, `keyword:NAME` (or `#NAME`,
    /// as its title reads), `person:NAME` (or `@NAME`), or any other text as a city name.
    public init?(selector text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let key = trimmed.lowercased().replacingOccurrences(of: " ", with: "-")
        switch key {
        case "all": self = .all
        case "favourites", "favorites", "favourite", "favorite": self = .favourites
        case "liked": self = .liked
        case "videos", "video": self = .videos
        case "live-photos", "live-photo", "live": self = .livePhotos
        case "bursts", "burst": self = .bursts
        case "recently-added", "recent", "added": self = .recentlyAdded
        case "recently-popped", "popped": self = .recentlyPopped
        case "trash", "trashed": self = .trash
        case "missing": self = .missing
        default:
            if key.hasPrefix("keyword:") || key.hasPrefix("#") {
                let name = trimmed.dropFirst(key.hasPrefix("#") ? 1 : 8).trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { return nil }
                self = .keyword(name)
            } else if key.hasPrefix("person:") || key.hasPrefix("@") {
                let name = trimmed.dropFirst(key.hasPrefix("@") ? 1 : 7).trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { return nil }
                self = .person(name)
            } else if key.hasPrefix("city:") {
                let name = trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { return nil }
                self = .city(name)
            } else if trimmed.utf8.count == 4, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }),
                let year = Int(trimmed)
            {
                self = .year(year)
            } else {
                self = .city(trimmed)
            }
        }
    }

    /// The query that lists this collection as of `now`, on top of `base` (other filters, sort, limit).
    public func query(now: Date, base: AssetQuery = AssetQuery()) -> AssetQuery {
        var query = base
        let since = now.addingTimeInterval(-Double(Self.recentDays) * 86_400)
        switch self {
        case .all: break
        case .favourites: query.favourite = true
        case .liked: query.liked = true
        case .videos: query.kind = .video
        case .livePhotos: query.kind = .live
        case .bursts: query.burst = true
        case .city(let name): query.city = name
        case .keyword(let name): query.keywords.append(name)
        case .person(let name): query.people.append(name)
        case .year(let year):
            query.takenAfter = String(format: "%04d-01-01T00:00:00", year)
            query.takenBefore = String(format: "%04d-01-01T00:00:00", year + 1)
        case .recentlyAdded: query.addedSince = since
        case .recentlyPopped: query.poppedSince = since
        case .trash: query.trash = .only
        case .missing: query.missing = true
        }
        if self != .trash, self != .missing, query.missing == nil { query.missing = false }
        return query
    }
}

/// A collection and how many assets it holds.
public struct CollectionCount: Sendable, Equatable {
    public var collection: AssetCollection
    public var count: Int

    public init(_ collection: AssetCollection, _ count: Int) {
        self.collection = collection
        self.count = count
    }
}

extension CollectionCount {
    /// The keyword collections from each keyword's spelling and folded form: every keyword,
    /// and every level above one in a hierarchy (`Places`, `Places/France`), in folded order,
    /// spelt as the first of their spellings in byte order,
    /// each counted by `count` (which is given the folded name).
    package static func keywordCollections(
        _ keywords: [(folded: String, keyword: String)], count: (String) throws -> Int
    ) rethrows -> [CollectionCount] {
        // Of the spellings of one name, the first in byte order, as for cities.
        var names: [String: String] = [:]
        func offer(_ key: String, _ spelling: String) {
            if let known = names[key], Array(known.utf8).lexicographicallyPrecedes(spelling.utf8) { return }
            names[key] = spelling
        }
        for (folded, keyword) in keywords {
            let foldedLevels = folded.split(separator: Keywords.separator)
            let levels = keyword.split(separator: Keywords.separator)
            guard foldedLevels.count == levels.count, !levels.isEmpty else {
                offer(folded, keyword)
                continue
            }
            for depth in 1...levels.count {
                offer(foldedLevels.prefix(depth).joined(separator: "/"), levels.prefix(depth).joined(separator: "/"))
            }
        }
        return try names.keys.sorted().map { CollectionCount(.keyword(names[$0]!), try count($0)) }
    }
}
