import Foundation
import Testing

/// Issue 11 item 8: escape sequences and newlines from metadata and file names never reach
/// the terminal raw; JSON is unchanged.
@Suite struct EscapeSequenceTests {
    static let hostileCaption = "title\u{1B}]0;pwned\u{07}\u{1B}[31mred\u{9B}2J"

    @Test func peekAndErrorsShowControlCharactersAsEscapes() throws {
        let library = try TestLibrary.sample()
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        let id = try #require(try library.assets().first?["id"] as? String)
        #expect(try library.run(["action", "caption", "--value", Self.hostileCaption, id]).status == 0)

        // peek's facts, as a terminal gets them.
        let peek = try Self.onTerminal(["peek", id, "--image", "none", "--library", library.root.path])
        // (photolib's own colour for Delete is the only escape sequence left.)
        #expect(!peek.stdout.contains("\u{1B}]") && !peek.stdout.contains("\u{07}") && !peek.stdout.contains("\u{9B}"))
        #expect(peek.stdout.components(separatedBy: "\u{1B}[").count == 3, "\(peek.stdout)")
        #expect(peek.stdout.contains("title\\x1B]0;pwned\\x07\\x1B[31mred\\u{9B}2J"), "\(peek.stdout)")
        // The table too.
        let list = try Self.onTerminal(["list", "--library", library.root.path])
        #expect(!list.stdout.contains("\u{1B}"), "\(list.stdout)")
        #expect(!list.stdout.contains("\u{07}") && !list.stdout.contains("\u{9B}"), "\(list.stdout)")
        // JSON keeps the caption as it is.
        let json = try library.run(["list", "--jsonl"])
        let captions = json.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["caption"] as? String
        }
        #expect(captions.contains(Self.hostileCaption))

        // A newline and an escape in a file name make a one-line error, escaped.
        let name = "bad\nname\u{1B}[2J.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: library.url(name))
        let index = try library.run(["index", "--no-renditions"])
        let lines = index.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(index.stderr)")
        #expect(index.stderr.contains("bad\\nname\\x1B[2J.jpg"), "\(index.stderr)")
        #expect(!index.stderr.contains("\u{1B}"))
    }

    /// Runs photolib under a pseudo-terminal (util-linux `script`), stdout and stderr together.
    static func onTerminal(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let quoted = ([try BinaryRunner.binaryURL().path] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("photolib-pty-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "stty cols 200; " + quoted.joined(separator: " "), "/dev/null"]
        // NO_COLOR emptied: the test runner may set it, and the one escape expected is a colour.
        process.environment = BinaryRunner.childEnvironment(adding: ["TERM": "xterm-256color", "NO_COLOR": ""])
        process.standardInput = FileHandle.nullDevice
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        return (process.terminationStatus, text.replacingOccurrences(of: "\r\n", with: "\n"))
    }
}
