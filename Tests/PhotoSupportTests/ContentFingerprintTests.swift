import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

@Suite struct ContentFingerprintTests {
    typealias XXH64 = ContentFingerprint.XXH64

    /// xxHash's own sanity buffer: byte i is the top byte of PRIME32 * PRIME64^i.
    static let sanityBuffer: [UInt8] = {
        var generator: UInt64 = 2_654_435_761
        return (0..<2367).map { _ in
            defer { generator &*= 11_400_714_785_074_694_797 }
            return UInt8(generator >> 56)
        }
    }()

    @Test(
        arguments: [
            (0, 0, 0xEF46_DB37_51D8_E999),
            (0, 2_654_435_761, 0xAC75_FDA2_929B_17EF),
            (1, 0, 0xE934_A84A_DB05_2768),
            (1, 2_654_435_761, 0x5014_6076_43A9_B4C3),
            (14, 0, 0x8282_DCC4_994E_35C8),
            (14, 2_654_435_761, 0xC3BD_6BF6_3DEB_6DF0),
            (222, 0, 0xB641_AE8C_B691_C174),
            (222, 2_654_435_761, 0x20CB_8AB7_AE10_C14A),
        ] as [(Int, UInt64, UInt64)])
    func publishedSanityVectors(length: Int, seed: UInt64, expected: UInt64) {
        let hash = Self.sanityBuffer.withUnsafeBytes {
            XXH64.hash(UnsafeRawBufferPointer(rebasing: $0[..<length]), seed: seed)
        }
        #expect(hash == expected)
    }

    @Test(
        arguments: [
            ("", 0xEF46_DB37_51D8_E999),
            ("a", 0xD24E_C4F1_A98C_6E5B),
            ("abc", 0x44BC_2CF5_AD77_0999),
            ("message digest", 0x066E_D728_FCEE_B3BE),
            ("abcdefghijklmnopqrstuvwxyz", 0xCFE1_F278_FA89_835C),
            (String(repeating: "1234567890", count: 8), 0xE04A_477F_19EE_145D),
        ] as [(String, UInt64)])
    func publishedStringVectors(text: String, expected: UInt64) {
        #expect(Array(text.utf8).withUnsafeBytes { XXH64.hash($0) } == expected)
    }

    @Test func streamingInPiecesEqualsOneShot() {
        let bytes = Self.sanityBuffer
        let whole = bytes.withUnsafeBytes { XXH64.hash($0) }
        // Every split point in the first 70 bytes and a spread of others, in three pieces.
        for first in Array(0...70) + [511, 1024, 2000] {
            for second in [first, first + 1, first + 31, first + 33, first + 200] where second <= bytes.count {
                var hasher = XXH64()
                bytes.withUnsafeBytes { buffer in
                    hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<first]))
                    hasher.update(UnsafeRawBufferPointer(rebasing: buffer[first..<second]))
                    hasher.update(UnsafeRawBufferPointer(rebasing: buffer[second...]))
                }
                #expect(hasher.finish() == whole, "split at \(first), \(second)")
            }
        }
    }

    @Test func hashesSizeThenHeadThenTail() {
        let head = Array(Self.sanityBuffer[..<1000])
        let tail = Array(Self.sanityBuffer[1000...])
        let size: Int64 = 0x0102_0304_0506_0708
        let sizeBytes: [UInt8] = [8, 7, 6, 5, 4, 3, 2, 1]
        let expected = (sizeBytes + head + tail).withUnsafeBytes { XXH64.hash($0) }
        let value = head.withUnsafeBytes { h in
            tail.withUnsafeBytes { t in ContentFingerprint.value(size: size, head: h, tail: t) }
        }
        #expect(value == expected)
        let text = head.withUnsafeBytes { h in
            tail.withUnsafeBytes { t in ContentFingerprint.of(size: size, head: h, tail: t) }
        }
        #expect(text == String(expected, radix: 16).leftPadded(to: 16))
    }

    @Test func spellsSixteenLowercaseHexDigits() {
        #expect(ContentFingerprint.hexDigits(0) == "0000000000000000")
        #expect(ContentFingerprint.hexDigits(0x00AB_CDEF_0123_4567) == "00abcdef01234567")
        #expect(ContentFingerprint.hexDigits(.max) == "ffffffffffffffff")
    }

    // MARK: - Which bytes of a file count

    /// A 1 MiB JPEG whose middle is comment segments, so any byte there can change freely.
    static func megabyteJPEG() -> [UInt8] {
        let comments = (0..<16).map { index in
            SyntheticJPEG.segment(0xFE, (0..<65_000).map { UInt8(truncatingIfNeeded: $0 &+ index) })
        }
        var bytes = SyntheticJPEG.jpeg(segments: comments, scanBytes: 2000)
        bytes += [UInt8](repeating: 0x55, count: (1 << 20) - bytes.count)
        return bytes
    }

    @Test func middleOfALargeFileDoesNotCountButSizeAndEndsDo() throws {
        let folder = try TemporaryDirectory()
        let original = Self.megabyteJPEG()
        #expect(original.count == 1 << 20)
        func fingerprint(_ bytes: [UInt8]) throws -> String {
            try ImageFileReader.read(folder.write(bytes, named: "photo.jpg")).fingerprint
        }
        let base = try fingerprint(original)

        var middle = original
        middle[original.count / 2] ^= 0xFF
        #expect(try fingerprint(middle) == base)
        var justInsideHead = original
        justInsideHead[65_535] ^= 0xFF
        #expect(try fingerprint(justInsideHead) != base)
        var justInsideTail = original
        justInsideTail[original.count - 65_536] ^= 0xFF
        #expect(try fingerprint(justInsideTail) != base)
        var justOutside = original
        justOutside[65_536] ^= 0xFF
        justOutside[original.count - 65_537] ^= 0xFF
        #expect(try fingerprint(justOutside) == base)
        #expect(try fingerprint(original + [0x55]) != base)
        // The same bytes under another name and time: the same fingerprint.
        #expect(try ImageFileReader.read(folder.write(original, named: "copy.jpg")).fingerprint == base)
    }

    @Test func smallFileIsHashedWholeOnce() throws {
        let folder = try TemporaryDirectory()
        let bytes = SyntheticJPEG.jpeg(scanBytes: 100_000)
        #expect(bytes.count < 2 * ContentFingerprint.windowSize)
        let reading = try ImageFileReader.read(folder.write(bytes, named: "small.jpg"))
        let expected = bytes.withUnsafeBytes { ContentFingerprint.of(size: Int64(bytes.count), head: $0, tail: nil) }
        #expect(reading.fingerprint == expected)
        // Every part of the scan data counts, up to the last byte (changing the headers would
        // make the file unreadable rather than differently fingerprinted).
        for index in Array(stride(from: bytes.count - 100_000, to: bytes.count, by: 9_973)) + [bytes.count - 1] {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(try ImageFileReader.read(folder.write(changed, named: "small.jpg")).fingerprint != expected)
        }
    }

    /// Index records what `ImageFileReader` computes and verify recomputes it from the windows
    /// alone: both must be the one reading, for small files (read whole) and large ones.
    @Test func windowsGiveTheFingerprintTheImageReaderRecords() throws {
        let folder = try TemporaryDirectory()
        for bytes in [SyntheticJPEG.jpeg(scanBytes: 100_000), Self.megabyteJPEG()] {
            let path = try folder.write(bytes, named: "photo.jpg")
            let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            let windows = ContentFingerprint.withWindows(of: descriptor, size: Int64(bytes.count)) { result in
                result.map { ($0.fingerprint, $0.head.count, $0.tail?.count, $0.fileSize) }
            }
            let (fingerprint, headCount, tailCount, fileSize) = try windows.get()
            #expect(fingerprint == (try ImageFileReader.read(path).fingerprint))
            let isSmall = bytes.count <= 2 * ContentFingerprint.windowSize
            #expect(headCount == (isSmall ? bytes.count : ContentFingerprint.windowSize))
            #expect(tailCount == (isSmall ? nil : ContentFingerprint.windowSize))
            #expect(fileSize == Int64(bytes.count))
            // A file that shrank since its fstat is fingerprinted as what was read.
            let shrunk = ContentFingerprint.withWindows(of: descriptor, size: Int64(bytes.count) + 7) { result in
                result.map(\.fileSize)
            }
            #expect(isSmall ? (try shrunk.get()) == Int64(bytes.count) : shrunk == .failure(.init(code: EIO)))
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
