/// A parsed XML document as the XMP property reads see it, whichever reader parsed it:
/// `FlatXML` where a packet is only read (indexing, sidecars), the `XMLElement` tree of
/// `XMLReader` (`XMLTree`) where an editor needs its byte ranges. The reads are written once
/// (see `XMPProperties`), so the two cannot drift apart.
protocol XMPNodes: SendableMetatype {
    associatedtype Node
    /// A namespace and a local name, resolved once for the document so that comparing with it is cheap.
    associatedtype Name

    var root: Node { get }
    /// The RDF names every read compares with.
    var rdf: RDFNames<Name> { get }
    func name(_ namespace: String, _ local: String) -> Name
    func isNamed(_ node: Node, _ name: Name) -> Bool
    /// The value (entities decoded) of the first attribute with this name.
    func attribute(_ name: Name, of node: Node) -> String?
    /// Direct children with this name, in document order.
    func children(_ name: Name, of node: Node) -> [Node]
    func child(_ name: Name, of node: Node) -> Node?
    /// Every element below `node` (depth first, document order) with this name.
    func descendants(_ name: Name, of node: Node) -> [Node]
    /// The element's own character data (text and CDATA, entities decoded), children's excluded.
    func text(of node: Node) -> String
}

/// The names of RDF's (and `xml:lang`) that the reads look for.
struct RDFNames<Name> {
    let graph, description, alternative, sequence, bag, item, value, resource, language: Name
    /// Alternatives, sequences and bags, in the order the reads look into them.
    var arrays: [Name] { [bag, sequence, alternative] }

    init(_ resolve: (String, String) -> Name) {
        graph = resolve(XMPNamespace.rdf, "RDF")
        description = resolve(XMPNamespace.rdf, "Description")
        alternative = resolve(XMPNamespace.rdf, "Alt")
        sequence = resolve(XMPNamespace.rdf, "Seq")
        bag = resolve(XMPNamespace.rdf, "Bag")
        item = resolve(XMPNamespace.rdf, "li")
        value = resolve(XMPNamespace.rdf, "value")
        resource = resolve(XMPNamespace.rdf, "resource")
        language = resolve(XMPNamespace.xml, "lang")
    }
}

extension RDFNames: Sendable where Name: Sendable {}

/// `XMLReader`'s tree, for the editors (`SidecarWriter`, `XMPEditor`).
struct XMLTree: XMPNodes {
    struct Name: Sendable {
        var namespace: String
        var local: String
    }

    let root: XMLElement
    private static let rdfNames = RDFNames { Name(namespace: $0, local: $1) }
    var rdf: RDFNames<Name> { Self.rdfNames }

    func name(_ namespace: String, _ local: String) -> Name { Name(namespace: namespace, local: local) }
    func isNamed(_ node: XMLElement, _ name: Name) -> Bool { node.name.matches(name.namespace, name.local) }
    func attribute(_ name: Name, of node: XMLElement) -> String? { node.attribute(name.namespace, name.local)?.value }
    func children(_ name: Name, of node: XMLElement) -> [XMLElement] { node.children(name.namespace, name.local) }
    func child(_ name: Name, of node: XMLElement) -> XMLElement? { node.child(name.namespace, name.local) }
    func descendants(_ name: Name, of node: XMLElement) -> [XMLElement] {
        node.descendants(name.namespace, name.local)
    }
    func text(of node: XMLElement) -> String { node.text }
}

extension FlatXML: XMPNodes {
    /// The root element is the first.
    var root: Int { 0 }

    func isNamed(_ node: Int, _ name: Name) -> Bool {
        elements[node].namespace == name.namespace && matches(elements[node].local, name)
    }

    func attribute(_ name: Name, of node: Int) -> String? {
        for index in elements[node].attributes {
            let attribute = attributes[index]
            if attribute.namespace == name.namespace, matches(attribute.local, name) { return value(of: attribute) }
        }
        return nil
    }

    func children(_ name: Name, of node: Int) -> [Int] {
        var found: [Int] = []
        var child = elements[node].firstChild
        while child >= 0 {
            if isNamed(child, name) { found.append(child) }
            child = elements[child].nextSibling
        }
        return found
    }

    func child(_ name: Name, of node: Int) -> Int? {
        var child = elements[node].firstChild
        while child >= 0 {
            if isNamed(child, name) { return child }
            child = elements[child].nextSibling
        }
        return nil
    }

    func descendants(_ name: Name, of node: Int) -> [Int] {
        ((node + 1)..<elements[node].subtreeEnd).filter { isNamed($0, name) }
    }
}

/// The reads of one element's properties, the same whichever reader parsed the document.
extension XMPNodes {
    /// A property's value in one description: an attribute, a simple element, or the
    /// default item of an `rdf:Alt` (else its first item), or the first item of an array.
    func value(of description: Node, _ property: Name) -> String? {
        if let attribute = attribute(property, of: description) { return PhotoText.clean(attribute) }
        guard let element = child(property, of: description) else { return nil }
        if let item = defaultItem(of: element) { return PhotoText.clean(text(of: item)) }
        if let rdfValue = child(rdf.value, of: element) { return PhotoText.clean(text(of: rdfValue)) }
        if attribute(rdf.resource, of: element) != nil { return nil }
        return PhotoText.clean(text(of: element))
    }

    func value(of description: Node, _ namespace: String, _ name: String) -> String? {
        value(of: description, self.name(namespace, name))
    }

    /// The `rdf:li` a reader shows for a property: x-default in an `rdf:Alt`, else the first item.
    func defaultItem(of property: Node) -> Node? {
        let rdf = self.rdf
        if let alternatives = child(rdf.alternative, of: property) {
            let items = children(rdf.item, of: alternatives)
            return items.first { attribute(rdf.language, of: $0) == "x-default" } ?? items.first
        }
        for array in [rdf.sequence, rdf.bag] {
            if let container = child(array, of: property) { return child(rdf.item, of: container) }
        }
        return nil
    }
}
