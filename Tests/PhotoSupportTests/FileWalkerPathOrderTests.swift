import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoSupport

/// The ordered walk an index compares with the catalog: every file once, in the byte order of paths.
@Suite struct FileWalkerPathOrderTests {
    @Test func filesComeInTheByteOrderOfTheirPathsAcrossFoldersAndRuns() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let root = folder.url
        // '-' < '.' < '/' < '0': a folder's files fall before, between and after its subfolders'.
        let paths = [
            "a-1", "a.jpg", "a/x.jpg", "a/b/y.jpg", "a/b.jpg", "a/b-c/z.jpg", "a0", "b/a/a/a.jpg", "b/a.jpg",
            "B.jpg", "é.jpg",
        ]
        for path in paths {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }
        var walked: [RawPath] = []
        var runs = 0
        FileWalker(jobs: 2).walkInPathOrder(RawPath(root.path), problem: { Issue.record("\($0)") }) { run in
            runs += 1
            #expect(!run.range.isEmpty)
            walked += run.folderFiles[run.range].map(\.path)
        }
        let expected = FileWalker().walk([RawPath(root.path)]).files.map(\.path)
            .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        #expect(walked == expected && walked.count == paths.count)
        // The root and a/ each come in more than one run (around a/ and around a/b/ and a/b-c/).
        #expect(runs > 4)
    }

    @Test func aMissingRootIsAProblemAndNothingIsVisited() {
        var problems: [WalkProblem] = []
        FileWalker().walkInPathOrder(RawPath("/nonexistent-photolib-walk"), problem: { problems.append($0) }) { _ in
            Issue.record("visited")
        }
        #expect(problems.map(\.code) == [ENOENT])
    }
}
