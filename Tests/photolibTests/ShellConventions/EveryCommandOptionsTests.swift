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

/// What `-q` and `-v` do, end to end, in the commands that report what they did.
@Suite struct QuietAndVerboseTests {
    @Test func quietLeavesOnlyWhatWasAskedForAndVerboseNamesEachFile() throws {
        let library = try TestLibrary.sample()
        let verbose = try library.run(["index", "--no-renditions", "-v"])
        #expect(verbose.status == 0)
        let noted = verbose.stderr.split(separator: "\n")
        #expect(noted.count == 10 && noted.allSatisfy { $0.hasPrefix("photolib: /") && $0.hasSuffix(": indexed") })
        #expect(verbose.stdout == "added 10, updated 0, moved 0, unchanged 0, missing 0, failed 0\n")

        let id = try #require(library.run(["list", "--ids", "--limit", "1"]).stdout.split(separator: "\n").first)
        let loud = try library.run(["action", "favourite", String(id)])
        #expect(loud.stdout.hasSuffix("favourite false → true\n"))
        let quiet = try library.run(["action", "unfavourite", String(id), "--quiet"])
        #expect(quiet == (0, "", ""))
        #expect(try library.run(["list", "--favourite", "--ids"]).stdout == "")
        // Asked-for output stays.
        #expect(try library.run(["list", "--ids", "-q"]).stdout.split(separator: "\n").count == 10)
        // verify's findings are what it was asked for; its closing summary goes.
        let findings = try library.run(["verify", "-q"]).stdout
        let reported = try library.run(["verify"]).stdout
        #expect(!findings.isEmpty && reported.hasPrefix(findings) && reported.count > findings.count)
        let both = try library.run(["list", "-q", "-v"])
        #expect(both.status == 64 && both.stderr.hasPrefix("Error: --quiet and --verbose cannot be used together"))
    }
}
