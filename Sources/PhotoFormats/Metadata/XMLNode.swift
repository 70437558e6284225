/// A qualified name with its namespace resolved: `dc:description` in
/// `http://purl.org/dc/elements/1.1/`.
struct XMLName: Sendable, Equatable {
    /// The prefix as written (`dc`), empty when there is none.
    var prefix: String
    var local: String
    /// The namespace the prefix was bound to where the name appeared; nil when unbound.
    var namespace: String?

    /// True when this is `local` in `namespace`, whatever prefix the file chose.
    func matches(_ namespace: String, _ local: String) -> Bool {
        self.local == local && self.namespace == namespace
    }

    /// `prefix:local`, as written.
    var qualified: String { prefix.isEmpty ? local : "\(prefix):\(local)" }
}

/// One attribute, with where its value sits in the source (for in-place edits).
struct XMLAttribute: Sendable, Equatable {
    var name: XMLName
    /// The value with entities decoded.
    var value: String
    /// The whole attribute in the source, from the first byte of its name to its closing quote.
    var range: Range<Int>
    /// The raw value between the quotes.
    var valueRange: Range<Int>
}

/// One element of a parsed document, with its byte ranges in the source, so that a writer
/// can replace exactly one element or value and leave every other byte as it was.
struct XMLElement: Sendable, Equatable {
    var name: XMLName
    var attributes: [XMLAttribute]
    var children: [XMLElement]
    /// The element's own character data (text and CDATA, entities decoded), children's excluded.
    var text: String
    /// The start tag, `<` to `>` (the whole element when it is self-closing).
    var startTag: Range<Int>
    /// Between the start tag and the end tag; nil for `<x/>`.
    var content: Range<Int>?
    /// The whole element, start tag to end tag.
    var range: Range<Int>
    /// The namespace bindings in force inside the element (prefix → URI; "" is the default namespace).
    var namespaces: [String: String]

    /// The first attribute with this name, if any.
    func attribute(_ namespace: String, _ local: String) -> XMLAttribute? {
        attributes.first { $0.name.matches(namespace, local) }
    }

    /// Direct children with this name.
    func children(_ namespace: String, _ local: String) -> [XMLElement] {
        children.filter { $0.name.matches(namespace, local) }
    }

    /// The first direct child with this name.
    func child(_ namespace: String, _ local: String) -> XMLElement? {
        children.first { $0.name.matches(namespace, local) }
    }

    /// Every element below this one (depth first, document order) with this name.
    func descendants(_ namespace: String, _ local: String) -> [XMLElement] {
        var found: [XMLElement] = []
        func visit(_ element: XMLElement) {
            for child in element.children {
                if child.name.matches(namespace, local) { found.append(child) }
                visit(child)
            }
        }
        visit(self)
        return found
    }

    /// The prefix bound to `namespace` inside this element, if any (the default namespace is never
    /// returned: attributes need a prefix).
    func prefix(for namespace: String) -> String? {
        namespaces.filter { $0.value == namespace && !$0.key.isEmpty }.keys.sorted().first
    }
}
