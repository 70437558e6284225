/// Turns EXIF text entries into clean strings: ASCII fields, UserComment with its 8-byte
/// character-code prefix, and Windows' XPComment (UTF-16LE).
enum ExifText {
    /// An ASCII-format field (Make, Model, ImageDescription): up to the first NUL, as UTF-8
    /// when it is valid and as Latin-1 otherwise (old cameras), trimmed; nil when blank.
    static func plain(_ entry: ExifTags.Entry?) -> String? {
        guard let entry, [1, 2, 7].contains(entry.format) else { return nil }
        return trimmed(decodeLegacyText(entry.bytes.prefix { $0 != 0 }))
    }

    /// UserComment: an 8-byte character code, then the text.
    /// "ASCII\0\0\0" is read like `plain`, eight NULs (undefined) as UTF-8 only; "UNICODE\0" is UCS-2 in the
    /// block's byte order unless a byte-order mark says otherwise; "JIS" is not read.
    static func userComment(_ entry: ExifTags.Entry?) -> String? {
        guard let entry, entry.bytes.count > 8 else { return nil }
        let code = entry.bytes.prefix(8)
        let text = entry.bytes.dropFirst(8)
        if code.elementsEqual(Array("ASCII".utf8) + [0, 0, 0]) {
            return trimmed(decodeLegacyText(text.prefix { $0 != 0 }))
        }
        if code.allSatisfy({ $0 == 0 }) {
            // Undefined: UTF-8 is the only reading that is not a guess.
            return String(validating: text.prefix { $0 != 0 }, as: UTF8.self).flatMap(trimmed)
        }
        if code.elementsEqual(Array("UNICODE".utf8) + [0]) {
            return trimmed(decodeUTF16(text, bigEndian: entry.isBigEndian))
        }
        return nil
    }

    /// XPComment (tag 0x9C9C, written by Windows): UTF-16LE bytes ending in a 0 code unit.
    static func xpComment(_ entry: ExifTags.Entry?) -> String? {
        guard let entry, [1, 7].contains(entry.format) else { return nil }
        return trimmed(decodeUTF16(entry.bytes[...], bigEndian: false))
    }

    /// The caption: the first of ImageDescription, UserComment, XPComment that has text other
    /// than camera boilerplate (`CaptionFilter`, told the block's make and model).
    static func caption(from tags: ExifTags) -> String? {
        let make = plain(tags[.make])
        let model = plain(tags[.model])
        let candidates = [
            { plain(tags[.imageDescription]) },
            { userComment(tags[.userComment]) },
            { xpComment(tags[.xpComment]) },
        ]
        for candidate in candidates {
            if let text = CaptionFilter.meaningful(candidate(), make: make, model: model) { return text }
        }
        return nil
    }

    /// Trims whitespace and NULs from both ends; nil when nothing is left.
    static func trimmed(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isPadding($0) }),
            let last = scalars.lastIndex(where: { !isPadding($0) })
        else { return nil }
        return String(scalars[first...last])
    }

    private static func isPadding(_ scalar: Unicode.Scalar) -> Bool {
        // Nearly all EXIF text is ASCII: decide that without Unicode property tables.
        if scalar.isASCII { return scalar.value == 0 || scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    private static func decodeLegacyText(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// UTF-16 up to the first 0 code unit; a leading byte-order mark overrides `bigEndian`.
    private static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var bigEndian = bigEndian
        var start = bytes.startIndex
        if bytes.count >= 2 {
            let first = bytes[start]
            let second = bytes[start + 1]
            if first == 0xFE, second == 0xFF {
                bigEndian = true
                start += 2
            } else if first == 0xFF, second == 0xFE {
                bigEndian = false
                start += 2
            }
        }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.endIndex - start) / 2)
        var index = start
        while index + 1 < bytes.endIndex {
            let high = UInt16(bytes[bigEndian ? index : index + 1])
            let low = UInt16(bytes[bigEndian ? index + 1 : index])
            let unit = high << 8 | low
            if unit == 0 { break }
            units.append(unit)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
