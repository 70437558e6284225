/// An action a preview offers, as the photo browser's preview offered them: a title that
/// follows the asset's state, a style, and the exact command that performs it.
public struct PreviewAction: Sendable, Equatable {
    public enum Style: String, Sendable, Equatable {
        case `default`, destructive
    }

    /// The `photolib action` name that performs it.
    public var name: String
    public var title: String
    public var style: Style
    /// A shell command line that performs the action on this asset.
    public var command: String

    public init(name: String, title: String, style: Style, command: String) {
        self.name = name
        self.title = title
        self.style = style
        self.command = command
    }

    /// The actions offered for `asset`: favourite, like and delete, each turned into its inverse
    /// when already done. `reference` names the asset in the commands (a short id);
    /// `libraryArgument`, when given, is added as `--library` (already quoted for the shell).
    public static func offered(for asset: Asset, reference: String, libraryArgument: String? = nil) -> [PreviewAction] {
        func command(_ action: AssetAction) -> String {
            var words = ["photolib", "action", action.rawValue, ShellQuoting.quote(reference)]
            if let libraryArgument { words += ["--library", libraryArgument] }
            return words.joined(separator: " ")
        }
        func make(_ action: AssetAction, _ title: String, _ style: Style = .default) -> PreviewAction {
            PreviewAction(name: action.rawValue, title: title, style: style, command: command(action))
        }
        return [
            asset.favourite ? make(.unfavourite, "Remove Favourite") : make(.favourite, "Make Favourite"),
            asset.liked ? make(.unlike, "Unlike") : make(.like, "Like"),
            asset.trashed ? make(.restore, "Restore") : make(.delete, "Delete", .destructive),
        ]
    }
}

/// Words made safe to paste into a POSIX shell.
public enum ShellQuoting {
    /// `word` as it is when it needs no quoting, else in single quotes (a quote inside
    /// becomes `'\''`).
    public static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "-_./:=@%+,".unicodeScalars.contains(scalar))
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
