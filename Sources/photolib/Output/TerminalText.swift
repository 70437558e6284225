/// Text from files (names, captions, EXIF fields) made safe to show: a control character
/// (C0, DEL, C1, and so ESC, which starts every terminal escape sequence) is shown as a
/// visible escape (`\n`, `\t`, `\x1B`, `\u{9B}`) instead of being sent to the terminal,
/// where it could retitle the window, clear the screen or forge a line of output.
///
/// Applied to every fact `peek` and `pop` show, every message on stderr, and to all text
/// written to a terminal (table cells turn them into spaces, `DisplayWidth.sanitized`;
/// `--format` templates escape their fields, `escaped(bytes:)`). JSON and JSON Lines are
/// left as they are: their encoding escapes every control character, C1 included (`\u009b`).
enum TerminalText {
    /// `text` with every control character escaped; newlines too unless `keepingNewlines`.
    static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard isControl(scalar), !(keepingNewlines && scalar == "\n") else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += scalar.value < 0x80 ? "\\x\(hex.count < 2 ? "0" + hex : hex)" : "\\u{\(hex)}"
            }
        }
        return result
    }

    /// `bytes` (a file name, a template's fields) with every control character escaped as
    /// `escaped` does, and each byte of an invalid UTF-8 sequence as `\xNN`: what a terminal
    /// gets of a value that may not be text.
    static func escaped(bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 8)
        var position = 0
        while position < bytes.count {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes[position...].makeIterator()
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                result += isControl(scalar) ? Array(escaped(String(Character(scalar))).utf8) : Array(encoded)
                position += encoded.count
            case .error(let length):
                for byte in bytes[position..<(position + length)] {
                    let hex = String(byte, radix: 16, uppercase: true)
                    result += Array("\\x\(hex)".utf8)
                }
                position += length
            case .emptyInput:
                position = bytes.count
            }
        }
        return result
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
