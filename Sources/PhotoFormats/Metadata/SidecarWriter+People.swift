extension SidecarWriter {
    /// Writes the people of a photo into a sidecar as the tools that read them expect:
    /// `Iptc4xmpExt:PersonInImage` (a bag of names), and the face regions of the Metadata
    /// Working Group (`mwg-rs:Regions`), which digiKam, Lightroom and exiftool read.
    ///
    /// The regions already there stay as they are (with their areas), but for the faces of
    /// people no longer named, which go (else the next read would bring them back). A person
    /// added by hand has no area: a region with only a name and the type Face, which MWG
    /// allows and digiKam reads as a person tag.
    static func setPeople(_ people: [String], in editor: inout XMPEditor, packet: EditableXMPPacket) {
        editor.setBag(XMPNamespace.iptcExtension, "PersonInImage", to: people)
        let wanted = Set(people.map { $0.lowercased() })
        var named = Set<String>()
        var lists: [XMLElement] = []
        var hasRegions = false
        for description in packet.descriptions {
            for regions in packet.document.fields(of: description, XMPNamespace.mwgRegions, "Regions") {
                hasRegions = true
                for list in packet.document.fields(of: regions, XMPNamespace.mwgRegions, "RegionList") {
                    lists += list.children(XMPNamespace.rdf, "Bag")
                    for item in packet.document.items(of: list) {
                        let type = packet.document.field(of: item, XMPNamespace.mwgRegions, "Type")
                        guard type == nil || type?.lowercased() == "face",
                            let name = packet.document.field(of: item, XMPNamespace.mwgRegions, "Name").flatMap(
                                People.clean)
                        else { continue }
                        if wanted.contains(name.lowercased()) {
                            named.insert(name.lowercased())
                        } else {
                            editor.remove(item)
                        }
                    }
                }
            }
        }
        let missing = People.deduplicated(people).filter { !named.contains($0.lowercased()) }
        guard !missing.isEmpty else { return }
        if let bag = lists.first {
            let rdf = bag.name.prefix
            let mwg = bag.prefix(for: XMPNamespace.mwgRegions) ?? editor.prefix(for: XMPNamespace.mwgRegions)
            if editor.append(into: bag, missing.map { name in { _ in region(name, rdf: rdf, mwg: mwg) } }) { return }
        }
        // Regions in a form photolib does not edit (an empty bag written `<rdf:Bag/>`) stay
        // as they are; PersonInImage still names everyone.
        guard !hasRegions else { return }
        let rdf = editor.prefix(for: XMPNamespace.rdf)
        let mwg = editor.prefix(for: XMPNamespace.mwgRegions)
        editor.addElement { indent in
            let items = missing.map { "\n\(indent)   " + region($0, rdf: rdf, mwg: mwg) }.joined()
            return "<\(mwg):Regions \(rdf):parseType=\"Resource\">\n\(indent) <\(mwg):RegionList>\n"
                + "\(indent)  <\(rdf):Bag>\(items)\n\(indent)  </\(rdf):Bag>\n\(indent) </\(mwg):RegionList>\n"
                + "\(indent)</\(mwg):Regions>"
        }
    }

    /// One region without an area: a face and its name.
    private static func region(_ name: String, rdf: String, mwg: String) -> String {
        "<\(rdf):li \(rdf):parseType=\"Resource\"><\(mwg):Name>\(XMLText.escapeContent(name))</\(mwg):Name>"
            + "<\(mwg):Type>Face</\(mwg):Type></\(rdf):li>"
    }
}
