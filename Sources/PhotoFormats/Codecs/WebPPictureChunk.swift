import PhotoSupport

extension WebPImage {
    /// Where a still WebP's picture lies: the data of its first `VP8 ` or `VP8L` chunk, found
    /// by walking the RIFF chunks (fourcc, 32-bit little-endian size, data padded to an even
    /// length). exiftool adds or rewrites EXIF and XMP chunks around it and leaves it as it
    /// was. Nil when there is none, or it runs past the end (a truncated file).
    static func pictureChunk(_ bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        let window = ByteWindow(bytes)
        guard bytes.count >= 12, window.text(at: 0, count: 4) == "RIFF", window.text(at: 8, count: 4) == "WEBP"
        else { return nil }
        var offset = 12
        // A file of a few megabytes has a handful of chunks; the bound stops a hostile run of
        // empty ones from costing more than a look.
        var chunks = 0
        while offset + 8 <= bytes.count, chunks < 4096 {
            chunks += 1
            guard let size = window.uint32(at: offset + 4, bigEndian: false).map(Int.init) else { return nil }
            let type = window.text(at: offset, count: 4)
            let start = offset + 8
            guard size <= bytes.count - start else { return nil }
            if type == "VP8 " || type == "VP8L" { return size > 0 ? start..<start + size : nil }
            offset = start + size + (size & 1)
        }
        return nil
    }
}
