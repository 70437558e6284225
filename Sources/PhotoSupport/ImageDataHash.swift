/// A hash of the part of an image file that holds its picture, leaving its metadata out: a
/// JPEG from its first scan to its end, a PNG's run of IDAT chunks, a WebP's VP8/VP8L data.
///
/// Metadata-only rewrites (exiftool adding a keyword, a caption, a date) change the file's
/// size, head and so its `ContentFingerprint`, but not this: `index` uses it to recognise a
/// file renamed and edited in one step as the asset it was, moved and changed.
///
/// Like the fingerprint it reads two windows, never the whole region: XXH64 (seed 0) of the
/// region's length as 8 bytes little-endian, its first `ContentFingerprint.windowSize` bytes
/// and its last ones (a region of at most twice that is hashed whole, once).
public enum ImageDataHash {
    /// The hash as 16 lowercase hex digits, of `length` bytes at `offset` of the file `reader`
    /// reads; nil when the region is empty or a read fails or comes short.
    package static func of(region offset: Int64, length: Int64, reader: some PositionalReader) -> String? {
        guard offset >= 0, length > 0 else { return nil }
        let window = Int64(ContentFingerprint.windowSize)
        let headCount = Int(min(length, 2 * window))
        return withUnsafeTemporaryAllocation(byteCount: headCount, alignment: 16) { buffer -> String? in
            var hasher = ContentFingerprint.XXH64()
            withUnsafeBytes(of: UInt64(length).littleEndian) { hasher.update($0) }
            let isSmall = length <= 2 * window
            let head = isSmall ? buffer : UnsafeMutableRawBufferPointer(rebasing: buffer[..<Int(window)])
            guard reader.read(at: offset, into: head) == head.count else { return nil }
            hasher.update(UnsafeRawBufferPointer(head))
            if !isSmall {
                let tail = UnsafeMutableRawBufferPointer(rebasing: buffer[..<Int(window)])
                guard reader.read(at: offset + length - window, into: tail) == tail.count else { return nil }
                hasher.update(UnsafeRawBufferPointer(tail))
            }
            return ContentFingerprint.hexDigits(hasher.finish())
        }
    }

    /// The same hash, taking the bytes the file's fingerprint `windows` already hold from them
    /// and reading only the rest: a JPEG's scan data ends where the file does, so its last
    /// window is the fingerprint's tail, and its first one mostly lies in the fingerprint's
    /// head. Reading both again was a third of a first index's time in the kernel.
    package static func of(
        region offset: Int64, length: Int64, windows: ContentFingerprint.Windows, reader: some PositionalReader
    ) -> String? {
        guard offset >= 0, length > 0 else { return nil }
        let window = Int64(ContentFingerprint.windowSize)
        var hasher = ContentFingerprint.XXH64()
        withUnsafeBytes(of: UInt64(length).littleEndian) { hasher.update($0) }
        let end = offset + length
        let pieces = length <= 2 * window ? [offset..<end] : [offset..<(offset + window), (end - window)..<end]
        for piece in pieces {
            guard WindowedBytes(windows: windows).feed(piece, to: &hasher, reader: reader) else { return nil }
        }
        return ContentFingerprint.hexDigits(hasher.finish())
    }

    /// The hash of a region already in memory (a format read whole), by the same rule.
    package static func of(bytes: UnsafeRawBufferPointer) -> String? {
        guard !bytes.isEmpty else { return nil }
        let window = ContentFingerprint.windowSize
        var hasher = ContentFingerprint.XXH64()
        withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { hasher.update($0) }
        if bytes.count <= 2 * window {
            hasher.update(bytes)
        } else {
            hasher.update(UnsafeRawBufferPointer(rebasing: bytes[..<window]))
            hasher.update(UnsafeRawBufferPointer(rebasing: bytes[(bytes.count - window)...]))
        }
        return ContentFingerprint.hexDigits(hasher.finish())
    }
}

extension ContentFingerprint.Windows {
    /// `fingerprint` and `ImageDataHash.of(region:length:windows:reader:)` of the same file.
    /// A region that ends with the file and is longer than two windows (a JPEG's scan data,
    /// nearly always) ends both hashes on the fingerprint's tail, at the same place in their
    /// stripes: the tail is then hashed once for both (`XXH64.update(_:_:both:)`).
    package func fingerprintAndImageDataHash(
        region offset: Int64, length: Int64, reader: some PositionalReader
    ) -> (fingerprint: String, imageDataHash: String?) {
        let window = Int64(ContentFingerprint.windowSize)
        guard let tail, offset >= 0, length > 2 * window, offset + length == fileSize else {
            return (fingerprint, ImageDataHash.of(region: offset, length: length, windows: self, reader: reader))
        }
        var fingerprint = ContentFingerprint.XXH64()
        withUnsafeBytes(of: UInt64(bitPattern: fileSize).littleEndian) { fingerprint.update($0) }
        fingerprint.update(head)
        var image = ContentFingerprint.XXH64()
        withUnsafeBytes(of: UInt64(length).littleEndian) { image.update($0) }
        guard WindowedBytes(windows: self).feed(offset..<(offset + window), to: &image, reader: reader) else {
            fingerprint.update(tail)
            return (ContentFingerprint.hexDigits(fingerprint.finish()), nil)
        }
        ContentFingerprint.XXH64.update(&fingerprint, &image, both: tail)
        return (ContentFingerprint.hexDigits(fingerprint.finish()), ContentFingerprint.hexDigits(image.finish()))
    }
}

/// The fingerprint's windows as byte ranges of the file, for a reader that takes what they
/// hold from memory.
struct WindowedBytes {
    let windows: ContentFingerprint.Windows

    /// The window holding the byte at `position`, with the file offset of its first byte.
    private func window(at position: Int64) -> (start: Int64, bytes: UnsafeRawBufferPointer)? {
        if position < Int64(windows.head.count) { return (0, windows.head) }
        if let tail = windows.tail {
            let start = windows.fileSize - Int64(tail.count)
            if position >= start, position < windows.fileSize { return (start, tail) }
        }
        return nil
    }

    /// Hashes the bytes of `range` in order: from the windows where they hold them, the rest
    /// read (up to the next window) with `reader`. False when a read fails or comes short.
    func feed(
        _ range: Range<Int64>, to hasher: inout ContentFingerprint.XXH64, reader: some PositionalReader
    ) -> Bool {
        var position = range.lowerBound
        while position < range.upperBound {
            if let (start, bytes) = window(at: position) {
                let from = Int(position - start)
                let to = Int(min(range.upperBound - start, Int64(bytes.count)))
                hasher.update(UnsafeRawBufferPointer(rebasing: bytes[from..<to]))
                position = start + Int64(to)
                continue
            }
            var gapEnd = range.upperBound
            if let tail = windows.tail {
                let tailStart = windows.fileSize - Int64(tail.count)
                if tailStart > position { gapEnd = min(gapEnd, tailStart) }
            }
            let count = Int(gapEnd - position)
            let read = withUnsafeTemporaryAllocation(byteCount: count, alignment: 16) { buffer -> Bool in
                guard reader.read(at: position, into: buffer) == count else { return false }
                hasher.update(UnsafeRawBufferPointer(buffer))
                return true
            }
            guard read else { return false }
            position = gapEnd
        }
        return true
    }
}
