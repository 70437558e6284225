import PhotoCatalog

/// An action a preview offers, as the photo browser's preview offered them: the action, a
/// title that follows the asset's state, and a style.
public struct PreviewAction: Sendable, Equatable {
    public enum Style: String, Sendable, Equatable {
        case `default`, destructive
    }

    public var action: AssetAction
    public var title: String
    public var style: Style

    public init(action: AssetAction, title: String, style: Style) {
        self.action = action
        self.title = title
        self.style = style
    }

    /// The name of the action (`favourite`, `delete`).
    public var name: String { action.rawValue }

    /// The actions offered for `asset`: favourite, like and delete, each turned into its inverse
    /// when already done.
    public static func offered(for asset: Asset) -> [PreviewAction] {
        func make(_ action: AssetAction, _ title: String, _ style: Style = .default) -> PreviewAction {
            PreviewAction(action: action, title: title, style: style)
        }
        return [
            asset.favourite ? make(.unfavourite, "Remove Favourite") : make(.favourite, "Make Favourite"),
            asset.liked ? make(.unlike, "Unlike") : make(.like, "Like"),
            asset.trashed ? make(.restore, "Restore") : make(.delete, "Delete", .destructive),
        ]
    }
}
