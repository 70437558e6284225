import Foundation
import PhotoCatalog
import PhotoLibrary

/// The command lines printed beside a preview's actions, which a person can paste to
/// perform them.
enum ActionCommandLine {
    /// The actions offered for `asset`, each with the exact command that performs it.
    /// `reference` names the asset in the commands (a short id); `libraryArgument`, when
    /// given, is added as `--library` (already quoted for the shell).
    static func offered(
        for asset: Asset, reference: String, libraryArgument: String? = nil
    )
        -> [(action: PreviewAction, command: String)]
    {
        PreviewAction.offered(for: asset).map { action in
            (action, command(action.action, reference: reference, libraryArgument: libraryArgument))
        }
    }

    /// `photolib action NAME REFERENCE [--library DIR]`.
    static func command(_ action: AssetAction, reference: String, libraryArgument: String? = nil) -> String {
        var words = [RootCommand.name, "action", action.rawValue, ShellQuoting.quote(reference)]
        if let libraryArgument { words += ["--library", libraryArgument] }
        return words.joined(separator: " ")
    }
}

/// Words made safe to paste into a POSIX shell.
enum ShellQuoting {
    /// `word` as it is when it needs no quoting, else in single quotes (a quote inside
    /// becomes `'\''`).
    static func quote(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "-_./:=@%+,".unicodeScalars.contains(scalar))
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
