import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

@Suite struct JPEGMarkerReaderTests {
    typealias S = SyntheticJPEG

    func walk(_ bytes: [UInt8]) -> JPEGMarkerReader.Walk {
        bytes.withUnsafeBytes { JPEGMarkerReader.walk(bytes: $0) }
    }

    @Test func findsFrameSegmentsAndFirstScan() throws {
        let exif = S.segment(0xE1, Array("Exif".utf8) + [0, 0] + [UInt8](repeating: 7, count: 30))
        let xmp = S.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array("<x:xmpmeta/>".utf8))
        let icc = S.segment(0xE2, Array("ICC_PROFILE".utf8) + [0, 1, 1] + [UInt8](repeating: 0, count: 128))
        let photoshop = S.segment(0xED, Array("Photoshop 3.0".utf8) + [0] + Array("8BIM".utf8))
        let adobe = S.segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1])
        let comment = S.segment(0xFE, Array("hello".utf8))
        let unknown = S.segment(0xE5, [1, 2, 3])
        let bytes = S.jpeg(
            segments: [S.jfif, exif, xmp, icc, photoshop, adobe, comment, unknown], width: 4000, height: 3000)
        let result = walk(bytes)

        #expect(result.stop == .scan)
        #expect(result.strayByteCount == 0)
        #expect(
            result.layout.frame
                == JPEGFrameHeader(marker: 0xC0, precision: 8, width: 4000, height: 3000, componentCount: 3))
        #expect(
            result.layout.segments.map(\.kind) == [
                .jfif, .exif, .xmp, .iccProfile, .photoshop, .adobe, .comment, .other,
            ])
        #expect(result.layout.segments.map(\.marker) == [0xE0, 0xE1, 0xE1, 0xE2, 0xED, 0xEE, 0xFE, 0xE5])
        // Offsets and lengths point exactly at each payload.
        var position = 2
        for (segment, raw) in zip(result.layout.segments, [S.jfif, exif, xmp, icc, photoshop, adobe, comment, unknown])
        {
            #expect(segment.payloadOffset == Int64(position + 4))
            #expect(segment.payloadLength == raw.count - 4)
            #expect(segment.isComplete)
            #expect(Array(bytes[position..<position + raw.count]) == raw)
            position += raw.count
        }
        let scanOffset = try #require(result.layout.firstScanOffset)
        #expect(Array(bytes[Int(scanOffset)..<Int(scanOffset) + 2]) == [0xFF, 0xDA])
        #expect(result.layout.hasImageData)
    }

    @Test func recognisesEveryFrameMarkerAndNothingElse() {
        for marker in UInt8(0xC0)...0xCF {
            let bytes =
                S.startOfImage + S.frame(width: 10, height: 20, components: 1, marker: marker) + S.scan() + S.endOfImage
            if [0xC4, 0xC8, 0xCC].contains(marker) {
                // DHT, JPG and DAC are not frames: the file has no frame header.
                #expect(walk(bytes).layout.frame == nil, "marker \(marker)")
            } else {
                #expect(walk(bytes).layout.frame?.width == 10, "marker \(marker)")
                #expect(walk(bytes).layout.frame?.isProgressive == [0xC2, 0xC6, 0xCA, 0xCE].contains(marker))
            }
        }
    }

    @Test func segmentLengthPastEndOfFile() {
        let bytes = S.startOfImage + [0xFF, 0xE1, 0x20, 0x00] + Array("Exif".utf8) + [0, 0, 1, 2, 3]
        let result = walk(bytes)
        #expect(result.stop == .endOfFile)
        #expect(result.layout.frame == nil)
        #expect(
            result.layout.segments == [
                JPEGSegment(marker: 0xE1, kind: .exif, payloadOffset: 6, payloadLength: 0x1FFE, isComplete: false)
            ])
        #expect(!result.layout.hasImageData)
    }

    @Test(arguments: [0, 1])
    func segmentLengthBelowTwo(length: Int) {
        let bytes =
            S.startOfImage + S.jfif + [0xFF, 0xE2, 0x00, UInt8(length)] + S.frame(width: 8, height: 8) + S.scan()
        let result = walk(bytes)
        #expect(result.stop == .bogusSegment(offset: Int64(2 + S.jfif.count)))
        #expect(result.layout.frame == nil)
        #expect(result.layout.segments.map(\.kind) == [.jfif])
    }

    @Test func onlyStartOfImage() {
        let result = walk(S.startOfImage)
        #expect(result.stop == .endOfFile)
        #expect(result.layout == JPEGLayout())
    }

    @Test func fillBytesBeforeMarkers() {
        let fill = [UInt8](repeating: 0xFF, count: 7)
        let bytes =
            S.startOfImage + fill + S.jfif + fill + S.quantisationTable + fill + S.frame(width: 33, height: 44) + fill
            + S.scan()
        let result = walk(bytes)
        #expect(result.stop == .scan)
        #expect(result.strayByteCount == 0)
        #expect(result.layout.frame?.width == 33)
        #expect(result.layout.segments.first?.kind == .jfif)
    }

    @Test func startOfScanBeforeFrame() {
        let bytes = S.startOfImage + S.jfif + S.scan() + S.frame(width: 8, height: 8) + S.endOfImage
        let result = walk(bytes)
        #expect(result.stop == .scan)
        #expect(result.layout.frame == nil)
        #expect(result.layout.firstScanOffset == Int64(2 + S.jfif.count))
        #expect(!result.layout.hasImageData)
    }

    @Test func endOfImageBeforeAnyScan() {
        let result = walk(S.startOfImage + S.frame(width: 8, height: 8) + S.endOfImage + S.scan())
        #expect(result.stop == .endOfImage)
        #expect(result.layout.frame?.width == 8)
        #expect(result.layout.firstScanOffset == nil)
    }

    @Test func strayBytesAndStandaloneMarkersAreSkipped() {
        let garbage: [UInt8] = [0x00, 0x12, 0x34]
        let standalone: [UInt8] = [0xFF, 0xD0, 0xFF, 0x01, 0xFF, 0xD8, 0xFF, 0x00]
        let bytes = S.startOfImage + S.jfif + garbage + standalone + S.frame(width: 5, height: 6) + S.scan()
        let result = walk(bytes)
        #expect(result.stop == .scan)
        #expect(result.strayByteCount == garbage.count + 2)
        #expect(result.layout.frame?.height == 6)
    }

    @Test func frameHeaderTooShort() {
        let bytes = S.startOfImage + S.segment(0xC0, [8, 0, 16, 0]) + S.scan()
        #expect(walk(bytes).stop == .bogusSegment(offset: 2))
        #expect(walk(bytes).layout.frame == nil)
    }

    /// Every prefix of a valid file: no crash, no read past the end, and image data exactly
    /// when the cut comes after the SOS marker's first two bytes.
    @Test func everyTruncationIsSafe() throws {
        let bytes = S.jpeg(segments: [S.jfif, S.segment(0xE1, Array("Exif".utf8) + [0, 0, 1, 2])], scanBytes: 16)
        let scanOffset = try #require(walk(bytes).layout.firstScanOffset)
        for length in 2...bytes.count {
            let result = walk(Array(bytes[..<length]))
            #expect(result.layout.hasImageData == (length >= Int(scanOffset) + 2), "cut at \(length)")
        }
    }

    /// Random damage to a valid file: the walk always ends, and every byte it asks for is
    /// inside the file.
    @Test func randomDamageNeverReadsOutOfBounds() {
        let original = S.jpeg(segments: [
            S.jfif, S.segment(0xE1, Array("Exif".utf8) + [0, 0] + [UInt8](repeating: 9, count: 300)),
        ])
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<Int(generator.next() % 6) + 1 {
                let index = 2 + Int(generator.next() % UInt64(bytes.count - 2))
                bytes[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            let headLength = 2 + Int(generator.next() % UInt64(bytes.count - 1))
            let reader = RecordingReader(bytes: bytes)
            let result = bytes.withUnsafeBytes {
                JPEGMarkerReader.walk(
                    head: UnsafeRawBufferPointer(rebasing: $0[..<headLength]), fileSize: Int64(bytes.count),
                    reader: reader)
            }
            #expect(reader.outOfBounds == 0)
            #expect(result.layout.segments.allSatisfy { $0.payloadOffset <= Int64(bytes.count) })
        }
    }

    // MARK: - Reading past the head

    @Test func segmentsPastTheHeadAreReadThroughTheReader() throws {
        let icc = (0..<5).map { _ in
            S.segment(0xE2, Array("ICC_PROFILE".utf8) + [0] + [UInt8](repeating: 0xAB, count: 60_000))
        }
        let exif = S.segment(0xE1, Array("Exif".utf8) + [0, 0] + [UInt8](repeating: 1, count: 100))
        let bytes = S.jpeg(segments: icc + [exif], width: 1234, height: 567)
        let reader = RecordingReader(bytes: bytes)
        let result = bytes.withUnsafeBytes {
            JPEGMarkerReader.walk(
                head: UnsafeRawBufferPointer(rebasing: $0[..<65_536]), fileSize: Int64(bytes.count), reader: reader)
        }
        #expect(result.stop == .scan)
        #expect(result.layout.frame?.width == 1234)
        #expect(
            result.layout.segments.map(\.kind) == [
                .iccProfile, .iccProfile, .iccProfile, .iccProfile, .iccProfile, .exif,
            ])
        #expect(reader.outOfBounds == 0)
        // Small windows at each header past the head, not the 300 KB in between.
        #expect(reader.bytesRead < 64 * 1024)
        #expect(reader.bytesRead > 0)
    }

    @Test func fetchBudgetStopsAnEndlessChainOfSegments() {
        // 4 MB of tiny comment segments and no frame: the walk must give up at the budget.
        var bytes = S.startOfImage
        let comment = S.segment(0xFE, [0x20])
        bytes.reserveCapacity(4 << 20)
        while bytes.count < 4 << 20 { bytes += comment }
        let reader = RecordingReader(bytes: bytes)
        let result = bytes.withUnsafeBytes {
            JPEGMarkerReader.walk(
                head: UnsafeRawBufferPointer(rebasing: $0[..<65_536]), fileSize: Int64(bytes.count),
                reader: reader, fetchBudget: 256 * 1024)
        }
        #expect(result.stop == .budgetExhausted)
        #expect(reader.bytesRead <= 256 * 1024)
    }

    @Test func readErrorIsReported() {
        let bytes = S.jpeg(segments: [S.segment(0xFE, [UInt8](repeating: 0x20, count: 65_000)), S.segment(0xFE, [1])])
        let result = bytes.withUnsafeBytes {
            JPEGMarkerReader.walk(
                head: UnsafeRawBufferPointer(rebasing: $0[..<60_000]), fileSize: Int64(bytes.count),
                reader: FailingReader())
        }
        #expect(result.stop == .readError(EIO))
    }
}

/// Serves reads from an array and records what was asked, so tests can check bounds.
final class RecordingReader: PositionalReader, @unchecked Sendable {
    let bytes: [UInt8]
    private(set) var bytesRead = 0
    private(set) var outOfBounds = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard offset >= 0, offset < Int64(bytes.count), offset + Int64(buffer.count) <= Int64(bytes.count) else {
            outOfBounds += 1
            return -1
        }
        let count = buffer.count
        bytes.withUnsafeBytes {
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[Int(offset)..<Int(offset) + count]))
        }
        bytesRead += count
        return count
    }
}

struct FailingReader: PositionalReader {
    func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        errno = EIO
        return -1
    }
}

/// A small deterministic generator, so that a failing damage case can be replayed.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
