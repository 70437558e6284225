import PhotoSupport
import Testing

@testable import photolib

/// The parser, not the commands, refuses too many or too few positionals: each line here
/// fails with a usage error before any command runs (no library is needed to see it).
@Suite struct ArgumentCountTests {
    static let lines: [(arguments: [String], message: String)] = [
        (["list", "x"], "Unexpected argument 'x'"),
        (["collections", "x"], "Unexpected argument 'x'"),
        (["verify", "x"], "Unexpected argument 'x'"),
        (["trash", "list", "x"], "Unexpected argument 'x'"),
        (["trash", "empty", "x"], "Unexpected argument 'x'"),
        (["history", "a", "b"], "Unexpected argument 'b'"),
        (["init", "a", "b"], "Unexpected argument 'b'"),
        (["pop", "a", "b"], "Unexpected argument 'b'"),
        (["pop"], "Missing expected argument '<asset>'"),
        (["peek"], "Missing expected argument '<asset>'"),
        (["action", "like"], "Missing expected argument '<asset>'"),
        (["places", "lookup", "1"], "Missing expected argument '<longitude>'"),
        (["places", "import"], "Missing expected argument '<file>'"),
    ]

    @Test(arguments: lines.indices)
    func refusedByTheParser(_ index: Int) {
        let (arguments, message) = Self.lines[index]
        let context = CommandContext(workingDirectory: RawPath("/"))
        let status = CommandRunner(commands: CommandRegistry.commands).run(arguments, context: context)
        #expect(status == .usage)
        #expect(context.stderr.text.hasPrefix("Error: \(message)\n"), "\(arguments)")
        #expect(context.stdout.text == "")
    }
}
