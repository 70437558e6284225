extension XMPPacket {
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
            for regions in Self.fields(of: description, XMPNamespace.mwgRegions, "Regions") {
                for list in Self.fields(of: regions, XMPNamespace.mwgRegions, "RegionList") {
                    for item in Self.items(of: list) {
                        let type = Self.field(of: item, XMPNamespace.mwgRegions, "Type")
                        guard type == nil || type?.lowercased() == "face" else { continue }
                        names += [Self.field(of: item, XMPNamespace.mwgRegions, "Name")].compactMap { $0 }
                    }
                }
            }
        }
        for description in descriptions {
            for info in Self.fields(of: description, XMPNamespace.microsoftPhoto, "RegionInfo") {
                for list in Self.fields(of: info, XMPNamespace.microsoftRegionInfo, "Regions") {
                    for item in Self.items(of: list) {
                        names += [Self.field(of: item, XMPNamespace.microsoftRegion, "PersonDisplayName")]
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

    /// The elements of a struct's field as RDF may write it: a child element of the struct
    /// (`rdf:parseType="Resource"`), or of an `rdf:Description` inside it.
    static func fields(of element: XMLElement, _ namespace: String, _ name: String) -> [XMLElement] {
        element.children(namespace, name)
            + element.children(XMPNamespace.rdf, "Description").flatMap { $0.children(namespace, name) }
    }

    /// A simple field of a struct: an attribute or a child element of it, or of an
    /// `rdf:Description` inside it; trimmed, nil when absent or blank.
    static func field(of element: XMLElement, _ namespace: String, _ name: String) -> String? {
        if let attribute = element.attribute(namespace, name) { return PhotoText.clean(attribute.value) }
        if let child = element.child(namespace, name) {
            if let value = child.child(XMPNamespace.rdf, "value") { return PhotoText.clean(value.text) }
            return PhotoText.clean(child.text)
        }
        for description in element.children(XMPNamespace.rdf, "Description") {
            if let value = field(of: description, namespace, name) { return value }
        }
        return nil
    }

    /// The items of an array property: the `rdf:li` of its `rdf:Bag`, `rdf:Seq` or `rdf:Alt`.
    static func items(of array: XMLElement) -> [XMLElement] {
        ["Bag", "Seq", "Alt"].flatMap { array.children(XMPNamespace.rdf, $0) }
            .flatMap { $0.children(XMPNamespace.rdf, "li") }
    }
}
