/// Character data in and out of XML: entity decoding for the reader, escaping for the writer.
enum XMLText {
    /// Decodes `&lt; &gt; &amp; &quot; &apos;` and numeric references (`&#233;`, `&#xE9;`).
    /// An unknown or malformed reference is kept as written; invalid UTF-8 becomes U+FFFD.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(ampersand) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == ampersand,
                let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
                let replacement = entity(bytes[(index + 1)..<semicolon])
            else {
                output.append(byte)
                index += 1
                continue
            }
            output.append(contentsOf: replacement)
            index = semicolon + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The UTF-8 bytes an entity name (between `&` and `;`) stands for, or nil.
    private static func entity(_ name: ArraySlice<UInt8>) -> [UInt8]? {
        switch String(decoding: name, as: UTF8.self) {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [ampersand]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        case let text where text.hasPrefix("#x") || text.hasPrefix("#X"):
            return scalar(UInt32(text.dropFirst(2), radix: 16))
        case let text where text.hasPrefix("#"):
            return scalar(UInt32(text.dropFirst(), radix: 10))
        default: return nil
        }
    }

    private static func scalar(_ value: UInt32?) -> [UInt8]? {
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return Array(String(Character(scalar)).utf8)
    }

    /// Text safe inside an element: `&`, `<` and `>` escaped, and control characters other
    /// than tab and newline (which XML 1.0 cannot hold) dropped.
    static func escapeContent(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    /// Text safe inside an attribute value in either quotes: as `escapeContent`, plus `"` and `'`, and
    /// tab, newline and carriage return as references (a parser would turn them into spaces).
    static func escapeAttribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where inAttribute: output += "&quot;"
            case "'" where inAttribute: output += "&apos;"
            case "\t", "\n", "\r":
                if inAttribute {
                    output += "&#\(scalar.value);"
                } else if scalar == "\r" {
                    output += "&#13;"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

private let ampersand = UInt8(ascii: "&")
