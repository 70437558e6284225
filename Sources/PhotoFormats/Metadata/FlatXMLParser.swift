/// Parses a document into a `FlatXML`, by the rules of `XMLReader` and with its errors: the
/// same document parses with both or fails with both, at the same byte and for the same reason.
/// Namespaces are resolved through a stack of the bindings in force, and names are compared
/// as bytes where they are ASCII (nearly always), as strings where they are not, as
/// `XMLReader`'s are.
struct FlatXMLParser {
    private var document: FlatXML
    let bytes: [UInt8]
    var position = 0
    private var depth = 0
    /// The namespace bindings in force, innermost last; `xml` is bound below them all.
    private var bindings: [(prefix: Prefix, namespace: Int)] = []
    /// The attributes of the start tag being read, reused from tag to tag.
    private var pending: [(name: Token, value: Range<Int>)] = []

    /// A name as read: its bytes, and whether they are all ASCII.
    struct Token {
        var range: Range<Int>
        var isASCII: Bool
    }

    /// A prefix: bytes of the source, or a string where the name holding it is not ASCII.
    private enum Prefix {
        case bytes(Range<Int>)
        case string(String)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        document = FlatXML(bytes: bytes)
    }

    /// The document, whose root element is its first. Whatever follows the root is ignored.
    static func parse(_ bytes: [UInt8]) throws(XMLReadError) -> FlatXML {
        var parser = FlatXMLParser(bytes: bytes)
        try parser.skipMisc()
        guard parser.position < bytes.count, bytes[parser.position] == lessThan else {
            throw parser.failure("no root element")
        }
        _ = try parser.element(parent: -1)
        var document = parser.document
        let names = RDFNames(document.name)
        document.rdf = names
        return document
    }

    // MARK: - Elements

    /// Reads an element and what it holds; returns its index.
    private mutating func element(parent: Int) throws(XMLReadError) -> Int {
        depth += 1
        defer { depth -= 1 }
        guard depth <= XMLReader.maximumDepth else {
            throw failure("elements nested more than \(XMLReader.maximumDepth) deep")
        }
        let start = position
        position += 1
        let rawName = try name()
        pending.removeAll(keepingCapacity: true)
        var selfClosing = false
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw failure("unterminated start tag <\(string(rawName))") }
            if bytes[position] == slash, position + 1 < bytes.count, bytes[position + 1] == greaterThan {
                position += 2
                selfClosing = true
                break
            }
            if bytes[position] == greaterThan {
                position += 1
                break
            }
            let attributeName = try name()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == equals else {
                throw failure("attribute \(string(attributeName)) has no value")
            }
            position += 1
            skipWhitespace()
            guard position < bytes.count, bytes[position] == doubleQuote || bytes[position] == singleQuote else {
                throw failure("attribute \(string(attributeName)) has an unquoted value")
            }
            let quote = bytes[position]
            let valueStart = position + 1
            guard let valueEnd = bytes[valueStart...].firstIndex(of: quote) else {
                throw failure("attribute \(string(attributeName)) is not closed")
            }
            position = valueEnd + 1
            pending.append((attributeName, valueStart..<valueEnd))
        }

        let outerBindings = bindings.count
        defer { bindings.removeSubrange(outerBindings...) }
        let firstAttribute = document.attributes.count
        for (name, value) in pending {
            if let prefix = declaredPrefix(name) {
                bindings.append((prefix, intern(XMLText.decode(bytes[value]))))
            } else {
                // Unprefixed attributes are in no namespace (the default namespace is for elements only).
                let (namespace, local) = resolve(name, isAttribute: true)
                document.attributes.append(FlatXML.Attribute(namespace: namespace, local: local, value: value))
            }
        }
        let (namespace, local) = resolve(rawName, isAttribute: false)
        let index = document.elements.count
        document.elements.append(
            FlatXML.Element(
                parent: parent, namespace: namespace, local: local,
                attributes: firstAttribute..<document.attributes.count, range: start..<position, content: nil,
                subtreeEnd: index + 1))
        if selfClosing { return index }

        let contentStart = position
        var lastChild = -1
        while true {
            guard position < bytes.count else { throw failure("element <\(string(rawName))> is not closed") }
            if bytes[position] != lessThan {
                position = bytes[position...].firstIndex(of: lessThan) ?? bytes.count
            } else if starts(with: "</") {
                let contentEnd = position
                position += 2
                let closing = try name()
                guard sameName(closing, rawName) else {
                    throw failure("<\(string(rawName))> closed by </\(string(closing))>")
                }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == greaterThan else {
                    throw failure("unterminated end tag </\(string(closing))")
                }
                position += 1
                document.elements[index].content = contentStart..<contentEnd
                document.elements[index].range = start..<position
                document.elements[index].subtreeEnd = document.elements.count
                return index
            } else if starts(with: "<![CDATA[") {
                _ = try skip(past: "]]>", from: position + 9, what: "CDATA section")
            } else if starts(with: "<!--") {
                _ = try skip(past: "-->", from: position + 4, what: "comment")
            } else if starts(with: "<?") {
                _ = try skip(past: "?>", from: position + 2, what: "processing instruction")
            } else {
                let child = try element(parent: index)
                if lastChild < 0 {
                    document.elements[index].firstChild = child
                } else {
                    document.elements[lastChild].nextSibling = child
                }
                lastChild = child
            }
        }
    }

    // MARK: - Namespaces

    /// The prefix an attribute declares (`xmlns:p`, or "" for `xmlns`), nil when it declares none.
    private func declaredPrefix(_ name: Token) -> Prefix? {
        let xmlns: StaticString = "xmlns"
        guard name.isASCII else {
            let text = string(name)
            if text == "xmlns" { return .bytes(0..<0) }
            return text.hasPrefix("xmlns:") ? .string(String(text.dropFirst(6))) : nil
        }
        guard name.range.count >= 5, starts(with: xmlns, at: name.range.lowerBound) else { return nil }
        if name.range.count == 5 { return .bytes(0..<0) }
        guard bytes[name.range.lowerBound + 5] == colon else { return nil }
        return .bytes((name.range.lowerBound + 6)..<name.range.upperBound)
    }

    /// A name's namespace and local part, by the bindings in force.
    private mutating func resolve(_ name: Token, isAttribute: Bool) -> (Int, FlatXML.LocalName) {
        if name.isASCII {
            guard let separator = bytes[name.range].firstIndex(of: colon) else {
                let namespace = isAttribute ? FlatXML.noNamespace : lookUp(.bytes(0..<0))
                return (namespace, FlatXML.LocalName(bytes: name.range))
            }
            return (
                lookUp(.bytes(name.range.lowerBound..<separator)),
                FlatXML.LocalName(bytes: (separator + 1)..<name.range.upperBound)
            )
        }
        let text = string(name)
        document.exoticNames.append(text)
        let local = FlatXML.LocalName(bytes: name.range, exotic: document.exoticNames.count - 1)
        guard let separator = text.firstIndex(of: ":") else {
            return (isAttribute ? FlatXML.noNamespace : lookUp(.string("")), local)
        }
        document.exoticNames[local.exotic] = String(text[text.index(after: separator)...])
        return (lookUp(.string(String(text[..<separator]))), local)
    }

    private func lookUp(_ prefix: Prefix) -> Int {
        for binding in bindings.reversed() where samePrefix(binding.prefix, prefix) { return binding.namespace }
        switch prefix {
        case .bytes(let range):
            return range.count == 3 && starts(with: "xml", at: range.lowerBound) ? 0 : FlatXML.noNamespace
        case .string(let text): return text == "xml" ? 0 : FlatXML.noNamespace
        }
    }

    private func samePrefix(_ a: Prefix, _ b: Prefix) -> Bool {
        if case .bytes(let x) = a, case .bytes(let y) = b { return bytes[x].elementsEqual(bytes[y]) }
        return text(a) == text(b)
    }

    private func text(_ prefix: Prefix) -> String {
        switch prefix {
        case .bytes(let range): String(decoding: bytes[range], as: UTF8.self)
        case .string(let text): text
        }
    }

    private mutating func intern(_ namespace: String) -> Int {
        if let known = document.namespaces.firstIndex(of: namespace) { return known }
        document.namespaces.append(namespace)
        return document.namespaces.count - 1
    }

    private func sameName(_ a: Token, _ b: Token) -> Bool {
        a.isASCII && b.isASCII ? bytes[a.range].elementsEqual(bytes[b.range]) : string(a) == string(b)
    }

    private func string(_ name: Token) -> String { String(decoding: bytes[name.range], as: UTF8.self) }
}

private let equals = UInt8(ascii: "=")
private let slash = UInt8(ascii: "/")
private let colon = UInt8(ascii: ":")
private let lessThan = UInt8(ascii: "<")
private let greaterThan = UInt8(ascii: ">")
private let doubleQuote = UInt8(ascii: "\"")
private let singleQuote = UInt8(ascii: "'")
