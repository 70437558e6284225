import Foundation
import PhotoTestSupport
import Testing

/// Odd file names through the binary: indexed, listed as JSON Lines and as templates, and
/// read back by `action … -` from standard input, byte for byte, whichever store holds the catalog.
@Suite struct NamesAndPathsTests {
    /// Names as bytes: what a shell, a camera or an old Windows disk may leave behind.
    static let oddNames: [(label: String, bytes: [UInt8])] = [
        ("spaces", Array("with  two spaces .jpg".utf8)),
        ("newline", Array("new\nline.jpg".utf8)),
        ("quotes", Array("quote\"d 'single' \\back.jpg".utf8)),
        ("latin-1", Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)),
        ("255 bytes", Array(String(repeating: "l", count: 251).utf8) + Array(".jpg".utf8)),
        (
            "100 levels",
            Array((1...100).map { String(format: "level-%03d/", $0) }.joined().utf8) + Array("deep.jpg".utf8)
        ),
    ]

    /// Writes `contents` at `relative` (bytes) under `root`, making folders, with POSIX calls:
    /// Foundation's file APIs take names as text and cannot make the Latin-1 one.
    static func create(_ contents: Data, at relative: [UInt8], under root: URL) throws {
        var path = Array(root.path.utf8) + [UInt8(ascii: "/")]
        let parts = relative.split(separator: UInt8(ascii: "/"))
        for folder in parts.dropLast() {
            path += folder
            _ = (path + [0]).withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) }
            }
            path.append(UInt8(ascii: "/"))
        }
        path += parts.last!
        let descriptor = (path + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        try #require(descriptor >= 0, "cannot create \(String(decoding: relative, as: UTF8.self)): errno \(errno)")
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == contents.count)
    }

    static func oddLibrary(_ backend: CatalogBackend = .sqlite) throws -> TestLibrary {
        let library = try TestLibrary()
        let photo = try Data(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/no-exif.jpg"))
        for name in oddNames { try create(photo, at: name.bytes, under: library.root) }
        #expect(try BinaryRunner.run(["init"] + backend.initArguments() + [library.root.path]).status == 0)
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        #expect(index.stdout == "added 6, updated 0, moved 0, unchanged 0, missing 0, failed 0\n")
        return library
    }

    /// The lines of `list --jsonl`, as bytes.
    static func jsonLines(_ library: TestLibrary, _ extra: [String] = []) throws -> [[UInt8]] {
        let result = try library.runRaw(["list", "--jsonl"] + extra)
        #expect(result.status == 0)
        return result.stdout.split(separator: UInt8(ascii: "\n")).map(Array.init)
    }

    @Test(arguments: CatalogBackend.all)
    func everyOddNameRoundTripsThroughJSONLinesAndStandardInput(_ backend: CatalogBackend) throws {
        let library = try Self.oddLibrary(backend)
        let lines = try Self.jsonLines(library)
        #expect(lines.count == 6)
        let text = lines.map { String(decoding: $0, as: UTF8.self) }
        // The escapes the man page documents: \u000a for the newline, \" and \\, \udcXX for a byte that is not UTF-8.
        #expect(text.contains { $0.contains(#""relativePath":"new\u000aline.jpg""#) })
        #expect(text.contains { $0.contains(#""relativePath":"quote\"d 'single' \\back.jpg""#) })
        #expect(text.contains { $0.contains(#""relativePath":"caf\udce9.jpg""#) })
        #expect(text.contains { $0.contains(#""fileName":""# + String(repeating: "l", count: 251) + #".jpg""#) })
        #expect(text.contains { $0.contains(#"level-100/deep.jpg""#) })

        // Every line, as list wrote it, names its asset on stdin.
        let stdin = Data(lines.joined(separator: [UInt8(ascii: "\n")]) + [UInt8(ascii: "\n")])
        let favourite = try library.run(["action", "favourite", "-"], stdin: stdin)
        #expect(favourite.status == 0, "\(favourite.stderr)")
        #expect(try Self.jsonLines(library, ["--favourite"]).count == 6)
    }

    @Test(arguments: CatalogBackend.all) func pathLinesNameTheirAssetsByteForByte(_ backend: CatalogBackend) throws {
        let library = try Self.oddLibrary(backend)
        _ = try library.run(
            ["action", "favourite", "-"],
            stdin: Data(try Self.jsonLines(library).joined(separator: [UInt8(ascii: "\n")])))
        // `{path}` is written as the name's exact bytes: every name without a newline is one
        // exact line of it, the Latin-1 one included.
        let paths = try library.runRaw(["list", "--format", "{path}"])
        let pathLines = paths.stdout.split(separator: UInt8(ascii: "\n")).map(Array.init)
        let oneLineNames = pathLines.filter { line in
            Self.oddNames.contains {
                $0.label != "newline" && line == Array(library.root.path.utf8) + [UInt8(ascii: "/")] + $0.bytes
            }
        }
        #expect(oneLineNames.count == 5)
        let result = try library.run(
            ["action", "unfavourite", "-"],
            stdin: Data(oneLineNames.joined(separator: [UInt8(ascii: "\n")]) + [UInt8(ascii: "\n")]))
        #expect(result.status == 0, "\(result.stderr)")
        let stillFavourite = try Self.jsonLines(library, ["--favourite"]).map { String(decoding: $0, as: UTF8.self) }
        #expect(stillFavourite.count == 1)
        #expect(stillFavourite.contains { $0.contains(#""fileName":"new\u000aline.jpg""#) })

        // The Latin-1 path as a raw line of bytes (relative to the library), then its JSON line.
        let relative = Data(Self.oddNames[3].bytes + [UInt8(ascii: "\n")])
        #expect(try library.run(["action", "unfavourite", "-"], stdin: relative).status == 0)
        #expect(try Self.jsonLines(library, ["--favourite"]).count == 1)
        let latinLine = try #require(
            try Self.jsonLines(library).first {
                String(decoding: $0, as: UTF8.self).contains(#"caf\udce9.jpg"#)
            })
        #expect(try library.run(["action", "favourite", "-"], stdin: Data(latinLine)).status == 0)
        #expect(try Self.jsonLines(library, ["--favourite"]).count == 2)
        // And verify finds nothing wrong with any of them.
        #expect(try library.run(["verify"]).status == 0)
    }
}
