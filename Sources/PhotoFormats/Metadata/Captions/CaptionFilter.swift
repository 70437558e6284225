/// Tells a caption a person wrote from what a camera or tool put in the caption fields by
/// itself: vendor boilerplate ("SANYO DIGITAL CAMERA", "EPSON DSC picture", "DCF 1.0"),
/// placeholders ("null", "User comments", "untitled"), file and folder names the camera
/// wrote ("IM000956.JPG", "DCIM\100GOPRO\GOPR8508.JPG", "DSC00001"), frame numbers and
/// other text without a letter, hex hashes and serial-like codes.
///
/// Every rule that looks at shape needs the caption to be one token (no space): a caption
/// with words in it is only dropped when it is a known phrase or a maker's name with a
/// camera suffix, so a person's sentence is never lost. Works on text from any source (EXIF,
/// XMP, IPTC, sidecars, PNG or TIFF text); user edits never pass through it.
public enum CaptionFilter {
    /// `text` when it is a caption worth showing, nil when it is blank or boilerplate.
    /// `make` and `model` (the photo's EXIF camera, when known) are boilerplate too, alone or
    /// together, or followed by a camera suffix.
    public static func meaningful(_ text: String?, make: String? = nil, model: String? = nil) -> String? {
        guard let text, !isBoilerplate(text, make: make, model: model) else { return nil }
        return text
    }

    /// True when `text` is something a camera or tool wrote by itself (or is blank).
    public static func isBoilerplate(_ text: String, make: String? = nil, model: String? = nil) -> Bool {
        let phrase = normalised(text)
        guard !phrase.isEmpty, phrase.contains(where: \.isLetter) else { return true }
        if CameraBoilerplate.phrases.contains(phrase) || isMakerPhrase(phrase, makers: CameraBoilerplate.makers) {
            return true
        }
        let camera = [make, model].compactMap { $0.map(normalised) }.filter { !$0.isEmpty }
        if !camera.isEmpty {
            let names = Set(camera + [camera.joined(separator: " ")])
            if names.contains(phrase) || isMakerPhrase(phrase, makers: names) { return true }
            // "Canon PowerShot A80" with make "Canon" and model "Canon PowerShot A80".
            if let model = camera.last, phrase.hasSuffix(model), names.contains(where: { phrase.hasPrefix($0) }) {
                return true
            }
        }
        if isVersionStamp(phrase) { return true }
        // Only one-token text from here on: a sentence is never shaped like a file name.
        let token = text.trimmedForCaption
        guard !token.contains(where: \.isWhitespace) else { return false }
        return isPathOrFileName(token) || isCameraFileName(token) || isHexHash(token) || isSerialLike(token)
    }

    /// Lowercase, trimmed, with each run of spaces, underscores and NULs made one space.
    static func normalised(_ text: String) -> String {
        asciiNormalised(text) ?? characterNormalised(text)
    }

    /// `normalised`, character by character: for any text.
    static func characterNormalised(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in text.lowercased() {
            if character.isWhitespace || character == "_" || character == "\0" {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
        return result
    }

    /// `normalised` of ASCII text, byte by byte; nil for any other text. In ASCII each byte is
    /// a character (but CR LF, white space either way), white space is tab to carriage return
    /// and space, and lowercasing is A-Z. Fields padded to thousands of characters made the
    /// walk by character 2% of a first index's instructions.
    static func asciiNormalised(_ text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count)
        var pendingSpace = false
        for byte in utf8 {
            switch byte {
            case 0x09...0x0D, UInt8(ascii: " "), UInt8(ascii: "_"), 0:
                pendingSpace = !result.isEmpty
            default:
                if pendingSpace { result.append(UInt8(ascii: " ")) }
                pendingSpace = false
                result.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A maker's name alone or followed by a camera suffix ("minolta dsc").
    private static func isMakerPhrase(_ phrase: String, makers: Set<String>) -> Bool {
        if makers.contains(phrase) { return true }
        for suffix in CameraBoilerplate.makerSuffixes where phrase.hasSuffix(" " + suffix) {
            let maker = String(phrase.dropLast(suffix.count + 1))
            if makers.contains(maker) { return true }
        }
        return false
    }

    /// "DCF 1.0", "dcf2.0", "Exif 2.2", "exif_v2.31": with its spaces left out, "dcf" or
    /// "exif", maybe "v", then digits and dots, a digit first. Read byte by byte, stopping
    /// at the first that cannot belong (a sentence's second letter): any other byte fails,
    /// as any other character did when this filtered the phrase's characters first, which
    /// cost a first index as much as the rest of the caption rules on long captions.
    static func isVersionStamp(_ phrase: String) -> Bool {
        var bytes = phrase.utf8.lazy.filter { $0 != UInt8(ascii: " ") }.makeIterator()
        var byte = bytes.next()
        let prefix: [UInt8]
        switch byte {
        case UInt8(ascii: "d"): prefix = Array("cf".utf8)
        case UInt8(ascii: "e"): prefix = Array("xif".utf8)
        default: return false
        }
        for expected in prefix {
            guard bytes.next() == expected else { return false }
        }
        byte = bytes.next()
        if byte == UInt8(ascii: "v") { byte = bytes.next() }
        guard let first = byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        while let next = bytes.next() {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) || next == UInt8(ascii: ".") else {
                return false
            }
        }
        return true
    }

    /// A folder path the camera wrote ("DCIM\100GOPRO\GOPR8508.JPG", "/dcim/100msdcf"), or a
    /// picture's file name ("IM000956.JPG", "holiday.jpg").
    private static func isPathOrFileName(_ token: Substring) -> Bool {
        let parts = token.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        if parts.count > 1 || token.first == "/" || token.first == "\\" {
            return parts.contains { $0.lowercased() == "dcim" }
                || parts.last.map { isFileName($0) || isCameraFileName($0) } ?? false
        }
        return isFileName(token)
    }

    private static func isFileName(_ token: Substring) -> Bool {
        guard let dot = token.lastIndex(of: "."), dot > token.startIndex else { return false }
        return CameraBoilerplate.fileExtensions.contains(token[token.index(after: dot)...].lowercased())
    }

    /// What cameras name files: up to five letters (all capitals or all small) or underscores,
    /// then digits, maybe an underscore or dash and more digits, four digits at least
    /// ("DSC00001", "HPIM0005", "IMG_1234", "P1010001", "100_1234", "dsc_0001-2"). A word
    /// a person writes ("Paris2019") has mixed case or a longer prefix.
    private static func isCameraFileName(_ token: Substring) -> Bool {
        let prefix = token.prefix { $0.isASCIILetter || $0 == "_" }
        guard prefix.count <= 5, prefix == prefix.uppercased() || prefix == prefix.lowercased() else { return false }
        let rest = token.dropFirst(prefix.count)
        let digits = rest.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty else { return false }
        let tail = rest.dropFirst(digits.count)
        guard
            tail.isEmpty
                || (["_", "-"].contains(tail.first!) && tail.count > 1 && tail.dropFirst().allSatisfy(\.isASCIIDigit))
        else { return false }
        return token.filter(\.isASCIIDigit).count >= 4
    }

    /// 16 or more hex digits, at least one a digit (hashes, GUIDs without their dashes).
    private static func isHexHash(_ token: Substring) -> Bool {
        let digits = token.filter { $0 != "-" }
        return digits.count >= 16 && digits.allSatisfy(\.isHexDigit) && digits.contains(where: \.isASCIIDigit)
    }

    /// A code of six or more characters with at least as many digits as letters and nothing
    /// but letters, digits and - _ . : # ("SN1234567", "X7A9-221B"); "COVID-19" and "B52" stay.
    private static func isSerialLike(_ token: Substring) -> Bool {
        guard token.count >= 6 else { return false }
        var letters = 0
        var digits = 0
        for character in token {
            if character.isASCIIDigit {
                digits += 1
            } else if character.isASCIILetter {
                letters += 1
            } else if !"-_.:#".contains(character) {
                return false
            }
        }
        return digits > 0 && digits >= letters
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}

extension String {
    fileprivate var trimmedForCaption: Substring {
        let start = firstIndex { !$0.isWhitespace && $0 != "\0" } ?? endIndex
        let end = lastIndex { !$0.isWhitespace && $0 != "\0" }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
