import Foundation
import PhotoFormats
import PhotoSupport

/// One change a person asks for on one asset.
public struct AssetEdit: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        case favourite(Bool)
        /// The opposite of the favourite flag as it is when the edit is applied.
        case toggleFavourite
        case liked(Bool)
        /// The user's caption; nil (or empty) clears it. Either way it is the user's choice, which wins over the file's.
        case caption(String?)
        /// The user's city; nil (or empty) clears it, as for the caption.
        case city(String?)
        /// The user's rating, -1 (rejected) to 5; nil or 0 clears it.
        case rating(Int?)
        /// Adds keywords the asset lacks (ignoring case).
        case addKeywords([String])
        /// Removes keywords, each with those below it in a hierarchy (ignoring case).
        case removeKeywords([String])
        /// Replaces the keywords with these.
        case keywords([String])
        /// Adds people the asset does not show yet (ignoring case).
        case addPeople([String])
        /// Removes people (ignoring case).
        case removePeople([String])
        /// Replaces the people with these.
        case people([String])
        /// The original now lies in the trash at `location` (relative to the library root).
        case trash(location: RawPath)
        /// The original is back at its path.
        case restore
        /// The capture date, and whether it is the user's (which an index keeps) or, for an
        /// undo, the file's again; nil removes it.
        case takenAt(CaptureDate?, byUser: Bool)
        /// The user's position (nil clears it), with the gazetteer's place for it: a city
        /// named by GPS follows the position, one a person or a file's text named stays.
        case position(GPSCoordinate?, place: PlaceMatch?)
        /// A position found on a GPS track (`photolib geotag`), as `position` otherwise.
        case trackPosition(GPSCoordinate, place: PlaceMatch?)
        /// A position given back by an undo with whose it was: the user's, a track's, or
        /// (neither) the file's again, which a later index may then replace.
        case restoredPosition(GPSCoordinate?, place: PlaceMatch?, byUser: Bool, fromTrack: Bool)
        /// People given back by an undo with where they came from (nil: nowhere).
        case restoredPeople([String], source: TextSource?)
    }

    public var id: AssetID
    public var change: Change

    public init(id: AssetID, change: Change) {
        self.id = id
        self.change = change
    }

    /// `asset` with the change made (and the time of a move into the trash set to `now`).
    public func applied(to asset: Asset, now: Date) -> Asset {
        var result = asset
        switch change {
        case .favourite(let value): result.favourite = value
        case .toggleFavourite: result.favourite.toggle()
        case .liked(let value): result.liked = value
        case .caption(let text):
            result.caption = Self.userText(text)
            result.captionSource = .user
        case .city(let text):
            result.city = Self.userText(text)
            result.citySource = .user
        case .rating(let value):
            result.rating = value == 0 ? nil : value
            result.ratingSource = .user
        case .addKeywords(let keywords):
            result.keywords = Keywords.deduplicated(result.keywords + Self.userKeywords(keywords))
            result.keywordsSource = .user
        case .removeKeywords(let keywords):
            let removed = Self.userKeywords(keywords)
            result.keywords.removeAll { keyword in removed.contains { Keywords.matches(keyword, $0) } }
            result.keywordsSource = .user
        case .keywords(let keywords):
            result.keywords = Keywords.deduplicated(Self.userKeywords(keywords))
            result.keywordsSource = .user
        case .addPeople(let people):
            result.people = People.deduplicated(result.people + Self.userPeople(people))
            result.peopleSource = .user
        case .removePeople(let people):
            let removed = Self.userPeople(people)
            result.people.removeAll { name in removed.contains { People.same(name, $0) } }
            result.peopleSource = .user
        case .people(let people):
            result.people = People.deduplicated(Self.userPeople(people))
            result.peopleSource = .user
        case .trash(let location):
            result.trashed = true
            result.trashedAt = now
            result.trashLocation = location
            // Its file is accounted for: in the trash, not missing (a delete that `verify`
            // finishes for an asset an older photolib's index had marked missing).
            result.missing = false
        case .restore:
            result.trashed = false
            result.trashedAt = nil
            result.trashLocation = nil
            result.missing = false
        case .takenAt(let date, let byUser):
            result.metadata.takenAt = date
            result.takenAtByUser = byUser
        case .position(let gps, let place): Self.move(&result, to: gps, place: place, byUser: true, fromTrack: false)
        case .trackPosition(let gps, let place):
            Self.move(&result, to: gps, place: place, byUser: true, fromTrack: true)
        case .restoredPosition(let gps, let place, let byUser, let fromTrack):
            Self.move(&result, to: gps, place: place, byUser: byUser, fromTrack: byUser && fromTrack)
        case .restoredPeople(let people, let source):
            result.people = People.deduplicated(Self.userPeople(people))
            result.peopleSource = source
        }
        return result
    }

    /// A new position for `asset`: a user's (kept over re-index), maybe found on a track, or
    /// the file's given back.
    private static func move(
        _ asset: inout Asset, to gps: GPSCoordinate?, place: PlaceMatch?, byUser: Bool, fromTrack: Bool
    ) {
        asset.metadata.gps = gps
        asset.gpsByUser = byUser
        asset.gpsFromTrack = fromTrack
        let named = gps.map { !$0.isNoFixPlaceholder } == true ? place : nil
        // A date with no offset of its own follows the position's zone.
        asset.metadata.takenAt = asset.metadata.takenAt?.placed(inZone: named?.timeZone)
        if asset.citySource == nil || asset.citySource == .gps {
            asset.city = named?.city
            asset.citySource = named == nil ? nil : .gps
            asset.region = named?.region
            asset.country = named?.countryCode
            asset.countryName = named?.countryName
        }
    }

    /// What the change would do to `asset`, field by field, as the action log records it.
    public func fieldChanges(to asset: Asset) -> [FieldChange] {
        FieldChange.between(asset, applied(to: asset, now: Date()))
    }

    /// Keywords as stored: one line each, hierarchy levels trimmed (`Places / France` is
    /// `Places/France`), empty ones dropped.
    public static func userKeywords(_ keywords: [String]) -> [String] {
        keywords.compactMap { Keywords.clean($0, separator: Keywords.separator) }
    }

    /// Names as stored: one line each, trimmed, empty ones dropped.
    public static func userPeople(_ people: [String]) -> [String] {
        people.compactMap(People.clean)
    }

    /// Text as stored: surrounding white space dropped, empty means none.
    static func userText(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}

/// One field of one asset that an action changed, named by its asset JSON key.
public struct FieldChange: Sendable, Equatable {
    public var field: String
    /// The value before and after as text ("true", "false", a caption); nil for none.
    public var oldValue: String?
    public var newValue: String?

    public init(field: String, oldValue: String?, newValue: String?) {
        self.field = field
        self.oldValue = oldValue
        self.newValue = newValue
    }

    /// The logged fields that differ between `old` and `new`. A caption or city that becomes
    /// the user's without changing its text is no change to log (though its source is stored).
    public static func between(_ old: Asset, _ new: Asset) -> [FieldChange] {
        var changes: [FieldChange] = []
        func compare(_ field: String, _ before: String?, _ after: String?) {
            if before != after { changes.append(FieldChange(field: field, oldValue: before, newValue: after)) }
        }
        compare("favourite", String(old.favourite), String(new.favourite))
        compare("liked", String(old.liked), String(new.liked))
        compare("caption", old.caption, new.caption)
        compare("city", old.city, new.city)
        compare("rating", old.rating.map(String.init), new.rating.map(String.init))
        compare("keywords", KeywordColumns.logText(old.keywords), KeywordColumns.logText(new.keywords))
        compare(peopleField, PeopleColumns.logText(old.people), PeopleColumns.logText(new.people))
        compare(peopleSourceField, old.peopleSource?.rawValue, new.peopleSource?.rawValue)
        compare("trashed", String(old.trashed), String(new.trashed))
        compare(takenAtField, old.metadata.takenAt?.iso8601, new.metadata.takenAt?.iso8601)
        compare(takenAtSourceField, old.takenAtSourceName, new.takenAtSourceName)
        compare(gpsField, positionText(old.metadata.gps), positionText(new.metadata.gps))
        compare(gpsSourceField, old.gpsSourceName, new.gpsSourceName)
        return changes
    }

    /// `44.84,-0.58` as the log writes a position (what `--lat`/`--lon` were given), with
    /// its altitude when there is one (`45.92,6.87,1035.5`), so that an undo gives it all back.
    public static func positionText(_ gps: GPSCoordinate?) -> String? {
        gps.map { gps in "\(gps.latitude),\(gps.longitude)" + (gps.altitude.map { ",\($0)" } ?? "") }
    }

    /// A position as `positionText` writes it; nil for any other text.
    public static func position(_ text: String) -> GPSCoordinate? {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0) }
        guard numbers.count == 2 || numbers.count == 3, numbers.allSatisfy(\.isFinite),
            abs(numbers[0]) <= 90, abs(numbers[1]) <= 180,
            text.split(separator: ",", omittingEmptySubsequences: false).count == numbers.count
        else { return nil }
        return GPSCoordinate(
            latitude: numbers[0], longitude: numbers[1], altitude: numbers.count == 3 ? numbers[2] : nil)
    }

    /// The logged names of the capture date and its source, as the asset JSON's.
    public static let takenAtField = "takenAt"
    public static let takenAtSourceField = "takenAtSource"
    /// The logged names of the position, the people, and their sources, as the asset JSON's.
    public static let gpsField = "gps"
    public static let gpsSourceField = "gpsSource"
    public static let peopleField = "people"
    public static let peopleSourceField = "peopleSource"
}

/// One entry of the action log: a field of an asset changed by an action.
public struct AssetEvent: Sendable, Equatable {
    /// Increases with every event written: the log's order.
    public var sequence: Int64
    public var assetID: AssetID
    public var date: Date
    public var action: String
    public var change: FieldChange
    /// Shared by the events one command wrote together.
    public var batch: String

    public init(sequence: Int64, assetID: AssetID, date: Date, action: String, change: FieldChange, batch: String) {
        self.sequence = sequence
        self.assetID = assetID
        self.date = date
        self.action = action
        self.change = change
        self.batch = batch
    }
}

/// A catalog edit that could not be made.
public struct CatalogEditError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        case noSuchAsset(AssetID)
    }

    public var reason: Reason

    public init(_ reason: Reason) { self.reason = reason }

    public var kind: ErrorKind { .noSuchInput }

    public var description: String {
        switch reason {
        case .noSuchAsset(let id): "no asset with id \(id.hex) in the catalog"
        }
    }
}
