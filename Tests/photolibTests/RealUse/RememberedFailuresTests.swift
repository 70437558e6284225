import Foundation
import PhotoTestSupport
import Testing

/// A cron job runs `index` on an unchanged tree: the files that failed before are not read,
/// named or counted again, so only a new problem makes noise and exit status 2.
@Suite struct RememberedFailuresTests {
    @Test func failuresAreRememberedUntilTheFileChanges() throws {
        let library = try TestLibrary.sample()
        for broken in [BrokenFixture.empty, .text] {
            try Data(broken.bytes).write(to: library.url(broken.rawValue))
        }
        let first = try library.run(["index", "-q"])
        #expect(first.status == 2)
        #expect(first.stderr.split(separator: "\n").count == 2)

        let again = try library.run(["index"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.isEmpty)
        #expect(again.stdout.hasSuffix(", failed 0, failed before 2 (unchanged; not read)\n"))
        let quiet = try library.run(["index", "-q"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty)

        let remembered = try library.run(["list", "--failed", "--jsonl"]).stdout.split(separator: "\n")
        #expect(remembered.count == 2)
        #expect(
            remembered.contains {
                $0.contains(#""relativePath":"text_file.jpg""#) && $0.contains("not a format photolib reads")
            })

        let verify = try library.run(["verify"])
        #expect(
            verify.stdout.hasSuffix(
                "2 files index could not read (see 'photolib list --failed'; 'photolib index --retry-failed' reads them again)\n"
            ))
        let verifyJSON = try library.run(["verify", "--json"])
        #expect(verifyJSON.stdout.contains("\"indexFailures\": ["))

        let retried = try library.run(["index", "--retry-failed", "--json"])
        #expect(retried.status == 2)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(retried.stdout.utf8)) as? [String: Any])
        #expect(summary["failed"] as? Int == 2 && summary["failedBefore"] as? Int == 0)
        let failures = try #require(summary["failures"] as? [[String: Any]])
        #expect(
            Set(failures.compactMap { $0["path"] as? String }) == [
                library.url("zero_bytes.jpg").path, library.url("text_file.jpg").path,
            ])

        // A new problem is reported (and the old ones stay quiet); a fixed file reads; a removed one is forgotten.
        try Data(BrokenFixture.pngRenamed.bytes).write(to: library.url("new-problem.jpg"))
        try FileManager.default.removeItem(at: library.url("zero_bytes.jpg"))
        try FileManager.default.removeItem(at: library.url("text_file.jpg"))
        try FileManager.default.copyItem(at: library.url("2015/bordeaux-art.jpg"), to: library.url("text_file.jpg"))
        let mixed = try library.run(["index"])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.split(separator: "\n").count == 1 && mixed.stderr.contains("new-problem.jpg"))
        #expect(mixed.stdout.hasPrefix("added 1,"))
        #expect(try library.run(["list", "--failed", "--jsonl"]).stdout.split(separator: "\n").count == 1)
    }
}
