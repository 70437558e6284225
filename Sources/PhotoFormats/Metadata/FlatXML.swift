/// An XML document parsed for reading only (see `FlatXMLParser`): every element in one array,
/// in document order, its name resolved to a namespace number and a local name left in the
/// source, its text and attribute values decoded only when a read asks for them.
///
/// `XMLReader` builds a tree of strings with a namespace dictionary for each element, which the
/// editors need for their byte-exact edits; building it for every packet an index reads, to
/// look at twenty properties, cost several times what finding them does.
struct FlatXML: Sendable {
    /// The namespace of an unprefixed attribute, or of a name whose prefix is not bound.
    static let noNamespace = -1
    /// What a query for a namespace the document never declares resolves to: it matches nothing.
    static let undeclaredNamespace = -2

    struct Element: Sendable {
        var parent: Int
        /// Index in `namespaces`, or `noNamespace`.
        var namespace: Int
        var local: LocalName
        /// Indices in `attributes` (namespace declarations excluded).
        var attributes: Range<Int>
        /// The whole element, start tag to end tag.
        var range: Range<Int>
        /// Between the start tag and the end tag; nil for `<x/>`.
        var content: Range<Int>?
        var firstChild = -1
        var nextSibling = -1
        /// The index after the element's last descendant: its descendants are the elements between.
        var subtreeEnd: Int
    }

    struct Attribute: Sendable {
        var namespace: Int
        var local: LocalName
        /// The raw value between the quotes.
        var value: Range<Int>
    }

    /// A local name: its bytes in the source when the whole qualified name is ASCII, else
    /// (`exotic` ≥ 0) a string in `exoticNames`, split and compared as `XMLReader`'s strings are.
    struct LocalName: Sendable {
        var bytes: Range<Int>
        var exotic = -1
    }

    let bytes: [UInt8]
    var elements: [Element] = []
    var attributes: [Attribute] = []
    /// Every namespace URI declared, once each; the XML namespace (bound to `xml`) is first.
    private(set) var namespaces: [String] = [XMPNamespace.xml]
    /// Each namespace's UTF-8 length and whether it is ASCII, for a quick first comparison.
    private var namespaceShapes = [Self.shape(XMPNamespace.xml)]
    var exoticNames: [String] = []
    /// Filled when the parse is done, for the reads that look for them.
    var rdf: RDFNames<Name>

    init(bytes: [UInt8]) {
        self.bytes = bytes
        rdf = RDFNames { _, _ in Name(namespace: Self.undeclaredNamespace, local: "", length: 0, isASCII: true) }
    }

    /// A namespace and a local name resolved for this document.
    struct Name: Sendable {
        var namespace: Int
        var local: String
        var length: Int
        var isASCII: Bool
    }

    /// Resolving names was a sixth of what reading a packet's properties costs, comparing
    /// each query with every namespace as strings. Strings of different lengths can only be
    /// equal (canonically, as Swift compares them) where one is not ASCII: the namespaces of
    /// the query's length are compared first, the others only where that can matter.
    func name(_ namespace: String, _ local: String) -> Name {
        let localShape = Self.shape(local)
        return Name(
            namespace: number(of: namespace) ?? Self.undeclaredNamespace, local: local, length: localShape.count,
            isASCII: localShape.isASCII)
    }

    private func number(of namespace: String) -> Int? {
        let count = namespace.utf8.count
        for (index, shape) in namespaceShapes.enumerated() where shape.count == count {
            if namespaces[index] == namespace { return index }
        }
        let queryIsASCII = Self.shape(namespace).isASCII
        for (index, shape) in namespaceShapes.enumerated()
        where shape.count != count && (!shape.isASCII || !queryIsASCII) {
            if namespaces[index] == namespace { return index }
        }
        return nil
    }

    /// The number of the namespace `uri`, declared now if it was not yet.
    mutating func intern(_ uri: String) -> Int {
        if let known = number(of: uri) { return known }
        namespaces.append(uri)
        namespaceShapes.append(Self.shape(uri))
        return namespaces.count - 1
    }

    private struct Shape: Equatable {
        var count: Int
        var isASCII: Bool
    }

    private static func shape(_ text: String) -> Shape {
        // Eight bytes at a time, from the string's own storage: every query is measured.
        let measured = text.utf8.withContiguousStorageIfAvailable { utf8 in
            let raw = UnsafeRawBufferPointer(utf8)
            var high: UInt64 = 0
            var offset = 0
            while offset + 8 <= raw.count {
                high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            while offset < raw.count {
                high |= UInt64(raw[offset])
                offset += 1
            }
            return Shape(count: utf8.count, isASCII: high & 0x8080_8080_8080_8080 == 0)
        }
        return measured ?? Shape(count: text.utf8.count, isASCII: text.utf8.allSatisfy { $0 < 0x80 })
    }

    func matches(_ local: LocalName, _ name: Name) -> Bool {
        if local.exotic >= 0 { return exoticNames[local.exotic] == name.local }
        guard name.isASCII else { return String(decoding: bytes[local.bytes], as: UTF8.self) == name.local }
        guard local.bytes.count == name.length else { return false }
        var index = local.bytes.lowerBound
        for byte in name.local.utf8 {
            guard bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// The element's own character data (text and CDATA, entities decoded), children's
    /// excluded: what `XMLElement.text` holds, pieced together the same way.
    func text(of index: Int) -> String {
        let element = elements[index]
        guard let content = element.content else { return "" }
        var text = ""
        var position = content.lowerBound
        var child = element.firstChild
        while position < content.upperBound {
            if child >= 0, elements[child].range.lowerBound == position {
                position = elements[child].range.upperBound
                child = elements[child].nextSibling
            } else if bytes[position] != lessThan {
                let end = bytes[position..<content.upperBound].firstIndex(of: lessThan) ?? content.upperBound
                text += XMLText.decode(bytes[position..<end])
                position = end
            } else if starts(with: "<![CDATA[", at: position) {
                let end = self.end(of: "]]>", from: position + 9)
                text += String(decoding: bytes[(position + 9)..<(end - 3)], as: UTF8.self)
                position = end
            } else if starts(with: "<!--", at: position) {
                position = self.end(of: "-->", from: position + 4)
            } else if starts(with: "<?", at: position) {
                position = self.end(of: "?>", from: position + 2)
            } else {
                // Only a child starts here, and the children were all met above: the parse
                // and this walk disagree, which they cannot.
                assertionFailure("content at \(position) is no child")
                break
            }
        }
        return text
    }

    /// An attribute's value, entities decoded.
    func value(of attribute: Attribute) -> String { XMLText.decode(bytes[attribute.value]) }

    func starts(with literal: StaticString, at position: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[position + offset] != pointer[offset] { return false }
        return true
    }

    /// The position after the first `terminator` at or after `from` (the parse found one).
    private func end(of terminator: StaticString, from: Int) -> Int {
        var position = from
        while position < bytes.count {
            if starts(with: terminator, at: position) { return position + terminator.utf8CodeUnitCount }
            position += 1
        }
        return bytes.count
    }
}

private let lessThan = UInt8(ascii: "<")
