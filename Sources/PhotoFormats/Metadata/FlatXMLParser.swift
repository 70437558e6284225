/// Parses a document into a `FlatXML`, by the rules of `XMLReader` and with its errors: the
/// same document parses with both or fails with both, at the same byte and for the same reason.
/// Namespaces are resolved through a stack of the bindings in force, and names are compared
/// as bytes where they are ASCII (nearly always), as strings where they are not, as
/// `XMLReader`'s are.
///
/// Its helpers are `mutating` even where they only read: called from a mutating method, a
/// non-mutating one was given a copy of the whole parser, document and all, which cost
/// as much as the lookups themselves.
struct FlatXMLParser: XMLCursor {
    private var document: FlatXML
    let bytes: [UInt8]
    var position = 0
    private var depth = 0
    /// The namespace bindings in force, innermost last; `xml` is bound below them all.
    private var bindings: [(prefix: Prefix, namespace: Int)] = []
    /// The prefixes of names that are not ASCII, split as strings (see `Prefix`).
    private var exoticPrefixes: [String] = []
    /// The attributes of the start tag being read, reused from tag to tag.
    private var pending: [(name: Token, value: Range<Int>)] = []

    /// A name as read: its bytes, and whether they are all ASCII.
    struct Token {
        var range: Range<Int>
        var isASCII: Bool
    }

    /// A prefix: `count` bytes of the source from `start`, or where the name holding it is
    /// not ASCII (`exotic` ≥ 0) a string in `exoticPrefixes`, compared as strings.
    private struct Prefix {
        var start: Int
        var count: Int
        var exotic = -1
        /// The length and the first seven bytes, which tell most prefixes apart at once: a name
        /// is looked up through every binding declared since its prefix was, often a dozen.
        var key: UInt64 = 0
        /// The default namespace's.
        static let none = Prefix(start: 0, count: 0)
    }

    private mutating func makePrefix(start: Int, count: Int) -> Prefix {
        var key = UInt64(min(count, 255)) << 56
        for offset in 0..<min(count, 7) { key |= UInt64(bytes[start + offset]) << (8 * offset) }
        return Prefix(start: start, count: count, key: key)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        document = FlatXML(bytes: bytes)
        // About one element for each 200 bytes of a camera's or an editor's packet, some
        // with far more: growing the arrays was a twentieth of the parse.
        document.elements.reserveCapacity(bytes.count / 64)
        document.attributes.reserveCapacity(bytes.count / 64)
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
        if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
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
            let valueEnd = next(quote, from: valueStart)
            guard valueEnd < bytes.count else { throw failure("attribute \(string(attributeName)) is not closed") }
            position = valueEnd + 1
            pending.append((attributeName, valueStart..<valueEnd))
        }

        let outerBindings = bindings.count
        defer { if bindings.count > outerBindings { bindings.removeLast(bindings.count - outerBindings) } }
        let firstAttribute = document.attributes.count
        for (name, value) in pending {
            if let prefix = declaredPrefix(name) {
                bindings.append((prefix, document.intern(XMLText.decode(bytes[value]))))
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
                position = next(lessThan, from: position)
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
    private mutating func declaredPrefix(_ name: Token) -> Prefix? {
        guard name.isASCII else {
            let text = string(name)
            if text == "xmlns" { return Prefix.none }
            return text.hasPrefix("xmlns:") ? exotic(String(text.dropFirst(6))) : nil
        }
        let start = name.range.lowerBound
        guard name.range.count >= 5, starts(with: "xmlns", at: start) else { return nil }
        if name.range.count == 5 { return Prefix.none }
        guard bytes[start + 5] == colon else { return nil }
        return makePrefix(start: start + 6, count: name.range.count - 6)
    }

    /// A name's namespace and local part, by the bindings in force.
    private mutating func resolve(_ name: Token, isAttribute: Bool) -> (Int, FlatXML.LocalName) {
        if name.isASCII {
            var separator = name.range.lowerBound
            while separator < name.range.upperBound, bytes[separator] != colon { separator += 1 }
            guard separator < name.range.upperBound else {
                let namespace = isAttribute ? FlatXML.noNamespace : lookUp(Prefix.none)
                return (namespace, FlatXML.LocalName(bytes: name.range))
            }
            let prefix = makePrefix(start: name.range.lowerBound, count: separator - name.range.lowerBound)
            return (lookUp(prefix), FlatXML.LocalName(bytes: (separator + 1)..<name.range.upperBound))
        }
        let text = string(name)
        document.exoticNames.append(text)
        let local = FlatXML.LocalName(bytes: name.range, exotic: document.exoticNames.count - 1)
        guard let separator = text.firstIndex(of: ":") else {
            return (isAttribute ? FlatXML.noNamespace : lookUp(Prefix.none), local)
        }
        document.exoticNames[local.exotic] = String(text[text.index(after: separator)...])
        // Not `lookUp(exotic(…))`: that would look in a copy of the parser taken before the
        // prefix was added.
        let prefix = exotic(String(text[..<separator]))
        return (lookUp(prefix), local)
    }

    private mutating func exotic(_ prefix: String) -> Prefix {
        exoticPrefixes.append(prefix)
        return Prefix(start: 0, count: 0, exotic: exoticPrefixes.count - 1)
    }

    private mutating func lookUp(_ prefix: Prefix) -> Int {
        var index = bindings.count - 1
        while index >= 0 {
            let bound = bindings[index].prefix
            // The keys differ for most bindings, and two ASCII prefixes with different keys differ.
            if bound.key == prefix.key || bound.exotic >= 0 || prefix.exotic >= 0, samePrefix(bound, prefix) {
                return bindings[index].namespace
            }
            index -= 1
        }
        let isXML =
            prefix.exotic < 0 ? prefix.count == 3 && starts(with: "xml", at: prefix.start) : text(prefix) == "xml"
        return isXML ? 0 : FlatXML.noNamespace
    }

    private mutating func samePrefix(_ a: Prefix, _ b: Prefix) -> Bool {
        guard a.exotic < 0, b.exotic < 0 else { return text(a) == text(b) }
        return a.key == b.key && (a.count <= 7 || sameBytes(a.start + 7, b.start + 7, count: a.count - 7))
    }

    private mutating func text(_ prefix: Prefix) -> String {
        prefix.exotic >= 0
            ? exoticPrefixes[prefix.exotic]
            : String(decoding: bytes[prefix.start..<(prefix.start + prefix.count)], as: UTF8.self)
    }

    private mutating func sameName(_ a: Token, _ b: Token) -> Bool {
        guard a.isASCII, b.isASCII else { return string(a) == string(b) }
        return a.range.count == b.range.count && sameBytes(a.range.lowerBound, b.range.lowerBound, count: a.range.count)
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
