import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoSupport

@Suite struct ContentHashTests {
    /// xxHash's sanity buffer (byte i is the top byte of PRIME32 * PRIME64^i), long enough for
    /// every XXH3 path: 0, 1–3, 4–8, 9–16, 17–128, 129–240 and several 1024-byte blocks.
    static let sanityBuffer: [UInt8] = {
        var generator: UInt64 = 2_654_435_761
        return (0..<2100).map { _ in
            defer { generator &*= 11_400_714_785_074_694_797 }
            return UInt8(generator >> 56)
        }
    }()

    static func hash(prefix length: Int) -> ContentHash {
        sanityBuffer.withUnsafeBytes { ContentHash.of(UnsafeRawBufferPointer(rebasing: $0[..<length])) }
    }

    /// Values `xxhsum -H2` (xxHash 0.8.1) printed for prefixes of the sanity buffer, frozen so
    /// that the hash stays checked where xxhsum is not installed.
    @Test(
        arguments: [
            (0, "99aa06d3014798d86001c324468d497f"), (1, "a6cd5e9392000f6ac44bdff4074eecdb"),
            (3, "20efc49ff02422ea54247382a8d6b94d"), (4, "970d585ac632bf8e2e7d8d6876a39fe9"),
            (8, "47a7f080d82bb45664c69cab4bb21dc5"), (9, "564ef6078950d457ed7ccbc501eb7501"),
            (16, "c68c368ecf8a9c05562980258a998629"), (17, "955fa78643ed3669abbc12d11973d7db"),
            (33, "3103c192ceaa2dede593bc4e5914c9d1"), (65, "6c074d65e54db85afe2f650fa500ec6e"),
            (97, "09dff37faa6b284c7c87228ae9671ba7"), (128, "39992220e045260aebb15e34a7fb5ab1"),
            (129, "03815fc91f1b30b686c9e3bc8f0a3b5c"), (200, "e76ff4780fe18439eb060f1bb3126f5a"),
            (240, "aa4202daa2769dc85c9aae94c8ebe5a0"), (241, "99a80ecf0ecfc647c5a639ecd2030e5e"),
            (256, "8b1c66091423d28855de574ad89d0ac5"), (1024, "0d30d24071c64c57dd85c9b5c1109c5c"),
            (1025, "fd3ee4fe7f2954c6d870c0fa13211c6a"), (1088, "e0fa3b9e9fb69d83cc1450ea6b52a8f4"),
            (2048, "f736557fd47073a5dd59e2c3a5f038e0"), (2049, "4cd2bd192f2d70bdd3afa4329779b921"),
            (2099, "ad48ae0a0951dc52c6b9d9b3fc9ac765"),
        ] as [(Int, String)])
    func frozenVectors(length: Int, expected: String) {
        #expect(Self.hash(prefix: length).description == expected)
        #expect(ContentHash(hex: expected) == Self.hash(prefix: length))
    }

    /// Every length from 0 to 2099 against xxhsum itself, when installed: one file per length,
    /// one xxhsum run over all of them.
    @Test func everyLengthMatchesXxhsum() throws {
        guard let xxhsum = Self.xxhsum else {
            print("ContentHashTests: xxhsum not installed; only the frozen vectors were checked")
            return
        }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let lengths = Array(0..<Self.sanityBuffer.count)
        for length in lengths {
            try folder.write(Array(Self.sanityBuffer[..<length]), named: "\(length)")
        }
        let printed = try Self.run(xxhsum, ["-H2"] + lengths.map { folder.path.appending("\($0)").description })
        let expected = lengths.map { Self.hash(prefix: $0).description }
        #expect(printed == expected)
    }

    /// Pieces of every size give the one-shot hash: the stream carries partial stripes, blocks and
    /// the last stripe's bytes from before its pending tail across `update` calls.
    @Test(arguments: [1, 3, 63, 64, 65, 200, 255, 256, 257, 1000, 1024])
    func streamingInPiecesMatchesOneShot(pieceSize: Int) {
        for length in [0, 5, 240, 241, 300, 1023, 1024, 1025, 1087, 2048, 2099] {
            var hasher = ContentHasher()
            Self.sanityBuffer.withUnsafeBytes { bytes in
                var offset = 0
                while offset < length {
                    let end = min(length, offset + pieceSize)
                    hasher.update(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
                    offset = end
                }
            }
            #expect(hasher.finish() == Self.hash(prefix: length), "length \(length) in pieces of \(pieceSize)")
        }
    }

    /// A multi-megabyte file read in chunks: its hash, its size, and xxhsum's when installed.
    @Test func multiMegabyteFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var generator: UInt64 = 0x9E37_79B9_7F4A_7C15
        let size = 3 * ContentHash.readChunkSize + 4_321
        let bytes = (0..<size).map { _ in
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: generator >> 33)
        }
        let file = try folder.write(bytes, named: "big.bin")
        let (hash, hashedSize) = try ContentHash.ofFile(at: file)
        #expect(hashedSize == Int64(size))
        #expect(hash == ContentHash.of(bytes))
        #expect(hash.description == "b60e2317852b0ef25e97908350ed00e5")
        if let xxhsum = Self.xxhsum {
            #expect(try Self.run(xxhsum, ["-H2", file.description]) == [hash.description])
        }
    }

    @Test func hexParsing() {
        #expect(ContentHash(hex: "ABCDEF0123456789abcdef0123456789")?.description == "abcdef0123456789abcdef0123456789")
        #expect(ContentHash(hex: "abc") == nil)
        #expect(ContentHash(hex: "g" + String(repeating: "0", count: 31)) == nil)
    }

    @Test func missingFileThrows() {
        #expect(throws: FileSystemError.self) { try ContentHash.ofFile(at: RawPath("/nonexistent/photolib-hash")) }
    }

    static let xxhsum: URL? = ["/usr/bin/xxhsum", "/usr/local/bin/xxhsum"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }.map { URL(fileURLWithPath: $0) }

    /// The hashes xxhsum prints, one per file, in the order given.
    static func run(_ tool: URL, _ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { String($0.prefix(32)) }
    }
}
