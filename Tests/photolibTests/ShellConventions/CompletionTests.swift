import Foundation
import PhotoTestSupport
import Testing

@testable import photolib

/// `photolib completion`: the bash script loaded in a real bash and asked for completions as
/// bash asks (COMP_WORDS, COMP_CWORD, the function it registered); zsh and fish scripts
/// syntax-checked by those shells when they are installed.
@Suite struct CompletionTests {
    static func shell(_ name: String) -> URL? {
        ["/usr/bin", "/bin", "/usr/local/bin"].map { URL(fileURLWithPath: "\($0)/\(name)") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `script` in `shell` with the built photolib first on PATH; stdout, and the status.
    static func run(_ shell: URL, _ arguments: [String], in folder: URL? = nil) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = shell
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PHOTOLIB_") }
        let binary = try BinaryRunner.binaryURL().deletingLastPathComponent().path
        environment["PATH"] = binary + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errorData, as: UTF8.self)
        )
    }

    /// What bash completes `words` (the last being the word under the cursor) to, one a line.
    static func complete(_ words: [String], library: URL? = nil) throws -> [String] {
        guard let bash = shell("bash") else { throw SkipReason(message: "no bash") }
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
        let script = """
            source <(photolib completion bash) || exit 3
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
            $(complete -p photolib | sed -E 's/.*-F ([^ ]+) .*/\\1/')
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let (status, output, errors) = try run(bash, ["-c", script], in: library)
        #expect(status == 0, "\(errors)")
        return output.split(separator: "\n").map(String.init)
    }

    struct SkipReason: Error { var message: String }

    static let root = RootCommand.spec(commands: CommandRegistry.commands.map { $0.spec })

    @Test func bashOffersTheSubcommandsAndTheOptionsOfTheSpecs() throws {
        guard Self.shell("bash") != nil else {
            print("CompletionTests: skipped: bash is not installed")
            return
        }
        let commands = try Self.complete(["photolib", ""])
        #expect(commands == Self.root.subcommands.flatMap { [$0.name] + $0.aliases })
        #expect(commands.contains("list") && commands.contains("completion") && commands.contains("help"))
        #expect(commands.contains("duplicates") && commands.contains("dupes"))
        #expect(try Self.complete(["photolib", "dupes", "--js"]) == ["--json", "--jsonl"])

        let listOptions = try Self.complete(["photolib", "list", "--"])
        let spec = try #require(Self.root.subcommand(named: "list"))
        let expected = (spec.options + RootCommand.globalOptions).flatMap {
            ["--\($0.name)"] + $0.aliases.map { "--\($0)" }
        }
        #expect(listOptions == expected)
        #expect(
            listOptions.contains("--no-gps") && listOptions.contains("--quiet") && listOptions.contains("--library"))

        #expect(try Self.complete(["photolib", "list", "--n"]) == ["--no-gps", "--null"])
        #expect(
            try Self.complete(["photolib", "ls", "--sort", ""]) == [
                "taken", "path", "city", "popped", "size", "name", "added",
            ])
        #expect(try Self.complete(["photolib", "list", "--sort=x", "--file-format", "h"]) == ["heif"])
        #expect(try Self.complete(["photolib", "trash", "e"]) == ["empty"])
        #expect(try Self.complete(["photolib", "action", "fav"]) == ["favourite", "favorite"])
        #expect(try Self.complete(["photolib", "completion", ""]) == ["bash", "zsh", "fish"])
        #expect(try Self.complete(["photolib", "config", "q"]) == ["quality"])
        // Options of a subcommand, after an option with its value.
        #expect(try Self.complete(["photolib", "--library", "/nowhere", "render", "--ki"]) == ["--kind"])
    }

    /// In a real interactive bash, under a pseudo-terminal: `:` is in COMP_WORDBREAKS, so
    /// `--collection ci<Tab>` wrote `city\:` and `city:B<Tab>` offered nothing.
    @Test func anInteractiveBashCompletesPastTheColon() throws {
        guard let bash = Self.shell("bash") else {
            print("CompletionTests: skipped: bash is not installed")
            return
        }
        let library = try ListCommandTests.sampleLibrary(renditions: false)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let binaries = try BinaryRunner.binaryURL().deletingLastPathComponent().path
        let rc = folder.url.appendingPathComponent("bashrc")
        try """
        PS1='ready> '
        export PATH='\(binaries)':"$PATH"
        source <(photolib completion bash)
        cd '\(library.root.path)'

        """.write(to: rc, atomically: true, encoding: .utf8)
        var environment = BinaryRunner.childEnvironment(adding: [:])
        environment["TERM"] = "xterm"
        let terminal = try PseudoTerminal(
            executable: bash.path, arguments: ["--rcfile", rc.path, "-i"], environment: environment, columns: 100,
            rows: 24)
        #expect(terminal.waitFor("ready>"), "\(terminal.screen.text)")
        terminal.type("photolib list --collection ci\t")
        #expect(
            terminal.wait { $0.text.contains("--collection city:") && !$0.text.contains("city\\:") },
            "\(terminal.screen.text)")
        terminal.type("T\t")
        #expect(terminal.waitFor("--collection city:Tokyo"), "\(terminal.screen.text)")
        terminal.type("\u{15}photolib list --collection city:De\t")
        #expect(terminal.waitFor("--collection city:Death\\ Valley"), "\(terminal.screen.text)")
        terminal.type("\u{15}exit\n")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func bashAsksTheLibraryForItsCollections() throws {
        guard Self.shell("bash") != nil else {
            print("CompletionTests: skipped: bash is not installed")
            return
        }
        let library = try ListCommandTests.sampleLibrary(renditions: false)
        let collections = try Self.complete(["photolib", "list", "--collection", ""], library: library.root)
        #expect(collections.contains("2015") && collections.contains("favourites"))
        #expect(collections.contains("city:Tokyo"))
        let cities = try Self.complete(
            ["photolib", "list", "--library", library.root.path, "--city", "T"], library: URL(fileURLWithPath: "/"))
        #expect(cities == ["Tokyo"])
        let values = try library.run(["completion", "--values", "cities"])
        #expect(values.stdout.split(separator: "\n").contains("Bordeaux"))
    }

    @Test(arguments: ["zsh", "fish"])
    func otherShellsReadTheirScripts(name: String) throws {
        let script = try BinaryRunner.run(["completion", name])
        #expect(script.status == 0 && script.stdout.contains("photolib"))
        #expect(script.stdout.contains("list") && script.stdout.contains("no-gps"))
        guard let shell = Self.shell(name) else {
            print("CompletionTests: \(name) is not installed: its script was not syntax-checked")
            return
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "photolib-completion-\(UUID()).\(name)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(script.stdout.utf8).write(to: file)
        let (status, _, errors) = try Self.run(shell, ["-n", file.path])
        #expect(status == 0, "\(name) -n: \(errors)")
        if name == "fish" {
            let (_, offered, _) = try Self.run(
                shell, ["-c", "source \(file.path); complete -C 'photolib list --sort '"])
            #expect(offered.split(separator: "\n").map { $0.split(separator: "\t")[0] }.contains("size"))
        }
    }

    @Test func unknownShellIsAUsageError() throws {
        let result = try BinaryRunner.run(["completion", "tcsh"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Invalid value 'tcsh' for '<shell>': expected bash, zsh or fish"))
    }
}
