/// JSON text of a `JSONValue`: compact (one line, for JSON Lines) or pretty (two-space
/// indent and `"key": value`, as `jq .` prints).
extension JSONValue {
    /// The value as UTF-8 JSON text, without a final newline.
    public func jsonBytes(pretty: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output, pretty: pretty, depth: 0)
        return output
    }

    /// The value as JSON text, without a final newline.
    public func jsonText(pretty: Bool = false) -> String {
        String(decoding: jsonBytes(pretty: pretty), as: UTF8.self)
    }

    private func write(to output: inout [UInt8], pretty: Bool, depth: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .double(let value): output.append(contentsOf: JSONValue.text(of: value).utf8)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .path(let value): JSONValue.writeString(value.bytes, to: &output)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, pretty: pretty, depth: depth) {
                element, output in
                element.write(to: &output, pretty: pretty, depth: depth + 1)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &output, pretty: pretty, depth: depth) {
                member, output in
                JSONValue.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                member.value.write(to: &output, pretty: pretty, depth: depth + 1)
            }
        }
    }

    private func writeContainer<Element>(
        _ elements: [Element], open: Unicode.Scalar, close: Unicode.Scalar,
        to output: inout [UInt8], pretty: Bool, depth: Int,
        writeElement: (Element, inout [UInt8]) -> Void
    ) {
        output.append(UInt8(ascii: open))
        for (index, element) in elements.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { JSONValue.newline(indent: depth + 1, to: &output) }
            writeElement(element, &output)
        }
        if pretty, !elements.isEmpty { JSONValue.newline(indent: depth, to: &output) }
        output.append(UInt8(ascii: close))
    }

    private static func newline(indent: Int, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// Shortest text that reads back as the same double; integral values keep ".0" so they
    /// read as numbers with a fraction; NaN and infinities, which JSON lacks, become null.
    public static func text(of value: Double) -> String {
        guard value.isFinite else { return "null" }
        let text = value.description
        return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0"
    }

    /// A JSON string of `bytes`: `"` and `\` escaped, control characters (C0 and C1) as `\u00XX`,
    /// other UTF-8 as is, and each byte of an invalid UTF-8 sequence as `\udcXX`.
    public static func writeString(_ bytes: [UInt8], to output: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { writeString($0, isValidUTF8: false, to: &output) }
    }

    public static func writeString(_ string: String, to output: inout [UInt8]) {
        var string = string
        string.withUTF8 { writeString($0, isValidUTF8: true, to: &output) }
    }

    /// Copies runs of bytes that need no escape in one go; only escapes and (unless the
    /// bytes are known to be valid) non-ASCII bytes take the slow path.
    private static func writeString(_ bytes: UnsafeBufferPointer<UInt8>, isValidUTF8: Bool, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            // 0xC2 starts the C1 controls (C2 80…C2 9F), which take the slow path to be escaped.
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"),
                byte < 0x80 || (isValidUTF8 && byte != 0xC2)
            {
                position += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
            if byte < 0x80 {
                appendEscaped(byte, to: &output)
                position += 1
            } else {
                var parser = Unicode.UTF8.ForwardParser()
                var iterator = bytes[position...].makeIterator()
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    // A C1 control (U+0080…U+009F) is valid JSON raw, but a terminal that
                    // `jq` or `cat` shows it on obeys U+009B as ESC [: escaped, as C0 are.
                    if byte == 0xC2, encoded.count == 2, bytes[position + 1] < 0xA0 {
                        output.append(contentsOf: "\\u00".utf8)
                        appendHex(bytes[position + 1], to: &output)
                    } else {
                        output.append(contentsOf: encoded)
                    }
                    position += encoded.count
                case .error(let length):
                    for invalid in bytes[position..<(position + length)] {
                        output.append(contentsOf: "\\udc".utf8)
                        appendHex(invalid, to: &output)
                    }
                    position += length
                case .emptyInput:
                    position = bytes.count
                }
            }
            runStart = position
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
        output.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            output.append(UInt8(ascii: "\\"))
            output.append(byte)
        case 0..<0x20:
            output.append(contentsOf: "\\u00".utf8)
            appendHex(byte, to: &output)
        default:
            output.append(byte)
        }
    }

    private static func appendHex(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0xF)])
    }
}

private let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
