import PhotoSupport

/// Where the members of a JSON object go, one at a time: a `JSONValue` tree
/// (`JSONValueBuilder`, for output that adds to the object) or bytes written straight out
/// (`JSONByteWriter`, for lists of any length). What an object holds is then written once,
/// as calls on a sink, and both forms read the same.
///
/// Keys are photolib's own ASCII names, written as they are.
protocol JSONObjectSink {
    mutating func null(_ key: StaticString)
    mutating func bool(_ key: StaticString, _ value: Bool)
    mutating func int(_ key: StaticString, _ value: Int64)
    mutating func double(_ key: StaticString, _ value: Double)
    mutating func string(_ key: StaticString, _ value: String)
    /// A file name: its exact bytes, which need not be UTF-8 (see `JSONValue.path`).
    mutating func path(_ key: StaticString, _ value: RawPath)
    /// An array of strings.
    mutating func strings(_ key: StaticString, _ values: [String])
    /// A nested object whose members `body` adds.
    mutating func object(_ key: StaticString, _ body: (inout Self) -> Void)
    /// An array of objects, one for each element, whose members `body` adds.
    mutating func objects<Elements: Sequence>(
        _ key: StaticString, _ elements: Elements, _ body: (inout Self, Elements.Element) -> Void)
}

extension JSONObjectSink {
    /// The value, or null.
    mutating func string(_ key: StaticString, _ value: String?) {
        if let value { string(key, value) } else { null(key) }
    }

    mutating func int(_ key: StaticString, _ value: Int?) {
        if let value { int(key, Int64(value)) } else { null(key) }
    }

    mutating func int(_ key: StaticString, _ value: Int64?) {
        if let value { int(key, value) } else { null(key) }
    }

    mutating func double(_ key: StaticString, _ value: Double?) {
        if let value { double(key, value) } else { null(key) }
    }

    /// A nested object when `value` is there, else null.
    mutating func object<Value>(_ key: StaticString, _ value: Value?, _ body: (inout Self, Value) -> Void) {
        if let value { object(key) { body(&$0, value) } } else { null(key) }
    }
}

extension StaticString {
    /// The key as text, for the `JSONValue` form.
    fileprivate var text: String { withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
}

/// Builds the object as a `JSONValue`.
struct JSONValueBuilder: JSONObjectSink {
    private(set) var members: [(key: String, value: JSONValue)] = []

    var value: JSONValue { .object(members) }

    /// The object `body` fills in.
    static func object(_ body: (inout JSONValueBuilder) -> Void) -> JSONValue {
        var builder = JSONValueBuilder()
        body(&builder)
        return builder.value
    }

    private mutating func add(_ key: StaticString, _ value: JSONValue) { members.append((key.text, value)) }

    mutating func null(_ key: StaticString) { add(key, .null) }
    mutating func bool(_ key: StaticString, _ value: Bool) { add(key, .bool(value)) }
    mutating func int(_ key: StaticString, _ value: Int64) { add(key, .int(value)) }
    mutating func double(_ key: StaticString, _ value: Double) { add(key, .double(value)) }
    mutating func string(_ key: StaticString, _ value: String) { add(key, .string(value)) }
    mutating func path(_ key: StaticString, _ value: RawPath) { add(key, .path(value)) }
    mutating func strings(_ key: StaticString, _ values: [String]) { add(key, .array(values.map(JSONValue.string))) }

    mutating func object(_ key: StaticString, _ body: (inout JSONValueBuilder) -> Void) {
        add(key, Self.object(body))
    }

    mutating func objects<Elements: Sequence>(
        _ key: StaticString, _ elements: Elements, _ body: (inout JSONValueBuilder, Elements.Element) -> Void
    ) {
        add(key, .array(elements.map { element in Self.object { body(&$0, element) } }))
    }
}

/// Writes objects straight into bytes, exactly as `JSONValue.jsonBytes(pretty:)` writes the
/// same object, without building it: how lists write thousands of assets a second.
struct JSONByteWriter: JSONObjectSink {
    var bytes: [UInt8] = []
    let pretty: Bool
    /// How deep the object being written is (0: the outermost value), for indentation.
    private var depth = 0
    private var isFirstMember = true

    init(pretty: Bool) { self.pretty = pretty }

    /// Writes an object at `depth` whose members `body` adds.
    mutating func writeObject(depth: Int = 0, _ body: (inout JSONByteWriter) -> Void) {
        let (outerDepth, outerFirst) = (self.depth, isFirstMember)
        (self.depth, isFirstMember) = (depth, true)
        bytes.append(UInt8(ascii: "{"))
        body(&self)
        if pretty, !isFirstMember { newline(indent: depth) }
        bytes.append(UInt8(ascii: "}"))
        (self.depth, isFirstMember) = (outerDepth, outerFirst)
    }

    /// What comes before element `index` of an array at `depth`: a comma after the first,
    /// and in pretty form a new line.
    mutating func arrayElementPrefix(_ index: Int, depth: Int) {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        if pretty { newline(indent: depth + 1) }
    }

    /// What ends an array at `depth` that had `count` elements.
    mutating func arrayEnd(count: Int, depth: Int) {
        if pretty, count > 0 { newline(indent: depth) }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func null(_ key: StaticString) {
        self.key(key)
        bytes.append(contentsOf: "null".utf8)
    }

    mutating func bool(_ key: StaticString, _ value: Bool) {
        self.key(key)
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    mutating func int(_ key: StaticString, _ value: Int64) {
        self.key(key)
        appendDecimal(value)
    }

    mutating func double(_ key: StaticString, _ value: Double) {
        self.key(key)
        bytes.append(contentsOf: JSONValue.text(of: value).utf8)
    }

    mutating func string(_ key: StaticString, _ value: String) {
        self.key(key)
        JSONValue.writeString(value, to: &bytes)
    }

    mutating func path(_ key: StaticString, _ value: RawPath) {
        self.key(key)
        JSONValue.writeString(value.bytes, to: &bytes)
    }

    mutating func strings(_ key: StaticString, _ values: [String]) {
        self.key(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            arrayElementPrefix(index, depth: depth + 1)
            JSONValue.writeString(value, to: &bytes)
        }
        arrayEnd(count: values.count, depth: depth + 1)
    }

    mutating func object(_ key: StaticString, _ body: (inout JSONByteWriter) -> Void) {
        self.key(key)
        writeObject(depth: depth + 1, body)
    }

    mutating func objects<Elements: Sequence>(
        _ key: StaticString, _ elements: Elements, _ body: (inout JSONByteWriter, Elements.Element) -> Void
    ) {
        self.key(key)
        bytes.append(UInt8(ascii: "["))
        let arrayDepth = depth + 1
        var count = 0
        for element in elements {
            arrayElementPrefix(count, depth: arrayDepth)
            writeObject(depth: arrayDepth + 1) { body(&$0, element) }
            count += 1
        }
        arrayEnd(count: count, depth: arrayDepth)
    }

    private mutating func key(_ key: StaticString) {
        if !isFirstMember { bytes.append(UInt8(ascii: ",")) }
        isFirstMember = false
        if pretty { newline(indent: depth + 1) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
    }

    /// A new line and the spaces of the deepest indentation an asset reaches, cut to length:
    /// appended a slice at a time, as `repeatElement` byte by byte cost a fifth of `--json`.
    private static let newlineAndIndent: [UInt8] = [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: 32)

    private mutating func newline(indent: Int) {
        let count = 1 + 2 * indent
        if count <= Self.newlineAndIndent.count {
            bytes.append(contentsOf: Self.newlineAndIndent[..<count])
        } else {
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
        }
    }

    /// `String(value)`'s digits, without making the string.
    private mutating func appendDecimal(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var end = buffer.count
            repeat {
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[end...])
        }
    }
}
