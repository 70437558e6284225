import Foundation
import PhotoCatalog

/// What `photolib action NAME` can do to an asset.
public enum AssetAction: String, Sendable, CaseIterable {
    case like, unlike, favourite, unfavourite
    case toggleFavourite = "toggle-favourite"
    case caption, city, rating
    /// `action keyword add` and `action keyword remove`.
    case keywordAdd = "keyword-add"
    case keywordRemove = "keyword-remove"
    /// `action person add` and `action person remove`.
    case personAdd = "person-add"
    case personRemove = "person-remove"
    case delete, restore

    /// The action `name` stands for, US spellings (`favorite`, `toggle-favorite`) included.
    public init?(named name: String) {
        let lowered = name.lowercased()
        if let action = AssetAction(rawValue: lowered) {
            self = action
            return
        }
        let british = lowered.replacingOccurrences(of: "favorite", with: "favourite")
        guard let action = AssetAction(rawValue: british) else { return nil }
        self = action
    }

    /// The other spellings accepted for this action.
    public var aliases: [String] {
        rawValue.contains("favourite") ? [rawValue.replacingOccurrences(of: "favourite", with: "favorite")] : []
    }

    /// True for the actions that take `--value TEXT`.
    public var takesValue: Bool {
        [.caption, .city, .rating, .keywordAdd, .keywordRemove, .personAdd, .personRemove].contains(self)
    }

    /// The ratings `action rating` takes: -1 (rejected) to 5, 0 clearing it.
    public static let ratings = -1...5

    /// The catalog change for an action that only edits the catalog; nil for `delete` and
    /// `restore`, whose change depends on where the file went.
    public func change(value: String?) -> AssetEdit.Change? {
        switch self {
        case .like: .liked(true)
        case .unlike: .liked(false)
        case .favourite: .favourite(true)
        case .unfavourite: .favourite(false)
        case .toggleFavourite: .toggleFavourite
        case .caption: .caption(value)
        case .city: .city(value)
        case .rating: .rating(value.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
        case .keywordAdd: .addKeywords(value.map { [$0] } ?? [])
        case .keywordRemove: .removeKeywords(value.map { [$0] } ?? [])
        case .personAdd: .addPeople(value.map { [$0] } ?? [])
        case .personRemove: .removePeople(value.map { [$0] } ?? [])
        case .delete, .restore: nil
        }
    }
}
