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

    /// The elements of a struct's field as RDF may write it: a child element of the struct
    /// (`rdf:parseType="Resource"`), or of an `rdf:Description` inside it.
    func fields(of element: Node, _ namespace: String, _ name: String) -> [Node] {
        let field = self.name(namespace, name)
        return children(field, of: element)
            + children(rdf.description, of: element).flatMap { children(field, of: $0) }
    }

    /// A simple field of a struct: an attribute or a child element of it, or of an
    /// `rdf:Description` inside it; trimmed, nil when absent or blank.
    func field(of element: Node, _ namespace: String, _ name: String) -> String? {
        field(of: element, self.name(namespace, name))
    }

    private func field(of element: Node, _ name: Name) -> String? {
        if let attribute = attribute(name, of: element) { return PhotoText.clean(attribute) }
        if let child = child(name, of: element) {
            if let value = self.child(rdf.value, of: child) { return PhotoText.clean(text(of: value)) }
            return PhotoText.clean(text(of: child))
        }
        for description in children(rdf.description, of: element) {
            if let value = field(of: description, name) { return value }
        }
        return nil
    }

    /// The items of an array property: the `rdf:li` of its `rdf:Bag`, `rdf:Seq` or `rdf:Alt`.
    func items(of array: Node) -> [Node] {
        rdf.arrays.flatMap { children($0, of: array) }.flatMap { children(rdf.item, of: $0) }
    }
}
