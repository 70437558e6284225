import Foundation
import Testing

/// `verify --deep`: eight bytes overwritten in the middle of a JPEG, its size and modification
/// time kept, were invisible to `verify` though the catalog held the whole-file hash.
@Suite struct DeepVerifyTests {
    /// Overwrites 8 bytes in the middle of the file and puts its modification time back.
    static func rot(_ url: URL) throws {
        let info = try FileManager.default.attributesOfItem(atPath: url.path)
        let modified = try #require(info[.modificationDate] as? Date)
        var times = [timespec](repeating: timespec(), count: 2)
        var status = stat()
        #expect(stat(url.path, &status) == 0)
        times[0] = status.st_atim
        times[1] = status.st_mtim
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: UInt64((info[.size] as? Int ?? 0) / 2))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 8))
        try handle.close()
        #expect(utimensat(AT_FDCWD, url.path, times, 0) == 0)
        let after = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect(after[.modificationDate] as? Date == modified)
    }

    @Test func bitRotIsFoundOnlyByTheDeepCheck() throws {
        let library = try TestLibrary.sample()
        #expect(try library.run(["index"]).status == 0)
        // Every original is hashed first (the index of a library hashes what it renders).
        let first = try library.run(["verify", "--deep"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("deep: read 10 originals whole"), "\(first.stdout)")
        #expect(first.stdout.contains(": 0 changed"))

        try Self.rot(library.url("2015/lake-beach.jpg"))
        let plain = try library.run(["verify"])
        #expect(plain.status == 0, "the ordinary check cannot see it: \(plain.stdout)")

        let deep = try library.run(["verify", "--deep"])
        #expect(deep.status == 1)
        let path = library.url("2015/lake-beach.jpg").path
        #expect(
            deep.stdout.split(separator: "\n").contains {
                $0.hasPrefix("content-changed: \(path): content hash ")
                    && $0.hasSuffix("(size and modification time unchanged: likely disk or copy damage)")
            }, "\(deep.stdout)")
        #expect(deep.stdout.contains("deep: read 10 originals whole"))
        #expect(deep.stdout.contains(": 1 changed"))

        // --repair cannot mend an original; it says so, and the finding stays.
        let repair = try library.run(["verify", "--deep", "--repair"])
        #expect(repair.status == 1, "\(repair.stdout)")
        #expect(repair.stdout.contains("[not repaired: photolib never writes an original; copy it back"))

        let json = try library.run(["verify", "--deep", "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["kind"] as? String } == ["content-changed"])
        let deepSummary = try #require(object["deep"] as? [String: Any])
        #expect(deepSummary["compared"] as? Int == 10)
    }

    /// A run cut short is taken up again: `--skip-recent` leaves out what was checked within
    /// that time, but never a damaged original (it is not logged as checked).
    @Test func skipRecentResumesAndKeepsReportingDamage() throws {
        let library = try TestLibrary.sample()
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        // No hash yet: hashed for the first time and recorded, then compared.
        let first = try library.run(["verify", "--deep"])
        #expect(first.stdout.contains("10 hashed for the first time"), "\(first.stdout)")
        #expect(try library.assets().allSatisfy { $0["contentHash"] is String })
        try Self.rot(library.url("2016/progressive-tokyo.jpg"))
        let resumed = try library.run(["verify", "--deep", "--skip-recent", "1h"])
        #expect(resumed.stdout.contains("deep: read 0 originals whole"), "\(resumed.stdout)")
        #expect(resumed.stdout.contains("10 skipped (checked recently)"))
        let all = try library.run(["verify", "--deep", "--skip-recent", "0s"])
        #expect(all.stdout.contains(": 1 changed"), "\(all.stdout)")
        let again = try library.run(["verify", "--deep", "--skip-recent", "1h"])
        #expect(again.stdout.contains("deep: read 1 original whole"), "\(again.stdout)")
        #expect(again.stdout.contains(": 1 changed"))

        let bad = try library.run(["verify", "--deep", "--skip-recent", "soon"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("Invalid value 'soon' for '--skip-recent <duration>'"))
        #expect(try library.run(["verify", "--skip-recent", "1d"]).status == 64)
    }
}
