import Foundation
import Testing

/// A rendition that cannot be written (a full disk, a folder in the way) says nothing about the
/// photo: `index` reports it apart from damage, and `verify --repair` makes it once it can.
@Suite struct RenditionFailureTests {
    @Test func renditionsThatCannotBeWrittenLeaveThePhotosUndamagedAndVerifyMakesThemLater() throws {
        let library = try TestLibrary.sample()
        // A file where the renditions folder must be: no rendition can be written, as on a full
        // disk (root ignores permissions; a file in the way it does not).
        let renditions = library.url(".photolib/renditions")
        try FileManager.default.removeItem(at: renditions)
        try Data("in the way".utf8).write(to: renditions)

        let index = try library.run(["index", "--json"])
        #expect(index.status == 2)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(index.stdout.utf8)) as? [String: Any])
        #expect(summary["added"] as? Int == 10 && summary["failed"] as? Int == 0)
        #expect(summary["damaged"] as? Int == 0 && summary["rendered"] as? Int == 0)
        #expect(summary["renditionsFailed"] as? Int == 10)
        let failures = try #require(summary["renditionFailures"] as? [[String: Any]])
        #expect(Set(failures.compactMap { $0["path"] as? String }).count == 10)
        for failure in failures {
            let path = try #require(failure["path"] as? String)
            #expect(path.hasPrefix(library.root.path + "/") && path.hasSuffix(".jpg"))
            // Renditions are written through folders opened from the root (no symlink, no file).
            #expect((failure["reason"] as? String)?.hasSuffix("renditions' is not a folder") == true, "\(failure)")
        }
        let lines = index.stderr.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(
            lines.allSatisfy {
                $0.hasPrefix("photolib: \(library.root.path)/") && $0.contains(": renditions not made: ")
            })
        let assets = try library.assets()
        #expect(assets.count == 10)
        #expect(assets.allSatisfy { $0["damaged"] as? Bool == false && $0["damage"] is NSNull })

        // Room again: verify finds the twenty missing renditions and its repair makes them.
        try FileManager.default.removeItem(at: renditions)
        try FileManager.default.createDirectory(at: renditions, withIntermediateDirectories: false)
        let check = try library.run(["verify", "--json"])
        #expect(check.status == 1)
        let found = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let kinds = (found["findings"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds == Array(repeating: "rendition-missing", count: 20))

        let repair = try library.run(["verify", "--repair"])
        #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
        #expect(repair.stdout.hasSuffix(": 20 problems, 20 repaired, 0 repairs failed, 0 left\n"))
        for asset in try library.assets() {
            let made = asset["renditions"] as? [String: Any]
            #expect(made?["thumbnail"] is [String: Any] && made?["preview"] is [String: Any])
        }
        #expect(try library.run(["verify"]).status == 0)
    }
}
