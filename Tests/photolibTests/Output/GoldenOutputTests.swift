import Foundation
import PhotoCatalog
import Testing

@testable import photolib

/// The asset JSON, the table and the templates of a fixed library, held byte for byte to the
/// files in Tests/photolibTests/Golden/: the test that output does not drift when the code
/// that writes it changes. What differs from run to run (random asset ids, the temporary
/// folder, the times of the run) is replaced by fixed stand-ins before the comparison.
/// `PHOTOLIB_RECORD_GOLDEN=1 swift test --filter GoldenOutputTests` writes the files anew
/// (a new field shows in the diff, to be looked at before it is committed).
@Suite struct GoldenOutputTests {
    static let folder = BinaryRunner.packageRoot.appendingPathComponent("Tests/photolibTests/Golden")
    static var recording: Bool { ProcessInfo.processInfo.environment["PHOTOLIB_RECORD_GOLDEN"] == "1" }

    @Test func outputsMatchTheGoldenFiles() throws {
        let started = Date()
        let library = try AssetListOutputTests.oddLibrary()
        // Sorted: the template's output, not the order the code lists its fields in, is held.
        let template = AssetPresenter.formatFields.sorted().map { "\($0)=[{\($0)}]" }.joined(separator: " ")
        var outputs: [(name: String, bytes: [UInt8])] = []
        for (name, arguments) in [
            ("list.json", ["list", "--json"]), ("list.jsonl", ["list", "--jsonl"]),
            ("list-trashed.jsonl", ["list", "--jsonl", "--trashed"]),
            ("list-format.txt", ["list", "--format", template]),
            ("list-trashed-format.txt", ["list", "--trashed", "--format", template]),
            ("list-table.txt", ["list"]),
        ] {
            let result = try library.runRaw(arguments)
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
            outputs.append((name, result.stdout))
        }
        let table = try TerminalRunner.run(["list", "--library", library.root.path], columns: 100, rows: 40)
        try #require(table.status == 0, "\(table.stderr)")
        outputs.append(("list-table-100.txt", table.output))
        for (name, asset) in [("pop-pair.json", "odd/pair.jpg"), ("pop-lake-beach.json", "2015/lake-beach.jpg")] {
            let result = try library.runRaw(["pop", asset, "--json"])
            try #require(result.status == 0, "pop \(asset): \(result.stderr)")
            outputs.append((name, result.stdout))
        }
        let standIns = try Self.standIns(library, from: started, to: Date())
        var recorded: [String] = []
        for (name, bytes) in outputs {
            let normalised = standIns(bytes)
            let file = Self.folder.appendingPathComponent(name)
            if Self.recording {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try Data(normalised).write(to: file)
                recorded.append(name)
                continue
            }
            let golden = try? [UInt8](Data(contentsOf: file))
            // Compared first, so that a failure shows the text rather than two byte arrays.
            let matches = golden == normalised
            #expect(
                matches,
                """
                \(name) differs from Tests/photolibTests/Golden/\(name); if the change is meant, \
                record again with PHOTOLIB_RECORD_GOLDEN=1 and look at the diff. Got:
                \(String(decoding: normalised, as: UTF8.self))
                """)
        }
        if Self.recording { print("recorded \(recorded.joined(separator: ", "))") }
    }

    /// What turns a run's output into the stable form: each asset id (and its short form)
    /// becomes `<n>aaa…` of the same length, numbered in path order; the library's folder
    /// becomes `/LIBRARY`; a time between `start` and `end` becomes `2000-01-01T00:00:00Z`.
    static func standIns(_ library: TestLibrary, from start: Date, to end: Date) throws -> ([UInt8]) -> [UInt8] {
        // Read with a template: a JSON parser refuses the name that is not UTF-8.
        var lines: [Substring] = []
        for filter in [[], ["--trashed"]] {
            let listed = try library.runRaw(["list", "--format", "{id}\\t{shortId}\\t{relativePath}"] + filter)
            lines += String(decoding: listed.stdout, as: UTF8.self).split(separator: "\n")
        }
        let ordered = lines.compactMap { line -> (path: String, id: String, shortID: String)? in
            let parts = line.split(separator: "\t", maxSplits: 2)
            guard parts.count == 3 else { return nil }
            return (String(parts[2]), String(parts[0]), String(parts[1]))
        }.sorted { $0.path < $1.path }
        var replacements: [([UInt8], [UInt8])] = []
        for (number, asset) in ordered.enumerated() {
            let standIn = String(format: "%03d", number + 1) + String(repeating: "a", count: 13)
            replacements.append((Array(asset.id.utf8), Array(standIn.utf8)))
            replacements.append((Array(asset.shortID.utf8), Array(standIn.prefix(asset.shortID.count).utf8)))
        }
        for root in Set([library.root.path, library.root.resolvingSymlinksInPath().path]) {
            replacements.append((Array(root.utf8), Array("/LIBRARY".utf8)))
        }
        let window = (start.timeIntervalSince1970 - 2)...(end.timeIntervalSince1970 + 2)
        return { bytes in
            var text = bytes
            for (from, to) in replacements { text = replacing(from, with: to, in: text) }
            return replacingTimes(in: text, within: window)
        }
    }

    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard !pattern.isEmpty else { return bytes }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes.count - index >= pattern.count, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                result += replacement
                index += pattern.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// Every `YYYY-MM-DDTHH:MM:SSZ` whose time lies in `window` (the run's own times: indexed,
    /// popped, trashed) as `2000-01-01T00:00:00Z`.
    static func replacingTimes(in bytes: [UInt8], within window: ClosedRange<Double>) -> [UInt8] {
        let formatter = ISO8601DateFormatter()
        let standIn = Array("2000-01-01T00:00:00Z".utf8)
        var result = bytes
        var index = 0
        while index + 20 <= result.count {
            guard result[index + 4] == UInt8(ascii: "-"), result[index + 10] == UInt8(ascii: "T"),
                result[index + 19] == UInt8(ascii: "Z")
            else {
                index += 1
                continue
            }
            let candidate = String(decoding: result[index..<(index + 20)], as: UTF8.self)
            if candidate.utf8.count == 20, candidate.hasSuffix("Z"), let date = formatter.date(from: candidate),
                window.contains(date.timeIntervalSince1970)
            {
                result.replaceSubrange(index..<(index + 20), with: standIn)
                index += 20
            } else {
                index += 1
            }
        }
        return result
    }
}
