/// A small XML reader, enough for XMP packets and sidecars: elements and attributes with
/// namespaces, character data with the predefined and numeric entities, CDATA, comments,
/// processing instructions and a DOCTYPE (skipped). No validation, no external entities,
/// no DTD: nothing here can make it read another file or expand without bound.
///
/// It keeps the byte range of every element and attribute, which is what lets
/// `SidecarWriter` change one value and leave every other byte alone.
struct XMLReader: XMLCursor {
    /// Elements nested deeper than this are refused, so a hostile file cannot exhaust the stack.
    static let maximumDepth = 200

    let bytes: [UInt8]
    var position = 0
    private var depth = 0

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// The document's root element. Whatever follows it (a closing `<?xpacket?>`, padding) is ignored.
    static func parse(_ bytes: [UInt8]) throws(XMLReadError) -> XMLElement {
        var reader = XMLReader(bytes: bytes)
        try reader.skipMisc()
        guard reader.position < bytes.count, bytes[reader.position] == lessThan else {
            throw reader.failure("no root element")
        }
        return try reader.element(inherited: ["xml": "http://www.w3.org/XML/1998/namespace"])
    }

    // MARK: - Elements

    private mutating func element(inherited: [String: String]) throws(XMLReadError) -> XMLElement {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw failure("elements nested more than \(Self.maximumDepth) deep") }
        let start = position
        position += 1
        let rawName = try name()
        var raw: [(name: String, value: String, range: Range<Int>, valueRange: Range<Int>)] = []
        var selfClosing = false
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw failure("unterminated start tag <\(rawName)") }
            if bytes[position] == slash, position + 1 < bytes.count, bytes[position + 1] == greaterThan {
                position += 2
                selfClosing = true
                break
            }
            if bytes[position] == greaterThan {
                position += 1
                break
            }
            let attributeStart = position
            let attributeName = try name()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == equals else {
                throw failure("attribute \(attributeName) has no value")
            }
            position += 1
            skipWhitespace()
            guard position < bytes.count, bytes[position] == doubleQuote || bytes[position] == singleQuote else {
                throw failure("attribute \(attributeName) has an unquoted value")
            }
            let quote = bytes[position]
            let valueStart = position + 1
            guard let valueEnd = bytes[valueStart...].firstIndex(of: quote) else {
                throw failure("attribute \(attributeName) is not closed")
            }
            position = valueEnd + 1
            raw.append(
                (
                    attributeName, XMLText.decode(bytes[valueStart..<valueEnd]), attributeStart..<position,
                    valueStart..<valueEnd
                ))
        }

        var namespaces = inherited
        for attribute in raw {
            if attribute.name == "xmlns" {
                namespaces[""] = attribute.value
            } else if attribute.name.hasPrefix("xmlns:") {
                namespaces[String(attribute.name.dropFirst(6))] = attribute.value
            }
        }
        let attributes = raw.filter { $0.name != "xmlns" && !$0.name.hasPrefix("xmlns:") }.map {
            // Unprefixed attributes are in no namespace (the default namespace is for elements only).
            XMLAttribute(
                name: Self.resolve($0.name, namespaces, isAttribute: true), value: $0.value,
                range: $0.range, valueRange: $0.valueRange)
        }
        let startTag = start..<position
        var element = XMLElement(
            name: Self.resolve(rawName, namespaces, isAttribute: false), attributes: attributes,
            children: [], text: "", startTag: startTag, content: nil, range: startTag,
            namespaces: namespaces)
        if selfClosing { return element }

        let contentStart = position
        while true {
            guard position < bytes.count else { throw failure("element <\(rawName)> is not closed") }
            if bytes[position] != lessThan {
                let end = bytes[position...].firstIndex(of: lessThan) ?? bytes.count
                element.text += XMLText.decode(bytes[position..<end])
                position = end
            } else if starts(with: "</") {
                let contentEnd = position
                position += 2
                let closing = try name()
                guard closing == rawName else { throw failure("<\(rawName)> closed by </\(closing)>") }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == greaterThan else {
                    throw failure("unterminated end tag </\(closing)")
                }
                position += 1
                element.content = contentStart..<contentEnd
                element.range = start..<position
                return element
            } else if starts(with: "<![CDATA[") {
                let textStart = position + 9
                let end = try skip(past: "]]>", from: textStart, what: "CDATA section")
                element.text += String(decoding: bytes[textStart..<(end - 3)], as: UTF8.self)
            } else if starts(with: "<!--") {
                _ = try skip(past: "-->", from: position + 4, what: "comment")
            } else if starts(with: "<?") {
                _ = try skip(past: "?>", from: position + 2, what: "processing instruction")
            } else {
                element.children.append(try self.element(inherited: namespaces))
            }
        }
    }

    private static func resolve(_ qualified: String, _ namespaces: [String: String], isAttribute: Bool) -> XMLName {
        guard let colon = colonIndex(qualified) else {
            return XMLName(prefix: "", local: qualified, namespace: isAttribute ? nil : namespaces[""])
        }
        let prefix = String(qualified[..<colon])
        return XMLName(
            prefix: prefix, local: String(qualified[qualified.index(after: colon)...]), namespace: namespaces[prefix])
    }

    /// The first `:` of a name. Names are nearly always ASCII, where each byte is a character,
    /// and the colon is looked for among the bytes; any other name is searched by character, as
    /// it always was (a combining mark after a colon makes one character with it, no colon).
    /// Searching every name by character was 3% of a first index's instructions.
    private static func colonIndex(_ qualified: String) -> String.Index? {
        let utf8 = qualified.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return qualified.firstIndex(of: ":") }
        return utf8.firstIndex(of: UInt8(ascii: ":"))
    }

    // MARK: - Lexical pieces

    /// A name: everything up to whitespace or one of `= > / < " '`.
    private mutating func name() throws(XMLReadError) -> String {
        let start = position
        while position < bytes.count {
            switch bytes[position] {
            case space, tab, newline, carriageReturn, equals, greaterThan, slash, lessThan, doubleQuote, singleQuote:
                guard position > start else { throw failure("a name was expected") }
                return String(decoding: bytes[start..<position], as: UTF8.self)
            default:
                position += 1
            }
        }
        throw failure("document ends inside a name")
    }

}

/// Why a document could not be read as XML, and where.
struct XMLReadError: Error, Sendable, Equatable, CustomStringConvertible {
    var offset: Int
    var reason: String
    var description: String { "malformed XML at byte \(offset): \(reason)" }
}

private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let newline = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let equals = UInt8(ascii: "=")
private let slash = UInt8(ascii: "/")
private let lessThan = UInt8(ascii: "<")
private let greaterThan = UInt8(ascii: ">")
private let doubleQuote = UInt8(ascii: "\"")
private let singleQuote = UInt8(ascii: "'")
