import Foundation
import PhotoTestSupport
import Testing

/// End to end on files of every format photolib reads (the committed fixtures, made by
/// Scripts/make-format-fixtures), with companions beside them: what `index`, `list` and
/// `peek` say, run through the built binary.
@Suite struct FormatsCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PhotoFormatsTests/Fixtures/formats")

    @Test func everyFormatBecomesAnAssetWithRenditionsAndCompanionsAreGrouped() throws {
        let library = try TestLibrary()
        for name in ["sunset-exif6.heic", "lighthouse.avif", "rgba.png", "sunset-exif.webp", "sunset.tif"] {
            try library.add(Self.fixtures.appendingPathComponent(name), as: "phone/\(name)")
        }
        // A Live Photo movie and a RAW beside the HEIC, a .THM beside a lone "RAW" (never an asset).
        let junk = Data("not a photo".utf8)
        try junk.write(to: library.url("phone/sunset-exif6.MOV"))
        try junk.write(to: library.url("phone/SUNSET-EXIF6.DNG"))
        try FileManager.default.createDirectory(at: library.url("camera"), withIntermediateDirectories: true)
        try junk.write(to: library.url("camera/CRW_0001.THM"))
        _ = try BinaryRunner.run(["init", library.root.path])

        let result = try library.run(["index"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("added 5,"))
        // The movie too, now that movies are read: a companion, not a video of its own.
        #expect(result.stdout.contains("companions 3"), "\(result.stdout)")

        let assets = try library.assets()
        let formats = Dictionary(
            uniqueKeysWithValues: assets.compactMap { asset in
                (asset["fileName"] as? String).map { ($0, asset["format"] as? String ?? "") }
            })
        #expect(
            formats == [
                "sunset-exif6.heic": "heif", "lighthouse.avif": "heif", "rgba.png": "png",
                "sunset-exif.webp": "webp", "sunset.tif": "tiff",
            ])
        for asset in assets {
            let renditions = try #require(asset["renditions"] as? [String: Any], "\(asset["fileName"] ?? "")")
            let preview = try #require(renditions["preview"] as? [String: Any])
            #expect(FileManager.default.fileExists(atPath: preview["path"] as? String ?? ""))
            #expect(asset["damaged"] as? Bool == false)
        }
        let heic = try #require(assets.first { $0["fileName"] as? String == "sunset-exif6.heic" })
        #expect(heic["mimeType"] as? String == "image/heic")
        let companions = try #require(heic["companions"] as? [[String: Any]])
        #expect(companions.map { $0["kind"] as? String } == ["raw", "video"])
        #expect(companions.first?["size"] as? Int == junk.count)
        let webp = try #require(assets.first { $0["fileName"] as? String == "sunset-exif.webp" })
        #expect(webp["orientation"] as? Int == 6)
        #expect((webp["width"] as? Int, webp["height"] as? Int) == (144, 96))

        let heifOnly = try library.run(["list", "--file-format", "heif", "--format", "{fileName}"])
        #expect(heifOnly.stdout.split(separator: "\n").sorted() == ["lighthouse.avif", "sunset-exif6.heic"])
        let wrong = try library.run(["list", "--file-format", "jxl"])
        #expect(wrong.status == 64)
    }

    /// The thumbnail alone (`render --kind thumbnail`, as the browser's grid asks) comes from a
    /// HEIF's embedded thumbnail when it is big enough; the preview still from the primary image.
    @Test func heifThumbnailRenditionFromTheEmbeddedThumbnail() throws {
        let library = try TestLibrary()
        try library.add(Self.fixtures.appendingPathComponent("lighthouse-thumbnail.heic"), as: "phone/IMG_0002.HEIC")
        _ = try BinaryRunner.run(["init", library.root.path])
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        let thumbnail = try library.run(["render", "--kind", "thumbnail"])
        #expect(thumbnail.status == 0, "\(thumbnail.stderr)")
        let asset = try #require(try library.assets().first)
        let renditions = try #require(asset["renditions"] as? [String: Any])
        let made = try #require(renditions["thumbnail"] as? [String: Any])
        #expect((made["width"] as? Int, made["height"] as? Int) == (171, 256))
        #expect(renditions["preview"] is NSNull)
        #expect(try library.run(["render"]).status == 0)
        let preview = try #require(
            (try library.assets().first?["renditions"] as? [String: Any])?["preview"] as? [String: Any])
        #expect((preview["width"] as? Int, preview["height"] as? Int) == (320, 480))
    }

    @Test func truncatedAndMislabelledFilesOfEachFormatAreOneLineEach() throws {
        let library = try TestLibrary()
        for name in ["lighthouse.heic", "rgb16.png", "sunset-exif.webp", "sunset.tif"] {
            let bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
            try FileManager.default.createDirectory(at: library.url("bad"), withIntermediateDirectories: true)
            try bytes.prefix(bytes.count / 2).write(to: library.url("bad/half-\(name)"))
            try bytes.prefix(16).write(to: library.url("bad/head-\(name)"))
            try Data().write(to: library.url("bad/empty-\(name)"))
        }
        _ = try BinaryRunner.run(["init", library.root.path])
        let result = try library.run(["index"])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        for line in lines { #expect(line.hasPrefix("photolib: "), "\(line)") }
        // Every head and every empty file is named once; halves are refused or read as damaged.
        for name in ["lighthouse.heic", "rgb16.png", "sunset-exif.webp", "sunset.tif"] {
            #expect(lines.filter { $0.contains("/bad/head-\(name): ") }.count == 1, "\(result.stderr)")
            #expect(lines.filter { $0.contains("/bad/empty-\(name): ") }.count == 1, "\(result.stderr)")
        }
    }
}

/// The generated DNG and far-directory TIFF (`GeneratedTIFFFixtures`) through the built
/// binary: a fresh clone tests the RAW path (LibRaw in its child process, half-size decode)
/// without any camera file.
@Suite struct GeneratedRawCommandTests {
    @Test func generatedDNGBecomesAnAssetWithUprightRenditions() throws {
        let library = try TestLibrary()
        try FileManager.default.createDirectory(at: library.url("camera"), withIntermediateDirectories: true)
        try Data(GeneratedTIFFFixtures.dng()).write(to: library.url("camera/DSC_0001.DNG"))
        try Data(GeneratedTIFFFixtures.farDirectoryTIFF()).write(to: library.url("camera/scan.tif"))
        _ = try BinaryRunner.run(["init", library.root.path])
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        #expect(index.stdout.hasPrefix("added 2,"), "\(index.stdout)")
        let assets = Dictionary(
            uniqueKeysWithValues: try library.assets().compactMap { asset in
                (asset["fileName"] as? String).map { ($0, asset) }
            })
        let dng = try #require(assets["DSC_0001.DNG"])
        #expect(dng["format"] as? String == "raw")
        let camera = try #require(dng["camera"] as? [String: Any])
        #expect(camera["make"] as? String == GeneratedTIFFFixtures.make)
        #expect(camera["model"] as? String == GeneratedTIFFFixtures.model)
        // The file gives no offset; taken in Paris in July, the place's zone gives CEST's.
        #expect(dng["takenAt"] as? String == GeneratedTIFFFixtures.takenAt + "+02:00")
        #expect(dng["takenAtZone"] as? String == "Europe/Paris")
        #expect(dng["city"] as? String == "Paris")
        #expect(dng["orientation"] as? Int == 6)
        let renditions = try #require(dng["renditions"] as? [String: Any])
        let preview = try #require(renditions["preview"] as? [String: Any])
        // LibRaw's half-size decode of the 256x192 mosaic (no embedded preview), 128x96, as it
        // is (never enlarged: `ImageFormat.renditionSourceSide`), shown turned by orientation 6.
        #expect((preview["width"] as? Int, preview["height"] as? Int) == (96, 128), "\(preview)")
        let tiff = try #require(assets["scan.tif"])
        #expect((tiff["takenAt"] as? String)?.hasPrefix(GeneratedTIFFFixtures.takenAt) == true, "\(tiff)")
    }

    /// A raw smaller than twice the preview: its preview is LibRaw's half-size picture as it
    /// is (600x800 shown), the thumbnail from that; `list` (which only looks for the files)
    /// and the JPEGs written say the same sizes. A raw twice the preview
    /// or more gets the usual 1280 preview.
    @Test(arguments: [(1600, 1200, 600, 800, 192, 256), (2600, 1000, 492, 1280, 98, 256)])
    func rawRenditionsStopAtTheHalfSizePicture(
        width: Int, height: Int, previewWidth: Int, previewHeight: Int, thumbnailWidth: Int, thumbnailHeight: Int
    ) throws {
        let library = try TestLibrary()
        try Data(GeneratedTIFFFixtures.dng(width: width, height: height)).write(to: library.url("DSC_0002.DNG"))
        _ = try BinaryRunner.run(["init", library.root.path])
        let index = try library.run(["index", "--no-renditions"])
        #expect(index.status == 0, "\(index.stderr)")
        let render = try library.run(["render", "--json"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.contains("\"made\" : 1") || render.stdout.contains("\"made\": 1"), "\(render.stdout)")
        let expected = ["preview": (previewWidth, previewHeight), "thumbnail": (thumbnailWidth, thumbnailHeight)]
        let listed = try #require(try library.assets().first?["renditions"] as? [String: Any])
        for (kind, size) in expected {
            let file = try #require(listed[kind] as? [String: Any], "\(kind): \(listed)")
            #expect((file["width"] as? Int, file["height"] as? Int) == size, "\(kind): \(file)")
            let written = try TestImage.decode(try #require(file["path"] as? String))
            #expect((written.width, written.height) == size, "\(kind) as written")
        }
    }

    /// A raw whose name is not UTF-8 reaches LibRaw's worker byte for byte (the worker was given
    /// its path as text, which made `caf\u{FFFD}.dng` of `caf\xE9.dng`, a file that does not exist).
    @Test func aRawNamedInLatin1GetsItsRenditions() throws {
        let library = try TestLibrary()
        let name = Array("caf".utf8) + [0xE9] + Array(".dng".utf8)
        try NamesAndPathsTests.create(Data(GeneratedTIFFFixtures.dng()), at: name, under: library.root)
        _ = try BinaryRunner.run(["init", library.root.path])
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        #expect(index.stdout == "added 1, updated 0, moved 0, unchanged 0, missing 0, failed 0\n", "\(index.stderr)")
        // (Its JSON holds the name's byte as `\udce9`, which Foundation's parser refuses: the
        // renditions are looked for on disk instead.) Both made, none missing:
        #expect(try library.run(["verify"]).status == 0)
        let renditions = library.root.appendingPathComponent(".photolib/renditions")
        let files = try #require(FileManager.default.enumerator(atPath: renditions.path)).compactMap { $0 as? String }
        let preview = try #require(files.first { $0.hasSuffix("-preview-1280-q82.jpg") })
        let image = try TestImage.decode(renditions.appendingPathComponent(preview).path)
        #expect((image.width, image.height) == (96, 128))
    }
}
