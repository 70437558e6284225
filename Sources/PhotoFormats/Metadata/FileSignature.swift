import Foundation

/// Names what a file that is not a JPEG most likely is, from its first bytes, so that the
/// message for a misnamed file says more than "not a JPEG".
enum FileSignature {
    /// A short name such as "PNG image" or "text", or nil when the bytes say nothing clear.
    static func describe(_ head: UnsafeRawBufferPointer) -> String? {
        func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
            guard head.count >= offset + signature.count else { return false }
            for (index, byte) in signature.enumerated() where head[offset + index] != byte { return false }
            return true
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(with: Array(text.utf8), at: offset) }

        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "PNG image" }
        if ascii("GIF87a") || ascii("GIF89a") { return "GIF image" }
        if starts(with: [0x49, 0x49, 0x2A, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || starts(with: [0x49, 0x49, 0x2B, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2B])
        {
            // Also most camera raw formats (CR2, NEF, ARW, DNG), which are TIFF inside.
            return "TIFF image"
        }
        if ascii("RIFF"), ascii("WEBP", at: 8) { return "WebP image" }
        if ascii("ftyp", at: 4), let brand = isoMediaBrand(head) {
            let heif: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"]
            if heif.contains(brand) { return "HEIF/AVIF image" }
            return videoKind(ofBrand: brand).map { "\($0) video" } ?? "ISO media file (\(brand))"
        }
        if let video = video(head, starts: starts, ascii: ascii) { return video }
        if starts(with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || starts(with: [0xFF, 0x4F, 0xFF, 0x51]) {
            return "JPEG 2000 image"
        }
        if starts(with: [0xFF, 0x0A]) || starts(with: [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
            return "JPEG XL image"
        }
        if ascii("BM"), head.count >= 26 { return "BMP image" }
        if ascii("8BPS") { return "Photoshop document" }
        if ascii("%PDF-") { return "PDF document" }
        if starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "ZIP archive" }
        if starts(with: [0x1F, 0x8B]) { return "gzip data" }
        if looksLikeText(head) { return "text" }
        return nil
    }

    /// Videos, named by the kind people know them by (the word before " video"): the index
    /// counts them by kind and passes over them without a message.
    private static func video(
        _ head: UnsafeRawBufferPointer, starts: ([UInt8], Int) -> Bool, ascii: (String, Int) -> Bool
    ) -> String? {
        // QuickTime files from before `ftyp`: a top-level atom first.
        // (The size before it starts with a control byte, so that text such as "Tax free" is no movie.)
        if head.count >= 8, head[0] < 0x20,
            ["moov", "mdat", "wide", "free", "skip", "pnot"].contains(where: { ascii($0, 4) })
        {
            return "MOV video"
        }
        if ascii("RIFF", 0), ascii("AVI ", 8) { return "AVI video" }
        // MPEG transport streams: a sync byte every 188 bytes; AVCHD's .MTS adds a 4-byte time code.
        if starts([0x47], 0), starts([0x47], 188) { return "MPEG-TS video" }
        if starts([0x47], 4), starts([0x47], 196) { return "MTS video" }
        if starts([0x1A, 0x45, 0xDF, 0xA3], 0) { return "MKV/WebM video" }
        if starts([0x00, 0x00, 0x01, 0xBA], 0) { return "MPEG video" }
        if starts([0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11], 0) { return "WMV video" }
        if ascii("FLV", 0), starts([0x01], 3) { return "FLV video" }
        return nil
    }

    /// The kind of video an ISO media major brand says, or nil when it is no video's.
    private static func videoKind(ofBrand brand: String) -> String? {
        switch brand {
        case "qt": "MOV"
        case "M4V", "M4VH", "M4VP": "M4V"
        case _ where brand.hasPrefix("3gp") || brand.hasPrefix("3g2"): "3GP"
        case "isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "mmp4", "MSNV", "XAVC", "f4v",
            "MP4", "NDAS":
            "MP4"
        default: nil
        }
    }

    private static func isoMediaBrand(_ head: UnsafeRawBufferPointer) -> String? {
        guard head.count >= 12 else { return nil }
        let brand = head[8..<12]
        guard brand.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        return String(decoding: brand, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    /// UTF-8 without control characters other than tab, newline, carriage return and form feed,
    /// judged on the first 4 KiB (a cut multi-byte character at the very end is allowed).
    private static func looksLikeText(_ head: UnsafeRawBufferPointer) -> Bool {
        var sample = Array(head.prefix(4096))
        guard !sample.isEmpty else { return false }
        if sample.count == 4096 {
            // Drop a UTF-8 sequence the sample may have cut in two.
            while let last = sample.last, last & 0xC0 == 0x80 { sample.removeLast() }
            if let last = sample.last, last >= 0xC0 { sample.removeLast() }
        }
        guard String(validating: sample, as: UTF8.self) != nil else { return false }
        return sample.allSatisfy { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }
            && !sample.contains(0x7F)
    }
}
