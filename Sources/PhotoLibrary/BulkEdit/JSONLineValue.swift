/// One JSON value of a bulk-edit line, read by hand rather than by `JSONSerialization`:
/// `list --jsonl` writes each byte of a name that is not UTF-8 as `\udcXX` (a lone low
/// surrogate), which JSON parsers refuse, and a bulk edit must take back what photolib
/// wrote. Strings are bytes: `\udc80`…`\udcff` alone is the byte 80…FF; any other lone
/// surrogate, a raw byte that is not UTF-8, and a raw control character are errors.
enum JSONLineValue: Equatable {
    case null
    case bool(Bool)
    /// The number's value, and whether it was written as a whole number.
    case number(Double, isWhole: Bool)
    case string([UInt8])
    case array([JSONLineValue])
    case object([(key: [UInt8], value: JSONLineValue)])

    static func == (left: JSONLineValue, right: JSONLineValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a, let c), .number(let b, let d)): a == b && c == d
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The member `key` of an object (the first, as a JSON parser keeps the last: photolib
    /// writes each key once).
    subscript(key: String) -> JSONLineValue? {
        guard case .object(let members) = self else { return nil }
        let wanted = Array(key.utf8)
        return members.first { $0.key == wanted }?.value
    }

    /// Why a line is not one JSON value.
    struct Malformed: Error, Equatable {
        var message: String
    }

    /// Deeper nesting is refused: the asset JSON nests three levels, and a hostile line of
    /// a million `[` must not exhaust the stack.
    static let maximumDepth = 32

    /// Parses `bytes` as exactly one JSON value with blanks around it. A string longer than
    /// `maximumStringBytes` is refused as soon as it is seen to be.
    static func parse(_ bytes: ArraySlice<UInt8>, maximumStringBytes: Int) throws(Malformed) -> JSONLineValue {
        var reader = Reader(bytes: bytes, position: bytes.startIndex, maximumStringBytes: maximumStringBytes)
        let value = try reader.value(depth: 0)
        reader.skipBlanks()
        guard reader.position == bytes.endIndex else { throw Malformed(message: "text after the JSON value") }
        return value
    }

    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var position: Int
        let maximumStringBytes: Int

        mutating func skipBlanks() {
            while position < bytes.endIndex, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[position]) { position += 1 }
        }

        mutating func value(depth: Int) throws(Malformed) -> JSONLineValue {
            guard depth < JSONLineValue.maximumDepth else { throw Malformed(message: "nested too deeply") }
            skipBlanks()
            guard position < bytes.endIndex else { throw Malformed(message: "a value is missing") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var members: [(key: [UInt8], value: JSONLineValue)] = []
                skipBlanks()
                if take(UInt8(ascii: "}")) { return .object(members) }
                repeat {
                    skipBlanks()
                    guard position < bytes.endIndex, bytes[position] == UInt8(ascii: "\"") else {
                        throw Malformed(message: "an object key is not a string")
                    }
                    let key = try string()
                    skipBlanks()
                    guard take(UInt8(ascii: ":")) else { throw Malformed(message: "no ':' after an object key") }
                    members.append((key, try value(depth: depth + 1)))
                    skipBlanks()
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "}")) else { throw Malformed(message: "an object is not closed") }
                return .object(members)
            case UInt8(ascii: "["):
                position += 1
                var elements: [JSONLineValue] = []
                skipBlanks()
                if take(UInt8(ascii: "]")) { return .array(elements) }
                repeat {
                    elements.append(try value(depth: depth + 1))
                    skipBlanks()
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "]")) else { throw Malformed(message: "an array is not closed") }
                return .array(elements)
            case UInt8(ascii: "\""):
                return .string(try string())
            default:
                if word("true") { return .bool(true) }
                if word("false") { return .bool(false) }
                if word("null") { return .null }
                return try number()
            }
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.endIndex, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        private mutating func word(_ text: String) -> Bool {
            let utf8 = Array(text.utf8)
            guard bytes[position...].starts(with: utf8) else { return false }
            position += utf8.count
            return true
        }

        private mutating func number() throws(Malformed) -> JSONLineValue {
            let start = position
            var isWhole = true
            while position < bytes.endIndex {
                let byte = bytes[position]
                if (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                } else if byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") {
                    isWhole = false
                } else {
                    break
                }
                position += 1
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            guard !text.isEmpty, position - start <= 64, let value = Double(text), value.isFinite,
                text.first == "-" || text.first?.isNumber == true
            else { throw Malformed(message: "not JSON") }
            return .number(value, isWhole: isWhole || value == value.rounded())
        }

        /// A string from its opening quote: its bytes with the escapes undone.
        private mutating func string() throws(Malformed) -> [UInt8] {
            position += 1
            var result: [UInt8] = []
            while position < bytes.endIndex {
                guard result.count <= maximumStringBytes else {
                    throw Malformed(message: "a string is over \(maximumStringBytes) bytes")
                }
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    return result
                case UInt8(ascii: "\\"):
                    position += 1
                    guard position < bytes.endIndex else { break }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(escape)
                    case UInt8(ascii: "b"): result.append(0x08)
                    case UInt8(ascii: "f"): result.append(0x0C)
                    case UInt8(ascii: "n"): result.append(0x0A)
                    case UInt8(ascii: "r"): result.append(0x0D)
                    case UInt8(ascii: "t"): result.append(0x09)
                    case UInt8(ascii: "u"): try unicodeEscape(into: &result)
                    default: throw Malformed(message: "an unknown escape in a string")
                    }
                case 0..<0x20:
                    throw Malformed(message: "a control character in a string (JSON escapes them)")
                case 0x80...:
                    var parser = Unicode.UTF8.ForwardParser()
                    var iterator = bytes[position...].makeIterator()
                    guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else {
                        throw Malformed(message: "a string is not valid UTF-8")
                    }
                    result += encoded
                    position += encoded.count
                default:
                    result.append(byte)
                    position += 1
                }
            }
            throw Malformed(message: "a string is not closed")
        }

        private mutating func hex4() throws(Malformed) -> UInt32 {
            guard bytes.endIndex - position >= 4,
                let value = UInt32(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16)
            else { throw Malformed(message: "a \\u escape without four hex digits") }
            position += 4
            return value
        }

        private mutating func unicodeEscape(into result: inout [UInt8]) throws(Malformed) {
            let first = try hex4()
            var scalarValue = first
            if (0xD800...0xDBFF).contains(first) {
                guard bytes[position...].starts(with: Array("\\u".utf8)) else {
                    throw Malformed(message: "a lone high surrogate in a string")
                }
                position += 2
                let second = try hex4()
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw Malformed(message: "a lone high surrogate in a string")
                }
                scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            } else if (0xDC80...0xDCFF).contains(first) {
                // photolib's form for a byte of a name that is not UTF-8.
                result.append(UInt8(first - 0xDC00))
                return
            } else if (0xDC00...0xDFFF).contains(first) {
                throw Malformed(message: "a lone low surrogate in a string")
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw Malformed(message: "an invalid \\u escape") }
            result += Array(String(Character(scalar)).utf8)
        }
    }
}
