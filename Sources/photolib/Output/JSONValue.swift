import PhotoSupport

/// A JSON value whose objects keep their keys in the order they were written, so that
/// output reads the same on every run and in the order a person expects.
///
/// `path` holds file names, which need not be UTF-8: written as a plain string when they
/// are, else with each bad byte as `\udcXX` (Python's "surrogateescape"), which
/// `os.fsencode(json.loads(…))` and `JSONReader` turn back into the exact bytes.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case path(RawPath)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// An integer from any `BinaryInteger` (`.integer(count)`), clamped to Int64.
    static func integer<Integer: BinaryInteger>(_ value: Integer) -> JSONValue {
        .int(Int64(clamping: value))
    }

    /// `value` or null.
    static func optional(_ value: JSONValue?) -> JSONValue { value ?? .null }

    // MARK: - Reading values back

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

    /// The exact bytes of a string or path.
    var rawPathValue: RawPath? {
        switch self {
        case .string(let value): RawPath(value)
        case .path(let value): value
        default: nil
        }
    }

    var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }

    var objectValue: [(key: String, value: JSONValue)]? { if case .object(let value) = self { value } else { nil } }
}

extension JSONValue: Equatable {
    /// Equal when they read the same as JSON text: a string and a path with the same
    /// bytes are equal; 1 and 1.0 are not.
    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default:
            if let a = lhs.rawPathValue, let b = rhs.rawPathValue { a == b } else { false }
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(nilLiteral: ()) { self = .null }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int64) { self = .int(value) }
    init(floatLiteral value: Double) { self = .double(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Keeps the literal's order.
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
}
