import Foundation
import PhotoTestSupport
import Testing

/// Issue 24 item 1 (and 10's export parts): export writes nowhere in the library, whatever
/// DEST, the templates, the collision renaming and the symlinks of existing folders make of
/// the final path.
@Suite struct ExportTrustTests {
    /// `outer/Pictures` is the library (SampleLibrary's photos, indexed with renditions), so
    /// that `outer` is a DEST above it, as `..` is from inside `Pictures/`.
    let outer: TemporaryDirectory
    var pictures: URL { outer.url.appendingPathComponent("Pictures") }

    init() throws {
        outer = try TemporaryDirectory()
        let sample = SampleFiles.root
        for file in FileManager.default.enumerator(atPath: sample.path)!.compactMap({ $0 as? String })
        where file.hasSuffix(".jpg") {
            let target = pictures.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: sample.appendingPathComponent(file), to: target)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        }
        try #require(try BinaryRunner.run(["init", pictures.path]).status == 0)
        try #require(try run(["index"]).status == 0)
    }

    @discardableResult
    private func run(
        _ arguments: [String], in folder: URL? = nil
    ) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        try BinaryRunner.run(arguments + ["--library", pictures.path], workingDirectory: folder ?? pictures)
    }

    /// Every file under the library but its control folder, relative, sorted.
    private func libraryFiles() -> [String] {
        (FileManager.default.enumerator(atPath: pictures.path)?.compactMap { $0 as? String } ?? [])
            .filter { !$0.hasPrefix(".photolib") }.sorted()
    }

    /// True when every original is still byte for byte the sample it was copied from.
    private func originalsIntact() throws -> Bool {
        for file in libraryFiles() where file.hasSuffix(".jpg") {
            let original = try Data(contentsOf: pictures.appendingPathComponent(file))
            guard original == (try Data(contentsOf: SampleFiles.root.appendingPathComponent(file))) else {
                return false
            }
        }
        return true
    }

    /// The reproduction: from inside `Pictures/`, DEST `..` and a folder template
    /// leading back into the library replaced five originals with their previews.
    @Test func aTemplateLeadingBackIntoTheLibraryIsRefused() throws {
        let before = libraryFiles()
        for policy in ["overwrite", "suffix", "skip"] {
            let export = try run([
                "export", "..", "--directory", "Pictures/2015", "--preview", "--on-collision", policy,
            ])
            #expect(export.status == 2, "\(policy): \(export.stdout)")
            let lines = export.stderr.split(separator: "\n")
            #expect(lines.count == 10, "\(export.stderr)")
            #expect(
                lines.allSatisfy { $0.contains("cannot export: ") && $0.contains("inside the library") },
                "\(export.stderr)")
            #expect(export.stdout.hasPrefix("copied 0, already there 0, failed 10"), "\(export.stdout)")
        }
        #expect(try originalsIntact())
        #expect(libraryFiles() == before)
        // The library root itself, and its control folder, are refused the same way.
        for folder in ["Pictures", "Pictures/.photolib/renditions"] {
            let export = try run(["export", "..", "--directory", folder, "2015/lake-beach.jpg"])
            #expect(export.status == 2)
            #expect(export.stderr.contains("inside the library"), "\(export.stderr)")
        }
        // Nothing for the next index to add, and verify finds nothing changed.
        let index = try run(["index"])
        #expect(index.stdout.contains("added 0"), "\(index.stdout)")
        #expect(try run(["verify"]).status == 0)
        // The dry run plans the same refusals.
        let dry = try run(["export", "..", "--directory", "Pictures/2016", "--dry-run"])
        #expect(dry.status == 2)
        #expect(dry.stderr.contains("inside the library"))
    }

    /// A DEST that is a symlink to the library's parent reaches the originals too: its folders
    /// are judged by what they are, not by the path's text.
    @Test func aSymlinkedDestAboveTheLibraryIsRefused() throws {
        let before = libraryFiles()
        let elsewhere = try TemporaryDirectory()
        let link = elsewhere.url.appendingPathComponent("dest")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outer.url)
        let export = try run(
            ["export", link.path, "--directory", "Pictures/{takenAt:%Y}", "--on-collision", "overwrite", "--upright"])
        #expect(export.status == 2)
        #expect(export.stderr.contains("inside the library"), "\(export.stderr)")
        #expect(try originalsIntact())
        #expect(libraryFiles() == before)
    }

    /// A folder of originals reached through a symlink in the library (a NAS folder) is the
    /// library's too: an export into it is refused, as the next index would add the copies.
    @Test func aFolderOfOriginalsOutsideTheRootIsRefused() throws {
        let nas = try TemporaryDirectory()
        let photos = nas.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: SampleFiles.root.appendingPathComponent("2015/lake-beach.jpg"),
            to: photos.appendingPathComponent("nas-lake.jpg"))
        try FileManager.default.createSymbolicLink(
            at: pictures.appendingPathComponent("nas"), withDestinationURL: photos)
        try #require(try run(["index"]).stdout.contains("added 1"))
        let export = try run(["export", nas.url.path, "--directory", "photos", "--on-collision", "overwrite"])
        #expect(export.status == 2)
        #expect(export.stderr.contains("inside the library"), "\(export.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: photos.path) == ["nas-lake.jpg"])
        // Beside it, outside every folder of the library, export works.
        let beside = try run(["export", nas.url.path, "--directory", "copies", "nas/nas-lake.jpg"])
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(FileManager.default.fileExists(atPath: nas.url.appendingPathComponent("copies/nas-lake.jpg").path))
    }
}

extension ExportTrustTests {
    /// Item 10: a symlinked folder under DEST is refused in words about DEST, not "the library".
    @Test func theSymlinkRefusalNamesDest() throws {
        let dest = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            at: dest.url.appendingPathComponent("2015"), withDestinationURL: elsewhere.url)
        let export = try run(["export", dest.url.path, "--directory", "{takenAt:%Y}", "2015/lake-beach.jpg"])
        #expect(export.status == 2)
        #expect(
            export.stderr
                == "photolib: 2015/lake-beach.jpg: cannot export: \(dest.path)/2015/lake-beach.jpg: refused: "
                + "'\(dest.path)/2015' is a symlink, and export writes through no symlink inside \(dest.path)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.url.path) == [])
    }

    /// Item 10: a copy whose sidecar failed is kept and counted as copied, with its bytes;
    /// the sidecar is a failure of its own: one line naming the file, exit status 2.
    @Test func aFailedSidecarKeepsTheCopyAndSaysSo() throws {
        let dest = try TemporaryDirectory()
        let sidecar = dest.url.appendingPathComponent("lake-beach.jpg.xmp")
        try Data("not an XMP packet".utf8).write(to: sidecar)
        let original = try Data(contentsOf: pictures.appendingPathComponent("2015/lake-beach.jpg"))
        let export = try run(["export", dest.url.path, "2015/lake-beach.jpg", "2015/bordeaux-art.jpg", "--sidecars"])
        #expect(export.status == 2)
        let lines = export.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(export.stderr)")
        #expect(
            lines.first?.hasPrefix(
                "photolib: 2015/lake-beach.jpg: exported to \(dest.path)/lake-beach.jpg, but no sidecar: ") == true,
            "\(export.stderr)")
        #expect(export.stdout.hasPrefix("copied 2, already there 0, failed 0, sidecars failed 1 ("), "\(export.stdout)")
        #expect(try Data(contentsOf: dest.url.appendingPathComponent("lake-beach.jpg")) == original)
        #expect(try Data(contentsOf: sidecar) == Data("not an XMP packet".utf8))
        // The same in JSON, into a second DEST: both copies' bytes counted.
        let second = try TemporaryDirectory()
        try Data("not an XMP packet".utf8).write(to: second.url.appendingPathComponent("lake-beach.jpg.xmp"))
        let json = try run([
            "export", second.url.path, "2015/lake-beach.jpg", "2015/bordeaux-art.jpg", "--sidecars", "--json",
        ])
        #expect(json.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let art = try Data(contentsOf: pictures.appendingPathComponent("2015/bordeaux-art.jpg"))
        #expect(object["copied"] as? Int == 2 && object["failed"] as? Int == 0)
        #expect(object["sidecarsFailed"] as? Int == 1)
        #expect(object["bytes"] as? Int == original.count + art.count)
    }
}
