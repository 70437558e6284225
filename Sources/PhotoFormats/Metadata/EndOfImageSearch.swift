import PhotoSupport

/// Finds whether a JPEG's image data ends with its end-of-image marker (FF D9).
///
/// Entropy-coded data never holds FF D9 (an FF there is followed by 00 or a restart marker),
/// so any FF D9 after the start of the first scan is the marker, possibly followed by junk or
/// a second image, which is common and fine. The marker is nearly always in the last few
/// bytes, so the search starts in the file's last 64 KiB, already read. Card-recovery tools
/// and some old cameras pad files with zeros or FF bytes to a block size, sometimes by more
/// than that: when everything searched is padding, the search goes back through the padding
/// (and only the padding) in 64 KiB steps, then looks for the marker just before it.
/// Cards also leave other data after a sound image (the rest of a block that held an older
/// file): when the tail holds neither the marker nor padding, the scan is searched from its
/// start, front to back, in 1 MiB reads. That costs a read of the file, but only for such files;
/// the first FF D9 is where the decoder stops, so the verdict is the decoder's.
enum EndOfImageSearch {
    static let windowSize = 64 << 10

    /// True when FF D9 ends the image data. `tail` is the file's last bytes (nil when `head`
    /// holds the whole file); `scanOffset` is where the first SOS marker is.
    static func isPresent<Reader: PositionalReader>(
        head: UnsafeRawBufferPointer, tail: UnsafeRawBufferPointer?, fileSize: Int64, scanOffset: Int64,
        reader: Reader
    ) -> Bool {
        let region = tail ?? head
        let regionStart = fileSize - Int64(region.count)
        let searchStart = scanOffset + 2
        let from = Int(max(regionStart, searchStart) - regionStart)
        guard from < region.count else { return false }
        let searched = UnsafeRawBufferPointer(rebasing: region[from...])
        if containsMarker(searched) { return true }
        guard regionStart > searchStart else { return false }
        guard isPadding(searched) else {
            return firstMarker(from: searchStart, before: regionStart + 1, reader: reader)
        }
        guard let lastData = lastNonPadding(before: regionStart, after: searchStart, reader: reader) else {
            return false
        }
        // The marker, with whatever short trailer a camera put after it, just before the padding.
        let windowStart = max(searchStart, lastData + 1 - Int64(windowSize))
        let window = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(lastData + 1 - windowStart), alignment: 1)
        defer { window.deallocate() }
        let count = reader.read(at: windowStart, into: window)
        return count == window.count && containsMarker(UnsafeRawBufferPointer(window))
    }

    /// FF D9 anywhere in `bytes`, searched from the end.
    static func containsMarker(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = bytes.count - 2
        while index >= 0 {
            if bytes[index + 1] == 0xD9, bytes[index] == 0xFF { return true }
            index -= 1
        }
        return false
    }

    /// True when FF D9 starts at an offset in `start..<end - 1` (the byte at `end - 1` may be
    /// the marker's FF, whose D9 lies just past: `end` is one past the last byte read);
    /// false when a read fails.
    private static func firstMarker<Reader: PositionalReader>(
        from start: Int64, before end: Int64, reader: Reader
    ) -> Bool {
        let chunk = 1 << 20
        let window = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk + 1, alignment: 16)
        defer { window.deallocate() }
        var offset = start
        while offset < end - 1 {
            // One byte of overlap, so that a marker split between two reads is seen.
            let length = Int(min(Int64(chunk + 1), end - offset))
            let bytes = UnsafeMutableRawBufferPointer(rebasing: window[..<length])
            guard reader.read(at: offset, into: bytes) == length else { return false }
            var index = 0
            while index < length - 1 {
                if bytes[index] == 0xFF, bytes[index + 1] == 0xD9 { return true }
                index += 1
            }
            offset += Int64(chunk)
        }
        return false
    }

    private static func isPadding(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy { $0 == 0x00 || $0 == 0xFF }
    }

    /// The offset of the last byte before `end` (and from `start` on) that is neither 00 nor
    /// FF; nil when there is none or a read fails.
    private static func lastNonPadding<Reader: PositionalReader>(
        before end: Int64, after start: Int64, reader: Reader
    ) -> Int64? {
        let window = UnsafeMutableRawBufferPointer.allocate(byteCount: windowSize, alignment: 16)
        defer { window.deallocate() }
        var windowEnd = end
        while windowEnd > start {
            let windowStart = max(start, windowEnd - Int64(windowSize))
            let bytes = UnsafeMutableRawBufferPointer(rebasing: window[..<Int(windowEnd - windowStart)])
            guard reader.read(at: windowStart, into: bytes) == bytes.count else { return nil }
            if let index = bytes.lastIndex(where: { $0 != 0x00 && $0 != 0xFF }) {
                return windowStart + Int64(index)
            }
            windowEnd = windowStart
        }
        return nil
    }
}
