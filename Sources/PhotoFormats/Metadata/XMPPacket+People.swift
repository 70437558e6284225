extension XMPProperties {
    /// The names of the people in the photo, as other tools wrote them, in this order: the
    /// face regions of the Metadata Working Group (`mwg-rs:Regions`, digiKam, Lightroom,
    /// Picasa, Apple Photos; items of `mwg-rs:Type` Face, or with no type), Microsoft's
    /// (`MP:RegionInfo`, Windows Photo Gallery), IPTC's `Iptc4xmpExt:PersonInImage`, and the
    /// leaves of a `People` keyword tree (`digiKam:TagsList`, `lr:hierarchicalSubject`).
    /// Not yet cleaned nor bounded (see `People.bounded`).
    var peopleNames: [String] {
        // Each kind over every description, then the next: the order above, whichever
        // description a tool put each kind in.
        var names: [String] = []
        for description in descriptions {
            for regions in document.fields(of: description, XMPNamespace.mwgRegions, "Regions") {
                for list in document.fields(of: regions, XMPNamespace.mwgRegions, "RegionList") {
                    for item in document.items(of: list) {
                        let type = document.field(of: item, XMPNamespace.mwgRegions, "Type")
                        guard type == nil || type?.lowercased() == "face" else { continue }
                        names += [document.field(of: item, XMPNamespace.mwgRegions, "Name")].compactMap { $0 }
                    }
                }
            }
        }
        for description in descriptions {
            for info in document.fields(of: description, XMPNamespace.microsoftPhoto, "RegionInfo") {
                for list in document.fields(of: info, XMPNamespace.microsoftRegionInfo, "Regions") {
                    for item in document.items(of: list) {
                        names += [document.field(of: item, XMPNamespace.microsoftRegion, "PersonDisplayName")]
                            .compactMap { $0 }
                    }
                }
            }
        }
        names += values(XMPNamespace.iptcExtension, "PersonInImage")
        let trees =
            values(XMPNamespace.digiKam, "TagsList").compactMap { Keywords.clean($0, separator: "/") }
            + values(XMPNamespace.lightroom, "hierarchicalSubject").compactMap { Keywords.clean($0, separator: "|") }
        names += trees.compactMap(People.person(inTree:))
        return names
    }
}

/// The reads of structures (a face region, its name and type), whichever reader parsed the packet.
extension XMPNodes {
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
