import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Hostile and broken movies built box by box: each is one clear error or a partial
/// reading, never a crash, a hang or a read of `mdat`.
@Suite struct MovieBoxesBadInputTests {
    static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
        be32(UInt32(content.count + 8)) + Array(type.utf8) + content
    }

    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    static func be64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }

    static let fileType = box("ftyp", Array("qt  ".utf8) + be32(0) + Array("qt  ".utf8))

    /// A version-0 movie header: timescale 600, `duration` ticks, created at `created` (1904 seconds).
    static func movieHeader(duration: UInt32 = 1200, created: UInt32 = 0) -> [UInt8] {
        box(
            "mvhd",
            [0, 0, 0, 0] + be32(created) + be32(created) + be32(600) + be32(duration) + [UInt8](repeating: 0, count: 80)
        )
    }

    func read(_ bytes: [UInt8]) -> Result<MovieFacts, MovieReadError> {
        Result { () throws(MovieReadError) in try MovieBoxes.read(bytes: bytes) }
    }

    @Test func noMovieHeaderAtAll() {
        let cut = Self.fileType + Self.box("mdat", [UInt8](repeating: 7, count: 1000))
        #expect(read(cut) == .failure(MovieReadError("no movie header (truncated recording?)")))
        #expect(read(Self.fileType) == .failure(.noMovieHeader))
        #expect(read([]) == .failure(.noMovieHeader))
    }

    @Test func movieHeaderAfterACutMediaBox() {
        // The recording stopped while `mdat` was written: its size runs past the end, `moov` never came.
        var bytes = Self.fileType + Self.be32(1_000_000) + Array("mdat".utf8) + [UInt8](repeating: 1, count: 500)
        bytes += Self.box("moov", Self.movieHeader())
        #expect(read(bytes) == .failure(.noMovieHeader))
    }

    @Test func movieBoxCutShort() {
        let movie = Self.box("moov", Self.movieHeader() + Self.box("trak", [UInt8](repeating: 0, count: 64)))
        #expect(read(Self.fileType + movie.dropLast(10)) == .failure(.noMovieHeader))
    }

    @Test func largeSizesAndSizeZero() throws {
        // mdat with a 64-bit size, then moov running to the end (size 0).
        let media = Self.be32(1) + Array("mdat".utf8) + Self.be64(16 + 100) + [UInt8](repeating: 0, count: 100)
        let movieContent = Self.movieHeader(duration: 1800)
        let movie = Self.be32(0) + Array("moov".utf8) + movieContent
        let facts = try read(Self.fileType + media + movie).get()
        #expect(facts.duration == 3)
        // A 64-bit size past the end is a cut, not a crash.
        let huge = Self.be32(1) + Array("mdat".utf8) + Self.be64(UInt64.max) + [UInt8](repeating: 0, count: 8)
        #expect(read(Self.fileType + huge) == .failure(.noMovieHeader))
        // A size smaller than its header.
        #expect(read(Self.fileType + Self.be32(4) + Array("moov".utf8)) == .failure(.noMovieHeader))
    }

    @Test func zeroLengthChildBoxesEndTheWalk() throws {
        // A child of size 0 runs to the end of its parent; the header before it is kept.
        let movie = Self.box("moov", Self.movieHeader() + Self.be32(0) + Array("trak".utf8))
        let facts = try read(Self.fileType + movie).get()
        #expect(facts.duration == 2)
        #expect(facts.videoCodec == nil)
    }

    @Test func aMillionTinyBoxesAreRefused() {
        var content = Self.movieHeader()
        content.reserveCapacity(8_000_100)
        let tiny = Self.box("free", [])
        for _ in 0..<1_000_000 { content += tiny }
        #expect(read(Self.fileType + Self.box("moov", content)) == .failure(.tooManyBoxes))
    }

    @Test func deepNestingIsRefused() {
        var nested = Self.box("stbl", [])
        for _ in 0..<40 { nested = Self.box("minf", nested) }
        let movie = Self.box("moov", Self.movieHeader() + Self.box("trak", Self.box("mdia", nested)))
        #expect(read(Self.fileType + movie) == .failure(.tooDeep))
    }

    @Test func manyTopLevelBoxesEndTheWalk() {
        var bytes = Self.fileType
        for _ in 0..<(MovieBoxes.topLevelLimit + 10) { bytes += Self.box("free", []) }
        bytes += Self.box("moov", Self.movieHeader())
        #expect(read(bytes) == .failure(.noMovieHeader))
    }

    @Test func tablesThatLieAboutTheirCounts() throws {
        // stts claiming four billion entries in 16 bytes; keys claiming as many.
        let stts = Self.box("stts", [0, 0, 0, 0] + Self.be32(.max) + Self.be32(10) + Self.be32(20))
        let handler = Self.box(
            "hdlr", [0, 0, 0, 0] + Self.be32(0) + Array("vide".utf8) + [UInt8](repeating: 0, count: 12))
        let mediaHeader = Self.box(
            "mdhd", [0, 0, 0, 0] + Self.be32(0) + Self.be32(0) + Self.be32(600) + Self.be32(200) + [0, 0, 0, 0])
        let track = Self.box("trak", Self.box("mdia", mediaHeader + handler + Self.box("minf", Self.box("stbl", stts))))
        let keys = Self.box("keys", [0, 0, 0, 0] + Self.be32(.max) + Self.be32(9) + Array("mdta".utf8) + [0x41])
        let meta = Self.box("meta", Self.box("hdlr", [UInt8](repeating: 0, count: 24)) + keys + Self.box("ilst", []))
        let facts = try read(Self.fileType + Self.box("moov", Self.movieHeader() + track + meta)).get()
        #expect(facts.frameRate == 30)
        #expect(facts.videoCodec == nil)
    }
}
