/// Edits simple and language-alternative properties of an XMP document in place, as a list
/// of byte-range replacements applied at the end, so that nothing outside the properties
/// it changes moves or is rewritten.
struct XMPEditor {
    private let bytes: [UInt8]
    /// Every `rdf:Description`: a property is changed where it already is, whichever holds it.
    private let descriptions: [XMLElement]
    private let document: XMLTree
    /// Where new properties go: the first description.
    private let target: XMLElement
    private var edits: [(range: Range<Int>, replacement: [UInt8])] = []
    private var newDeclarations: [(prefix: String, namespace: String)] = []
    private var newAttributes: [String] = []
    /// New elements, each written for the indentation it is given.
    private var newElements: [(String) -> String] = []

    init(bytes: [UInt8], packet: EditableXMPPacket, target: XMLElement) {
        self.bytes = bytes
        self.descriptions = packet.descriptions
        self.document = packet.document
        self.target = target
    }

    /// The property's value as readers see it (see `XMPNodes.value(of:_:)`).
    func current(_ namespace: String, _ name: String) -> String? {
        descriptions.lazy.compactMap { document.value(of: $0, namespace, name) }.first
    }

    /// Sets the property to `value` (nil removes it), in the form it already has: an
    /// attribute stays an attribute, an element keeps its other children (other languages).
    /// A new property is an attribute of the first description, or for a language
    /// alternative an `rdf:Alt` element with an x-default item.
    mutating func set(_ namespace: String, _ name: String, to value: String?, languageAlternative: Bool) {
        if current(namespace, name) == value.flatMap(PhotoText.clean), value == value.flatMap(PhotoText.clean) {
            return
        }
        for description in descriptions {
            if let attribute = description.attribute(namespace, name) {
                if let value {
                    edits.append((attribute.valueRange, Array(XMLText.escapeAttribute(value).utf8)))
                } else {
                    edits.append((whitespaceStart(before: attribute.range.lowerBound)..<attribute.range.upperBound, []))
                }
                return
            }
            if let element = description.child(namespace, name) {
                guard let value else {
                    edits.append((whitespaceStart(before: element.range.lowerBound)..<element.range.upperBound, []))
                    return
                }
                if languageAlternative, let alternatives = element.child(XMPNamespace.rdf, "Alt") {
                    let items = alternatives.children(XMPNamespace.rdf, "li")
                    if let item = items.first(where: { $0.attribute(XMPNamespace.xml, "lang")?.value == "x-default" }) {
                        replaceText(of: item, with: value)
                    } else if let content = alternatives.content {
                        let rdf = alternatives.name.prefix
                        edits.append(
                            (
                                content.lowerBound..<content.lowerBound,
                                Array(
                                    "<\(rdf):li xml:lang=\"x-default\">\(XMLText.escapeContent(value))</\(rdf):li>".utf8
                                )
                            ))
                    }
                } else {
                    replaceText(of: element, with: value)
                }
                return
            }
        }
        guard let value else { return }
        let prefix = self.prefix(for: namespace)
        if languageAlternative {
            let rdf = self.prefix(for: XMPNamespace.rdf)
            let text = XMLText.escapeContent(value)
            newElements.append { indent in
                "<\(prefix):\(name)>\n\(indent) <\(rdf):Alt>\n\(indent)  <\(rdf):li xml:lang=\"x-default\">\(text)</\(rdf):li>\n"
                    + "\(indent) </\(rdf):Alt>\n\(indent)</\(prefix):\(name)>"
            }
        } else {
            newAttributes.append("\(prefix):\(name)=\"\(XMLText.escapeAttribute(value))\"")
        }
    }

    /// Sets an unordered array property (`rdf:Bag`) to `items`; empty removes it. Nothing is
    /// touched when it already holds these items in this order. An existing property is
    /// replaced where it stands (an attribute form is removed and the element added).
    mutating func setBag(_ namespace: String, _ name: String, to items: [String]) {
        let current = descriptions.flatMap { description in
            description.children(namespace, name).flatMap { property in
                ["Bag", "Seq", "Alt"].flatMap { property.children(XMPNamespace.rdf, $0) }
                    .flatMap { $0.children(XMPNamespace.rdf, "li") }.map { PhotoText.clean($0.text) ?? "" }
            } + [description.attribute(namespace, name)?.value].compactMap { $0 }
        }
        if current == items { return }
        var replaced = false
        for description in descriptions {
            if let attribute = description.attribute(namespace, name) {
                edits.append((whitespaceStart(before: attribute.range.lowerBound)..<attribute.range.upperBound, []))
            }
            for element in description.children(namespace, name) {
                if !replaced, !items.isEmpty {
                    let indent = indentation(before: element.range.lowerBound)
                    let rdf = element.prefix(for: XMPNamespace.rdf) ?? "rdf"
                    edits.append(
                        (element.range, Array(Self.bag(element.name.qualified, rdf: rdf, items, indent: indent).utf8)))
                    replaced = true
                } else {
                    edits.append((whitespaceStart(before: element.range.lowerBound)..<element.range.upperBound, []))
                }
            }
        }
        guard !replaced, !items.isEmpty else { return }
        let qualified = "\(prefix(for: namespace)):\(name)"
        let rdf = prefix(for: XMPNamespace.rdf)
        newElements.append { indent in Self.bag(qualified, rdf: rdf, items, indent: indent) }
    }

    /// `<dc:subject><rdf:Bag><rdf:li>…</rdf:li>…</rdf:Bag></dc:subject>`, one item a line.
    private static func bag(_ qualified: String, rdf: String, _ items: [String], indent: String) -> String {
        let lines = items.map { "\n\(indent)  <\(rdf):li>\(XMLText.escapeContent($0))</\(rdf):li>" }.joined()
        return "<\(qualified)>\n\(indent) <\(rdf):Bag>\(lines)\n\(indent) </\(rdf):Bag>\n\(indent)</\(qualified)>"
    }

    /// Removes an element, with the white space that indents it.
    mutating func remove(_ element: XMLElement) {
        edits.append((whitespaceStart(before: element.range.lowerBound)..<element.range.upperBound, []))
    }

    /// Adds items at the end of an array's content (an `rdf:Bag`), each written by `make`
    /// for the indentation of the array's items; false when the array has no content to add to.
    mutating func append(into array: XMLElement, _ items: [(String) -> String]) -> Bool {
        guard let content = array.content else { return false }
        let indent = indentation(before: array.range.lowerBound) + " "
        let position = whitespaceStart(before: content.upperBound, floor: content.lowerBound)
        edits.append((position..<position, Array(items.map { "\n\(indent)" + $0(indent) }.joined().utf8)))
        return true
    }

    /// Adds a new element to the first description, written by `make` for its indentation.
    mutating func addElement(_ make: @escaping (String) -> String) {
        newElements.append(make)
    }

    /// True when some description holds the property.
    func has(_ namespace: String, _ name: String) -> Bool {
        descriptions.contains { $0.attribute(namespace, name) != nil || $0.child(namespace, name) != nil }
    }

    /// The document with every edit made.
    func result() -> [UInt8] {
        var edits = self.edits
        let attributes = newDeclarations.map { "xmlns:\($0.prefix)=\"\($0.namespace)\"" } + newAttributes
        if !attributes.isEmpty {
            let position =
                target.attributes.last?.range.upperBound
                ?? (target.startTag.lowerBound + 1 + target.name.qualified.utf8.count)
            let separatorStart = target.attributes.last.map { whitespaceStart(before: $0.range.lowerBound) }
            let separator =
                separatorStart.flatMap { start in
                    let run = String(decoding: bytes[start..<target.attributes.last!.range.lowerBound], as: UTF8.self)
                    return run.isEmpty ? nil : run
                } ?? " "
            edits.append((position..<position, Array(attributes.map { separator + $0 }.joined().utf8)))
        }
        if !newElements.isEmpty {
            let indent = indentation(before: target.startTag.lowerBound)
            let children = newElements.map { "\n\(indent) " + $0(indent + " ") }.joined()
            if let content = target.content {
                // Before the whitespace that indents the end tag, so that it keeps its line.
                let position = whitespaceStart(before: content.upperBound, floor: content.lowerBound)
                edits.append((position..<position, Array(children.utf8)))
            } else {
                let close = target.startTag.upperBound - 2
                edits.append(
                    (
                        close..<target.startTag.upperBound,
                        Array(">\(children)\n\(indent)</\(target.name.qualified)>".utf8)
                    ))
            }
        }
        var output = bytes
        // From the end, so earlier ranges stay valid; at one position, the later edit goes in
        // first so that the earlier one ends up before it.
        let ordered = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) > ($1.element.range.lowerBound, $1.offset)
        }
        for (_, edit) in ordered { output.replaceSubrange(edit.range, with: edit.replacement) }
        return output
    }

    // MARK: - Helpers

    /// Replaces an element's text, keeping its start tag (and so its attributes) as written.
    private mutating func replaceText(of element: XMLElement, with value: String) {
        let text = Array(XMLText.escapeContent(value).utf8)
        if let content = element.content {
            edits.append((content, text))
        } else {
            // `<x a="1"/>` becomes `<x a="1">text</x>`.
            var end = element.startTag.upperBound - 2
            while end > element.startTag.lowerBound, isWhitespace(bytes[end - 1]) { end -= 1 }
            edits.append(
                (end..<element.startTag.upperBound, Array(">".utf8) + text + Array("</\(element.name.qualified)>".utf8))
            )
        }
    }

    /// The prefix to write `namespace` with in the target description, declaring one if needed.
    mutating func prefix(for namespace: String) -> String {
        if let existing = target.prefix(for: namespace) { return existing }
        if let declared = newDeclarations.first(where: { $0.namespace == namespace }) { return declared.prefix }
        let base = XMPNamespace.customaryPrefix[namespace] ?? "ns"
        var candidate = base
        var number = 1
        while target.namespaces[candidate] != nil || newDeclarations.contains(where: { $0.prefix == candidate }) {
            candidate = "\(base)\(number)"
            number += 1
        }
        newDeclarations.append((candidate, namespace))
        return candidate
    }

    /// Where the whitespace run that ends at `index` starts (not below `floor`).
    private func whitespaceStart(before index: Int, floor: Int = 0) -> Int {
        var start = index
        while start > floor, isWhitespace(bytes[start - 1]) { start -= 1 }
        return start
    }

    /// The spaces and tabs that indent the line `index` is on, when only they precede it on that line.
    private func indentation(before index: Int) -> String {
        var start = index
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        guard start == 0 || bytes[start - 1] == UInt8(ascii: "\n") else { return "" }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
