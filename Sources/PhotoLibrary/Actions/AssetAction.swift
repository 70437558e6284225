import PhotoCatalog

/// What `photolib action NAME` can do to an asset.
public enum AssetAction: String, Sendable, CaseIterable {
    case like, unlike, favourite, unfavourite
    case toggleFavourite = "toggle-favourite"
    case caption, city, delete, restore

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
    public var takesValue: Bool { self == .caption || self == .city }

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
        case .delete, .restore: nil
        }
    }
}
