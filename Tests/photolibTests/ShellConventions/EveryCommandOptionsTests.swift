import Foundation
import Testing

@testable import photolib

/// `--json`, `-q`/`--quiet` and `-v`/`--verbose` on every command of `CommandRegistry`, one
/// table over the whole command tree, so that a command added later without them fails here.
@Suite struct EveryCommandOptionsTests {
    static let root = RootCommand.spec(commands: CommandRegistry.commands.map { $0.spec })
    static let parser = ArgumentParser(root: root)

    /// Every command that runs (a leaf of the tree), with its path: `list`, `trash empty`, `action favourite`.
    static func runnableCommands(of spec: CommandSpec = root, path: [String] = []) -> [[String]] {
        spec.subcommands.filter { $0.name != RootCommand.helpCommand.name }.flatMap { child in
            child.subcommands.isEmpty
                ? [path + [child.name]] : runnableCommands(of: child, path: path + [child.name])
        }
    }

    /// The parse of `arguments`, or the message of the usage error it gave.
    static func parseMessage(_ arguments: [String]) -> String? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return (error as? UsageError)?.message ?? "\(error)"
        }
    }

    @Test(arguments: runnableCommands())
    func acceptsJSONQuietAndVerbose(path: [String]) throws {
        let spec = try #require(Self.parser.spec(at: path))
        let accepted = Self.parser.acceptedOptions(of: spec)
        for (name, short) in [("json", nil), ("quiet", "q"), ("verbose", "v")] as [(String, Character?)] {
            let option = accepted.first { $0.name == name }
            #expect(option != nil, "photolib \(path.joined(separator: " ")) lacks --\(name)")
            #expect(option?.isFlag == true)
            if let short { #expect(option?.short == short, "photolib \(path.joined(separator: " ")): -\(short)") }
            // Accepted by the parser as written: whatever else fails (a missing argument), not the option.
            for spelling in ["--\(name)"] + (short.map { ["-\($0)"] } ?? []) {
                let message = Self.parseMessage(path + [spelling])
                #expect(message?.contains("Unknown option") != true, "\(path) \(spelling): \(message ?? "")")
            }
        }
    }

    @Test func theTableCoversTheRegistry() {
        let commands = Self.runnableCommands()
        #expect(commands.count > CommandRegistry.commands.count)
        for type in CommandRegistry.commands {
            #expect(commands.contains { $0.first == type.spec.name }, "\(type.spec.name) not in the table")
        }
    }
}
