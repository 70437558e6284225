import Testing

@testable import PhotoFormats

/// Comparing the two XML readers (see `FlatXMLDifferentialTests`), and the packets to compare them on.
enum XMPSamples {
    /// Where `FlatXMLParser` and `XMLReader` disagree on `bytes`; empty when they do not.
    static func differences(_ bytes: [UInt8]) -> [String] {
        let tree: Result<XMLElement, XMLReadError> = Result { () throws(XMLReadError) in try XMLReader.parse(bytes) }
        let flat: Result<FlatXML, XMLReadError> = Result { () throws(XMLReadError) in try FlatXMLParser.parse(bytes) }
        switch (tree, flat) {
        case (.failure(let a), .failure(let b)): return a == b ? [] : ["tree: \(a), flat: \(b)"]
        case (.failure(let a), .success): return ["only the tree fails: \(a)"]
        case (.success, .failure(let b)): return ["only the flat reader fails: \(b)"]
        case (.success(let root), .success(let document)):
            var found: [String] = []
            var index = 0
            compare(root, document, &index, &found)
            // `index` is now the last element's.
            if index + 1 != document.elements.count {
                found.append("\(document.elements.count - index - 1) extra flat elements")
            }
            found += compareReadings(
                EditableXMPPacket(document: XMLTree(root: root)), XMPPacket(document: document))
            return found
        }
    }

    static func sameReading(_ bytes: [UInt8]) -> Bool { differences(bytes).isEmpty }

    static func expectSameReading(_ bytes: [UInt8], _ label: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        let found = differences(bytes)
        #expect(found.isEmpty, "\(label): \(found.prefix(5).joined(separator: "; "))", sourceLocation: sourceLocation)
    }

    /// The elements in document order, each with its name, attributes, text and ranges.
    private static func compare(_ element: XMLElement, _ document: FlatXML, _ index: inout Int, _ found: inout [String])
    {
        guard index < document.elements.count else {
            found.append("flat document ends before \(element.name.qualified)")
            return
        }
        let flat = document.elements[index]
        let node = index
        func here(_ what: String) { found.append("element \(node) <\(element.name.qualified)>: \(what)") }
        if name(flat.namespace, flat.local, document) != [element.name.namespace, element.name.local] {
            here("name \(name(flat.namespace, flat.local, document))")
        }
        let attributes = document.attributes[flat.attributes].map {
            name($0.namespace, $0.local, document) + [document.value(of: $0)]
        }
        if attributes != element.attributes.map({ [$0.name.namespace, $0.name.local, $0.value] }) {
            here("attributes \(attributes)")
        }
        if document.text(of: node) != element.text { here("text \(document.text(of: node).debugDescription)") }
        if flat.range != element.range || flat.content != element.content { here("range \(flat.range)") }
        for child in element.children {
            index += 1
            if index < document.elements.count, document.elements[index].parent != node {
                here("child \(index) has parent \(document.elements[index].parent)")
            }
            compare(child, document, &index, &found)
        }
    }

    private static func name(_ namespace: Int, _ local: FlatXML.LocalName, _ document: FlatXML) -> [String?] {
        let text =
            local.exotic >= 0
            ? document.exoticNames[local.exotic] : String(decoding: document.bytes[local.bytes], as: UTF8.self)
        return [namespace >= 0 ? document.namespaces[namespace] : nil, text]
    }

    private static func compareReadings(_ tree: EditableXMPPacket, _ flat: XMPPacket) -> [String] {
        var found: [String] = []
        if tree.text != flat.text { found.append("text \(tree.text) ≠ \(flat.text)") }
        if tree.peopleNames != flat.peopleNames { found.append("people \(tree.peopleNames) ≠ \(flat.peopleNames)") }
        if tree.extendedGUID != flat.extendedGUID { found.append("extended GUID") }
        if tree.motionPhotoClipLength != flat.motionPhotoClipLength { found.append("motion photo") }
        if tree.captionWrittenByPhotolib != flat.captionWrittenByPhotolib {
            found.append("caption written by photolib")
        }
        if tree.descriptions.count != flat.descriptions.count { found.append("descriptions") }
        return found
    }

    /// A JPEG's XMP packets: the main one, and the extended one it names, reassembled.
    static func packets(inJPEG bytes: [UInt8]) -> [[UInt8]] {
        let layout = bytes.withUnsafeBytes { JPEGMarkerReader.walk(bytes: $0).layout }
        func payload(_ segment: JPEGSegment) -> ArraySlice<UInt8> {
            let start = Int(segment.payloadOffset)
            return bytes[start..<min(bytes.count, start + segment.payloadLength)]
        }
        guard let main = layout.first(.xmp) else { return [] }
        let packet = Array(payload(main).dropFirst(ImageFileReader.xmpSignatureLength))
        guard let guid = (try? XMPPacket(bytes: packet))?.extendedGUID,
            let extended = ExtendedXMP.assemble(
                guid: guid, payloads: layout.segments.filter { $0.kind == .xmpExtension }.map(payload))
        else { return [packet] }
        return [packet, extended]
    }

    static func range(of text: String, in bytes: [UInt8]) -> Range<Int>? {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
            .map { $0..<($0 + needle.count) }
    }
}
