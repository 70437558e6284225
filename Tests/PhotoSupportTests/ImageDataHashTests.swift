import Testing

@testable import PhotoSupport

/// The image-data hash taken partly from the fingerprint's windows must be the hash read
/// from the file, for every placement of the region against the windows.
@Suite struct ImageDataHashTests {
    /// A file in memory that counts the bytes asked of it.
    final class CountingReader: PositionalReader {
        let bytes: [UInt8]
        var bytesRead = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int {
            guard offset >= 0, offset <= Int64(bytes.count) else { return 0 }
            let count = min(buffer.count, bytes.count - Int(offset))
            bytes.withUnsafeBytes { source in
                buffer.baseAddress!.copyMemory(from: source.baseAddress! + Int(offset), byteCount: count)
            }
            bytesRead += count
            return count
        }
    }

    static let window = ContentFingerprint.windowSize

    static func file(size: Int) -> [UInt8] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(size + 1)
        return (0..<size).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    /// Both hashes of `offset..<fileSize`, and the bytes the windowed one read beyond the windows.
    static func hashes(size: Int, offset: Int) -> (read: String?, windowed: String?, extraBytes: Int) {
        let bytes = file(size: size)
        let plain = ImageDataHash.of(region: Int64(offset), length: Int64(size - offset), reader: CountingReader(bytes))
        let reader = CountingReader(bytes)
        let windowed = bytes.withUnsafeBytes { all -> String? in
            let isSmall = size <= 2 * window
            let windows = ContentFingerprint.Windows(
                head: UnsafeRawBufferPointer(rebasing: all[..<(isSmall ? size : window)]),
                tail: isSmall ? nil : UnsafeRawBufferPointer(rebasing: all[(size - window)...]),
                fileSize: Int64(size))
            return ImageDataHash.of(
                region: Int64(offset), length: Int64(size - offset), windows: windows, reader: reader)
        }
        return (plain, windowed, reader.bytesRead)
    }

    @Test(arguments: [1, 100, 65_535, 65_536, 65_537, 131_072, 131_073, 150_000, 196_608, 400_000, 1_000_003])
    func sameHashWhereverTheRegionLies(size: Int) {
        let offsets = [
            0, 1, 2, 6_073, Self.window - 1, Self.window, Self.window + 1, size / 2, size - Self.window - 1,
            size - Self.window, size - 1,
        ]
        for offset in Set(offsets) where offset >= 0 && offset < size {
            let (plain, windowed, _) = Self.hashes(size: size, offset: offset)
            #expect(plain != nil)
            #expect(windowed == plain, "size \(size), region at \(offset)")
        }
    }

    @Test func aPhotoSizedFileReadsOnlyWhatItsWindowsLack() {
        // A 347 KB JPEG whose scan starts at 6,073 bytes: the region's first window runs 6,073
        // bytes past the fingerprint's head, and its last window is the fingerprint's tail.
        let (plain, windowed, extra) = Self.hashes(size: 347_000, offset: 6_073)
        #expect(windowed == plain)
        #expect(extra == 6_073)
        // A file hashed whole by its fingerprint is not read at all.
        #expect(Self.hashes(size: 100_000, offset: 6_073).extraBytes == 0)
    }

    @Test func aFileCutShortSinceItsWindowsWereReadGivesNoHash() {
        let bytes = Self.file(size: 300_000)
        // The region's first window lies past the head; the file now ends before it does.
        let reader = CountingReader(Array(bytes[..<100_000]))
        let windowed = bytes.withUnsafeBytes { all in
            ImageDataHash.of(
                region: 70_000, length: 300_000 - 70_000,
                windows: ContentFingerprint.Windows(
                    head: UnsafeRawBufferPointer(rebasing: all[..<Self.window]),
                    tail: UnsafeRawBufferPointer(rebasing: all[(300_000 - Self.window)...]), fileSize: 300_000),
                reader: reader)
        }
        #expect(windowed == nil)
        #expect(reader.bytesRead == 30_000)
    }

    /// Two hashers fed the same bytes at once give what each gives fed alone, whatever each
    /// has pending before (the same count or not) and however many bytes follow.
    @Test func bothAtOnceHashAsEachAlone() {
        let bytes = Self.file(size: 4_099)
        bytes.withUnsafeBytes { all in
            for (firstLead, secondLead) in [(0, 0), (8, 8), (8, 40), (31, 31), (1, 2), (33, 1), (5, 0)] {
                for count in [0, 1, 7, 24, 31, 32, 33, 64, 100, 1_000, 4_000] {
                    var first = ContentFingerprint.XXH64()
                    var second = ContentFingerprint.XXH64(seed: 7)
                    first.update(UnsafeRawBufferPointer(rebasing: all[..<firstLead]))
                    second.update(UnsafeRawBufferPointer(rebasing: all[50..<(50 + secondLead)]))
                    var firstAlone = first
                    var secondAlone = second
                    let shared = UnsafeRawBufferPointer(rebasing: all[99..<(99 + count)])
                    ContentFingerprint.XXH64.update(&first, &second, both: shared)
                    firstAlone.update(shared)
                    secondAlone.update(shared)
                    #expect(first.finish() == firstAlone.finish(), "\(firstLead) \(secondLead) \(count)")
                    #expect(second.finish() == secondAlone.finish(), "\(firstLead) \(secondLead) \(count)")
                }
            }
        }
    }

    /// The fingerprint and image-data hash made together are those made apart, for regions
    /// that end with the file (sharing the tail) and regions that do not.
    @Test(arguments: [100, 131_072, 131_073, 150_000, 196_609, 400_000, 1_000_003])
    func fingerprintAndImageDataHashTogetherAsApart(size: Int) {
        let bytes = Self.file(size: size)
        bytes.withUnsafeBytes { all in
            let isSmall = size <= 2 * Self.window
            let windows = ContentFingerprint.Windows(
                head: UnsafeRawBufferPointer(rebasing: all[..<(isSmall ? size : Self.window)]),
                tail: isSmall ? nil : UnsafeRawBufferPointer(rebasing: all[(size - Self.window)...]),
                fileSize: Int64(size))
            for offset in Set([0, 1, 6_073, Self.window, size / 3, size - 2 * Self.window - 1, size - 1])
            where offset >= 0 && offset < size {
                for length in Set([size - offset, (size - offset) / 2]) where length > 0 {
                    let together = windows.fingerprintAndImageDataHash(
                        region: Int64(offset), length: Int64(length), reader: CountingReader(bytes))
                    let apart = ImageDataHash.of(
                        region: Int64(offset), length: Int64(length), reader: CountingReader(bytes))
                    #expect(together.fingerprint == windows.fingerprint, "\(size) \(offset) \(length)")
                    #expect(together.imageDataHash == apart, "\(size) \(offset) \(length)")
                    #expect(apart != nil)
                }
            }
        }
    }
}
