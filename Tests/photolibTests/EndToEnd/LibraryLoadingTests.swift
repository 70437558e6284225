import Foundation
import PhotoTestSupport
import Testing

/// libheif, LibRaw, libpq, libmicrohttpd, FFmpeg and libtiff are opened when first needed, not when photolib starts (see
/// CLazyLibrary): the dynamic loader says which libraries a run loaded (`LD_DEBUG=files`).
@Suite struct LibraryLoadingTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PhotoFormatsTests/Fixtures/formats")

    /// The sonames of the libraries a run loaded, as the dynamic loader reports them on stderr.
    static func loaded(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "file=") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != " " })
        }
    }

    /// FFmpeg's four: opened by the video worker child only (see VideoWorker).
    static let ffmpegLibraries = ["libavformat.so", "libavcodec.so", "libswscale.so", "libavutil.so"]
    /// libtiff with what it brings (LERC, and through it libstdc++).
    static let lazyLibraries =
        ["libheif.so", "libraw_r.so", "libpq.so", "libmicrohttpd.so", "libtiff.so", "libLerc.so"] + ffmpegLibraries

    @Test func aJPEGLibraryNeverLoadsTheHEIFRawPostgreSQLOrFFmpegLibraries() throws {
        let library = try TestLibrary.sample()
        for arguments in [["index", "--no-renditions"], ["list", "--jsonl"]] {
            let result = try BinaryRunner.run(
                arguments + ["--library", library.root.path], environment: ["LD_DEBUG": "files"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let loaded = Self.loaded(result.stderr)
            #expect(loaded.contains { $0.hasPrefix("libsqlite3.so") }, "the loader said nothing: \(result.stderr)")
            for name in Self.lazyLibraries {
                #expect(!loaded.contains { $0.hasPrefix(name) }, "\(arguments) loaded \(name)")
            }
        }
    }

    /// A TIFF's index and renditions go through libtiff, opened then: the file becomes an
    /// asset with a fingerprint (its pixels were decoded) and the size exiftool reads.
    @Test func theFirstTIFFOpensLibtiff() throws {
        let library = try TestLibrary()
        try library.add(Self.fixtures.appendingPathComponent("sunset-deflate.tif"), as: "sunset.tif")
        _ = try BinaryRunner.run(["init", library.root.path])
        let result = try BinaryRunner.run(
            ["index", "--library", library.root.path], environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "\(result.stderr)")
        let loaded = Self.loaded(result.stderr)
        #expect(loaded.contains { $0.hasPrefix("libtiff.so") }, "\(loaded)")
        let asset = try #require(try library.assets().first)
        #expect(asset["format"] as? String == "tiff" && asset["visualHash"] is String, "\(asset)")
        let size = try BinaryRunner.run(["list", "--library", library.root.path, "--format", "{width}x{height}"])
        if let exiftool = MovieClips.exiftool {
            let read = String(
                decoding: try MovieClips.run(
                    exiftool,
                    ["-s3", "-n", "-ImageWidth", "-ImageHeight", "-Orientation", library.url("sunset.tif").path]
                ), as: UTF8.self
            ).split(separator: "\n").map(String.init)
            // Orientations 5 to 8 turn the picture a quarter: the shown width is the stored height.
            let turned = (5...8).contains(Int(read.last ?? "") ?? 1)
            let oracle = turned ? "\(read[1])x\(read[0])" : "\(read[0])x\(read[1])"
            #expect(size.stdout == oracle + "\n", "\(size.stdout) \(size.stderr)")
        }
    }

    @Test func theFirstHEIFOpensLibheif() throws {
        let library = try TestLibrary()
        try library.add(Self.fixtures.appendingPathComponent("lighthouse.heic"), as: "lighthouse.heic")
        _ = try BinaryRunner.run(["init", library.root.path])
        let result = try BinaryRunner.run(
            ["index", "--library", library.root.path], environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("added 1,"))
        let loaded = Self.loaded(result.stderr)
        #expect(loaded.contains { $0.hasPrefix("libheif.so") })
        #expect(!loaded.contains { $0.hasPrefix("libpq.so") })
        let listed = try library.assets()
        #expect(listed.count == 1 && listed.first?["format"] as? String == "heif")
    }
}
