import Foundation
import PhotoSupport

/// The identities an iPhone writes into a photo's Apple MakerNote: tag 0x0011 (exiftool's
/// `MediaGroupUUID`), a Live Photo's, the same UUID as its movie's
/// `com.apple.quicktime.content.identifier` (what pairs the two whatever their names), and
/// tag 0x000b (`BurstUUID`), the same for every frame of one burst.
///
/// The MakerNote starts `Apple iOS\0`, a version, `MM`, then a big-endian directory whose
/// offsets count from the MakerNote's first byte: so it is read where it is found, without
/// the EXIF around it, in a JPEG's APP1 and a HEIC's Exif item alike. Only the first bytes
/// of the file are searched (a phone writes the EXIF before the pictures).
public enum AppleMakerNote {
    static let signature = Array("Apple iOS\0".utf8)
    static let contentIdentifierTag: UInt16 = 0x0011
    static let burstIdentifierTag: UInt16 = 0x000B
    /// How much of the file is searched for the MakerNote.
    static let searchLimit = 1 << 20
    /// Entries read at most in its directory (iPhones write about 40).
    static let entryLimit = 256

    /// The content identifier of the photo at `path`, nil when it has none (or is no regular file).
    public static func contentIdentifier(_ path: RawPath) -> String? {
        guard let file = try? RegularFile(path) else { return nil }
        return withExtendedLifetime(file) {
            let length = Int(min(Int64(searchLimit), Int64(file.status.st_size)))
            guard length > 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: length)
            let read = bytes.withUnsafeMutableBytes {
                FileDescriptorReader(descriptor: file.descriptor).read(at: 0, into: $0)
            }
            guard read > 0 else { return nil }
            return contentIdentifier(in: bytes.prefix(read))
        }
    }

    /// The content identifier in the first MakerNote of Apple's found in `bytes`.
    static func contentIdentifier(in bytes: ArraySlice<UInt8>) -> String? {
        identifier(contentIdentifierTag, in: bytes)
    }

    /// The burst identifier in the first MakerNote of Apple's found in `bytes` (an EXIF
    /// block: the index reads it there, from the bytes it already holds), uppercase.
    package static func burstIdentifier(in bytes: UnsafeRawBufferPointer) -> String? {
        identifier(burstIdentifierTag, in: Array(bytes)[...])
    }

    /// The UUID text of `tag` in the first MakerNote of Apple's found in `bytes`.
    static func identifier(_ wanted: UInt16, in bytes: ArraySlice<UInt8>) -> String? {
        let data = Array(bytes)
        guard let start = firstIndex(of: signature, in: data) else { return nil }
        let note = BoxReader(Array(data[start...]))
        // "Apple iOS\0", a 16-bit version, "MM", then the directory.
        guard note.bytes.count >= 16, note.bytes[12] == 0x4D, note.bytes[13] == 0x4D,
            let count = note.uint16(14)
        else { return nil }
        for index in 0..<min(Int(count), entryLimit) {
            let entry = 16 + index * 12
            guard let tag = note.uint16(entry), let type = note.uint16(entry + 2),
                let length = note.uint32(entry + 4), let pointer = note.uint32(entry + 8)
            else { return nil }
            guard tag == wanted else { continue }
            guard type == 2, length > 1, length <= 128 else { return nil }
            let at = length <= 4 ? entry + 8 : Int(pointer)
            guard at >= 0, at + Int(length) <= note.bytes.count else { return nil }
            let text = note.bytes[at..<at + Int(length)].prefix { $0 != 0 }
            // A UUID's letters, digits and dashes: anything else is not an identifier to match.
            guard !text.isEmpty,
                text.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF) || $0 == 0x2D })
            else { return nil }
            return String(decoding: text, as: UTF8.self).uppercased()
        }
        return nil
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            guard let found = haystack[index...last].firstIndex(of: needle[0]) else { return nil }
            if haystack[found..<found + needle.count].elementsEqual(needle) { return found }
            index = found + 1
        }
        return nil
    }
}

extension ImageFileReader {
    /// A Live Photo movie's content identifier (`com.apple.quicktime.content.identifier`),
    /// from its header; nil when it has none or is no movie the box walk reads.
    public static func movieContentIdentifier(_ path: RawPath) -> String? {
        guard let file = try? RegularFile(path) else { return nil }
        return withExtendedLifetime(file) {
            let reader = FileDescriptorReader(descriptor: file.descriptor)
            return [UInt8]().withUnsafeBytes { empty in
                let bytes = FileBytes(head: empty, reader: reader, size: Int64(file.status.st_size))
                return (try? MovieBoxes.read(bytes))?.contentIdentifier?.uppercased()
            }
        }
    }
}
