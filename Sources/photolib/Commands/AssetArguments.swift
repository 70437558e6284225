import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// The assets a command's positionals name: ids or unique id prefixes, paths, or `-` for one
/// reference a line on standard input (lines of `list --jsonl` count by their `id`).
enum AssetArguments {
    /// Help for the `<asset>` positional, the same in every command.
    static let help =
        "An asset id (any unique prefix), a photo's path, or - to read ids, paths, JSON Lines or JSON from stdin."

    /// Every asset named, in order, each once. All references are checked before anything
    /// is done: each bad one is reported, and the last is thrown (exit status 66).
    static func resolve(
        _ command: ParsedCommand, library: Library, catalog: any Catalog, context: CommandContext
    ) throws -> [Asset] {
        try resolve(command.rawArguments, library: library, catalog: catalog, context: context)
    }

    /// The assets `arguments` name (a command whose positionals are not all assets).
    static func resolve(
        _ arguments: [RawPath], library: Library, catalog: any Catalog, context: CommandContext
    ) throws -> [Asset] {
        var references: [RawPath] = []
        for argument in arguments {
            if argument.bytes == [UInt8(ascii: "-")] {
                references += try StandardInputReferences.parse(try context.stdin.readAll())
            } else {
                references.append(argument)
            }
        }
        let resolver = AssetReferenceResolver(
            library: library, catalog: catalog, workingDirectory: context.workingDirectory)
        var assets: [Asset] = []
        var seen = Set<AssetID>()
        var failures: [any PhotolibError] = []
        for reference in references {
            do {
                let asset = try AssetReferenceText.resolve(
                    reference, with: resolver, diagnostics: context.diagnostics)
                if seen.insert(asset.id).inserted { assets.append(asset) }
            } catch let error as AssetReferenceError {
                failures.append(error)
            } catch let error as JSONLineError {
                failures.append(error)
            }
        }
        if let last = failures.last {
            for failure in failures.dropLast() {
                context.diagnostics.error(failure)
            }
            throw last
        }
        return assets
    }

    /// The one asset a command that shows or hands out a single asset names; more than one
    /// (from `-`, most often) is a usage error rather than the first taken silently.
    static func resolveOne(
        _ command: ParsedCommand, library: Library, catalog: any Catalog, context: CommandContext,
        forMany advice: String
    ) throws -> Asset {
        let assets = try resolve(command, library: library, catalog: catalog, context: context)
        guard assets.count == 1 else {
            throw UsageError(
                message: assets.isEmpty
                    ? "No asset given (standard input was empty)"
                    : "'\(command.path.joined(separator: " "))' takes one asset, but \(assets.count) were given; \(advice)",
                commandPath: command.path)
        }
        return assets[0]
    }

    /// `--library DIR` as given, quoted for the shell, so that printed commands work from
    /// anywhere; nil when the library was found without it.
    static func libraryArgument(_ command: ParsedCommand, context: CommandContext) -> String? {
        command[RootCommand.libraryOption].map {
            ShellQuoting.quote(context.absolute($0).description)
        }
    }
}
