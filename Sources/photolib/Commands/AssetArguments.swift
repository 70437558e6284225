import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// The assets a command's positionals name: ids or unique id prefixes, paths, or `-` for one
/// reference a line on standard input (lines of `list --jsonl` count by their `id`).
enum AssetArguments {
    /// Help for the `<asset>` positional, the same in every command.
    static let help = "An asset id (any unique prefix), a photo's path, or - to read one a line from stdin."

    /// Every asset named, in order, each once. All references are checked before anything
    /// is done: each bad one is reported, and the last is thrown (exit status 66).
    static func resolve(
        _ command: ParsedCommand, library: Library, catalog: any Catalog,
        context: CommandContext, readStandardInput: () throws -> [UInt8] = readStandardInput
    ) throws -> [Asset] {
        var references: [RawPath] = []
        for argument in command.rawArguments {
            if argument.bytes == [UInt8(ascii: "-")] {
                references += AssetReferenceText.references(inLines: try readStandardInput())
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
                let asset = try AssetReferenceText.resolve(reference, with: resolver)
                if seen.insert(asset.id).inserted { assets.append(asset) }
            } catch let error as AssetReferenceError {
                failures.append(error)
            } catch let error as JSONLineError {
                failures.append(error)
            }
        }
        if let last = failures.last {
            for failure in failures.dropLast() {
                context.stderr.write(
                    "\(RootCommand.name): error: \(TerminalText.escaped(CommandLineAdvice.message(for: failure)))\n")
            }
            throw last
        }
        return assets
    }

    /// All of standard input.
    static func readStandardInput() throws -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: RawPath("standard input"), errno: errno, operation: "read")
            }
            if count == 0 { return result }
            result.append(contentsOf: chunk[..<count])
        }
    }

    /// `--library DIR` as given, quoted for the shell, so that printed commands work from
    /// anywhere; nil when the library was found without it.
    static func libraryArgument(_ command: ParsedCommand, context: CommandContext) -> String? {
        command.rawValue(RootCommand.libraryOption.name).map {
            ShellQuoting.quote($0.absolute(currentDirectory: context.workingDirectory).description)
        }
    }
}
