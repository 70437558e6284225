import PhotoSupport

@testable import photolib

// The tests' JSON reader: it reads back the writer's output byte for byte (paths that are not
// UTF-8 included), which Foundation's JSONSerialization cannot. photolib itself reads no JSON
// but the `id` of a `list --jsonl` line (AssetReferenceText).

/// Why a JSON text could not be read: where, and what was expected.
struct JSONReadError: Error, Equatable, CustomStringConvertible {
    /// What was being read, for the message.
    var source: String
    /// 0-based byte offset in the text.
    var offset: Int
    var reason: String

    var description: String { "\(source): invalid JSON (byte \(offset)): \(reason)" }
}

/// Reads JSON text into a `JSONValue`, with object keys in their written order.
///
/// Strings are read as bytes: an escaped lone surrogate `\udc80`…`\udcff` stands for the
/// byte 0x80…0xff (how `JSONValue.path` writes file names that are not UTF-8), and a
/// string whose bytes are not UTF-8 comes back as `.path`. Numbers without a fraction or
/// exponent that fit in Int64 come back as `.int`, others as `.double`.
struct JSONReader {
    /// Containers nested deeper than this are refused rather than overflowing the stack.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var position = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Reads one JSON value that fills `bytes` (surrounding white space aside).
    static func parse(_ bytes: [UInt8], source: String = "JSON text") throws -> JSONValue {
        var reader = JSONReader(bytes)
        do {
            let value = try reader.readValue(depth: 0)
            reader.skipWhitespace()
            guard reader.position == bytes.count else { throw reader.failure("unexpected text after the value") }
            return value
        } catch var error as JSONReadError {
            error.source = source
            throw error
        }
    }

    static func parse(_ text: String, source: String = "JSON text") throws -> JSONValue {
        try parse(Array(text.utf8), source: source)
    }

    // MARK: - Values

    private mutating func readValue(depth: Int) throws -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw failure("unexpected end of text") }
        switch byte {
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            let string = try readString()
            return String(validating: string, as: UTF8.self).map(JSONValue.string) ?? .path(RawPath(bytes: string))
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw failure("unexpected character '\(Unicode.Scalar(byte))'")
        }
    }

    private mutating func readObject(depth: Int) throws -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nested too deeply") }
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let key = String(decoding: try readString(), as: UTF8.self)
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            position += 1
            members.append((key, try readValue(depth: depth)))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func readArray(depth: Int) throws -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nested too deeply") }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            elements.append(try readValue(depth: depth))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    /// RFC 8259's number grammar, checked strictly (no "+1", "01", ".5" or "1.").
    private mutating func readNumber() throws -> JSONValue {
        let start = position
        var isIntegral = true
        if peek() == UInt8(ascii: "-") { position += 1 }
        if peek() == UInt8(ascii: "0") {
            position += 1
        } else {
            guard skipDigits() > 0 else { throw failure("expected a digit") }
        }
        if peek() == UInt8(ascii: ".") {
            isIntegral = false
            position += 1
            guard skipDigits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isIntegral = false
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        if isIntegral, let integer = Self.integer(bytes[start..<position]) { return .int(integer) }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let double = Double(text) else { throw failure("number out of range") }
        return .double(double)
    }

    /// The value of an optional minus and digits, or nil when it overflows Int64.
    private static func integer(_ digits: ArraySlice<UInt8>) -> Int64? {
        let isNegative = digits.first == UInt8(ascii: "-")
        var value: Int64 = 0
        for digit in digits.dropFirst(isNegative ? 1 : 0) {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            // Accumulate negatively: Int64.min has no positive counterpart.
            let (next, overflow2) = shifted.subtractingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            guard !overflow, !overflow2 else { return nil }
            value = next
        }
        if isNegative { return value }
        return value == .min ? nil : -value
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
        return position - start
    }

    // MARK: - Strings

    /// The bytes of a string, escapes resolved; `position` is at the opening quote.
    private mutating func readString() throws -> [UInt8] {
        position += 1
        // Most strings have no escape: find the closing quote and copy once.
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        { end += 1 }
        var result = Array(bytes[position..<end])
        position = end
        while true {
            guard let byte = peek() else { throw failure("unterminated string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return result
            case UInt8(ascii: "\\"):
                try readEscape(into: &result)
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                result.append(byte)
            }
        }
    }

    private mutating func readEscape(into result: inout [UInt8]) throws {
        guard let byte = peek() else { throw failure("unterminated string") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(byte)
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "f"): result.append(0x0C)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "u"): try readUnicodeEscape(into: &result)
        default: throw failure("unknown escape '\\\(Unicode.Scalar(byte))'")
        }
    }

    /// `\uXXXX`, a surrogate pair, or a lone `\udcXX` standing for a raw byte; any other
    /// lone surrogate becomes U+FFFD.
    private mutating func readUnicodeEscape(into result: inout [UInt8]) throws {
        let unit = try readHex4()
        var scalar: Unicode.Scalar?
        switch unit {
        case 0xD800...0xDBFF:
            if bytes[position...].starts(with: "\\u".utf8) {
                let saved = position
                position += 2
                let low = try readHex4()
                if (0xDC00...0xDFFF).contains(low) {
                    scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                } else {
                    position = saved
                }
            }
        case 0xDC80...0xDCFF:
            result.append(UInt8(unit - 0xDC00))
            return
        default:
            scalar = Unicode.Scalar(unit)
        }
        result.append(contentsOf: String(Character(scalar ?? "\u{FFFD}")).utf8)
    }

    private mutating func readHex4() throws -> UInt32 {
        guard position + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16),
            bytes[position..<(position + 4)].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else {
            throw failure("expected four hex digits after '\\u'")
        }
        position += 4
        return value
    }

    // MARK: - Bytes

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func expectWord(_ word: String) throws {
        guard bytes[position...].starts(with: word.utf8) else { throw failure("expected '\(word)'") }
        position += word.utf8.count
    }

    private func failure(_ reason: String) -> JSONReadError {
        JSONReadError(source: "JSON text", offset: position, reason: reason)
    }
}

/// Reading values back, for tests.
extension JSONValue {
    /// The member `key` of an object (the last, if repeated); nil for other values.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    var isNull: Bool { if case .null = self { true } else { false } }

    var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }

    /// An integer, or a double with no fraction that fits.
    var intValue: Int64? {
        switch self {
        case .int(let value): value
        case .double(let value): value.rounded() == value ? Int64(exactly: value) : nil
        default: nil
        }
    }

    var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// Text; a path that is not UTF-8 is repaired with U+FFFD.
    var stringValue: String? {
        switch self {
        case .string(let value): value
        case .path(let value): value.description
        default: nil
        }
    }

    var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
}
