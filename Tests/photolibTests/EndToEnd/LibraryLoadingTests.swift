import Foundation
import Testing

/// libheif, LibRaw, libpq, libmicrohttpd and FFmpeg are opened when first needed, not when photolib starts (see
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
    static let lazyLibraries = ["libheif.so", "libraw_r.so", "libpq.so", "libmicrohttpd.so"] + ffmpegLibraries

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
