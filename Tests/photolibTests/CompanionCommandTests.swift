import Foundation
import Testing

/// End to end: a photo's companions (RAW twin, `.THM`, Live Photo movie) follow it into the
/// trash and out, are deleted with it by `trash empty`, and leave the library with it only
/// when `pop --export` is asked `--with-companions`.
@Suite struct CompanionCommandTests {
    /// A library with one HEIC whose Live Photo movie, RAW twin and `.THM` lie beside it.
    private func libraryWithGroup() throws -> (TestLibrary, id: String) {
        let library = try TestLibrary()
        try library.add(
            FormatsCommandTests.fixtures.appendingPathComponent("sunset-exif6.heic"), as: "phone/IMG_0001.HEIC")
        for (name, text) in [("IMG_0001.MOV", "movie"), ("IMG_0001.DNG", "raw"), ("IMG_0001.THM", "thumb")] {
            try Data(text.utf8).write(to: library.url("phone/\(name)"))
        }
        _ = try BinaryRunner.run(["init", library.root.path])
        let index = try library.run(["index", "--no-renditions"])
        try #require(index.status == 0, "\(index.stderr)")
        let assets = try library.assets()
        try #require(assets.count == 1)
        return (library, try #require(assets[0]["id"] as? String))
    }

    private func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// `find -name '*.DNG' | photolib action like -`: a companion's path acts on the asset it
    /// belongs to (with a note under --verbose), from the command line and from stdin.
    @Test func actionsOnACompanionPathActOnItsAsset() throws {
        let (library, id) = try libraryWithGroup()
        let liked = try library.run(["action", "like", "phone/IMG_0001.DNG"])
        #expect(liked.status == 0, "\(liked.stderr)")
        #expect(liked.stderr == "")
        #expect(try library.assets()[0]["liked"] as? Bool == true)
        let verbose = try library.run(
            ["action", "favourite", "--verbose", "-"], stdin: Data((library.url("phone/IMG_0001.MOV").path + "\n").utf8)
        )
        #expect(verbose.status == 0, "\(verbose.stderr)")
        #expect(
            verbose.stderr.contains(
                "photolib: \(library.url("phone/IMG_0001.MOV").path): a companion of phone/IMG_0001.HEIC: acting on that asset"
            ), "\(verbose.stderr)")
        #expect(try library.assets()[0]["favourite"] as? Bool == true)
        #expect(try library.assets()[0]["id"] as? String == id)
        // A .THM belongs to its photo too; peek on it shows the photo.
        #expect(try library.run(["peek", "--json", "phone/IMG_0001.THM"]).stdout.contains(id))
    }

    /// Issue 26, item 11: a GoPro `.GPR` LibRaw cannot read is its JPEG's companion, not a
    /// failure; a JPEG named `.nef` beside a JPEG of its name is an asset of its own.
    @Test func pairsAreMadeByNameAndKindOfContent() throws {
        let library = try TestLibrary()
        let jpeg = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015/lake-beach.jpg")
        try library.add(jpeg, as: "gopro/GOPR8508.JPG")
        try Data("not a raw LibRaw reads".utf8).write(to: library.url("gopro/GOPR8508.GPR"))
        try library.add(jpeg, as: "nikon/DSC_0001.jpg")
        try library.add(
            BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2016/lighthouse-portrait.jpg"),
            as: "nikon/DSC_0001.nef")
        _ = try BinaryRunner.run(["init", library.root.path])
        let index = try library.run(["index", "--no-renditions"])
        #expect(index.status == 0, "\(index.stdout) \(index.stderr)")
        #expect(!index.stderr.contains("GPR"), "\(index.stderr)")
        let paths = try library.assets().compactMap { $0["relativePath"] as? String }.sorted()
        #expect(paths == ["gopro/GOPR8508.JPG", "nikon/DSC_0001.jpg", "nikon/DSC_0001.nef"])
    }

    /// Issue 26, item 10: pop's text view lists the companions and the HEIC's EXIF, as
    /// `--json` does.
    @Test func popShowsTheCompanionsAndTheEXIFOfAHEIC() throws {
        let (library, id) = try libraryWithGroup()
        let pop = try library.run(["pop", id, "--image", "none"])
        #expect(pop.status == 0, "\(pop.stderr)")
        let folder = library.url("phone").path
        #expect(pop.stdout.contains("Companions\n"), "\(pop.stdout)")
        for (kind, name) in [("raw", "IMG_0001.DNG"), ("thumbnail", "IMG_0001.THM"), ("video", "IMG_0001.MOV")] {
            let line = "  \(kind.padding(toLength: 10, withPad: " ", startingAt: 0))\(folder)/\(name) ("
            #expect(pop.stdout.contains(line), "\(pop.stdout)")
        }
        #expect(pop.stdout.contains("DateTimeOriginal"), "\(pop.stdout)")
        #expect(!pop.stdout.contains("EXIF\n  (none)"))
    }

    @Test func deleteRestoreAndEmptyTakeTheWholeGroup() throws {
        let (library, id) = try libraryWithGroup()
        let group = ["IMG_0001.DNG", "IMG_0001.HEIC", "IMG_0001.MOV", "IMG_0001.THM"]
        #expect(names(in: library.url("phone")) == group)

        #expect(try library.run(["action", "delete", "--yes", id]).status == 0)
        #expect(names(in: library.url("phone")) == [])
        let trashFolder = library.url(".photolib/trash/\(id.prefix(16))")
        #expect(names(in: trashFolder) == group)

        #expect(try library.run(["action", "restore", id]).status == 0)
        #expect(names(in: library.url("phone")) == group)
        #expect(!FileManager.default.fileExists(atPath: trashFolder.path))
        #expect(try String(contentsOf: library.url("phone/IMG_0001.MOV"), encoding: .utf8) == "movie")

        // The bytes deleted are the whole group's: 6,538 (HEIC) + 10,240 (movie) + 3 + 5.
        try Data(repeating: 1, count: 10_240).write(to: library.url("phone/IMG_0001.MOV"))
        #expect(try library.run(["action", "delete", "--yes", id]).status == 0)
        let empty = try library.run(["trash", "empty", "--yes"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("deleted 1 original for good (16.4 KiB)"), "\(empty.stdout)")
        #expect(names(in: library.url(".photolib/trash")) == [])
        #expect(names(in: library.url("phone")) == [])
    }

    @Test func popExportCopiesCompanionsOnlyWhenAsked() throws {
        let (library, id) = try libraryWithGroup()
        let alone = library.url("out-alone")
        let grouped = library.url("out-grouped")
        for folder in [alone, grouped] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        let plain = try library.run(["pop", id, "--export", alone.path])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(names(in: alone) == ["IMG_0001.HEIC"])

        let renamed = grouped.appendingPathComponent("beach.heic").path
        let withThem = try library.run(["pop", id, "--export", renamed, "--with-companions"])
        #expect(withThem.status == 0, "\(withThem.stderr)")
        #expect(names(in: grouped) == ["beach.DNG", "beach.MOV", "beach.THM", "beach.heic"])
        #expect(withThem.stdout.contains("beach.MOV (5 bytes, video companion)"), "\(withThem.stdout)")
        #expect(try String(contentsOf: grouped.appendingPathComponent("beach.DNG"), encoding: .utf8) == "raw")

        // A companion's target in the way stops the export before anything is written.
        try FileManager.default.removeItem(at: grouped.appendingPathComponent("beach.heic"))
        let again = try library.run(["pop", id, "--export", renamed, "--with-companions"])
        #expect(again.status == 73, "\(again.stderr)")
        #expect(again.stderr.contains("beach.DNG exists; use --force"), "\(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: renamed))
        let forced = try library.run(["pop", id, "--export", renamed, "--with-companions", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(names(in: grouped) == ["beach.DNG", "beach.MOV", "beach.THM", "beach.heic"])

        let misplaced = try library.run(["pop", id, "--with-companions"])
        #expect(misplaced.status == 64)
    }
}
