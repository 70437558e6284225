/// A JSON value whose objects keep their keys in the order they were written, so that
/// output reads the same on every run and in the order a person expects.
///
/// In PhotoSupport so that every front end (the command line, the web server) writes the
/// same JSON with the same writer.
///
/// `path` holds file names, which need not be UTF-8: written as a plain string when they
/// are, else with each bad byte as `\udcXX` (Python's "surrogateescape"), which
/// `os.fsencode(json.loads(…))` turns back into the exact bytes.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case path(RawPath)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// An integer from any `BinaryInteger` (`.integer(count)`), clamped to Int64.
    public static func integer<Integer: BinaryInteger>(_ value: Integer) -> JSONValue {
        .int(Int64(clamping: value))
    }

    /// `value` or null.
    public static func optional(_ value: JSONValue?) -> JSONValue { value ?? .null }

    /// The exact bytes of a string or path.
    public var rawPathValue: RawPath? {
        switch self {
        case .string(let value): RawPath(value)
        case .path(let value): value
        default: nil
        }
    }

    public var objectValue: [(key: String, value: JSONValue)]? {
        if case .object(let value) = self { value } else { nil }
    }
}

extension JSONValue: Equatable {
    /// Equal when they read the same as JSON text: a string and a path with the same
    /// bytes are equal; 1 and 1.0 are not.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
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
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Keeps the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
}
