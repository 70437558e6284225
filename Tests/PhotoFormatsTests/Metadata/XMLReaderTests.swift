import Foundation
import Testing

@testable import PhotoFormats

@Suite struct XMLReaderTests {
    private func parse(_ text: String) throws(XMLReadError) -> XMLElement { try XMLReader.parse(Array(text.utf8)) }

    @Test func resolvesNamespacesOfElementsAndAttributes() throws {
        let root = try parse(
            """
            <?xml version="1.0"?><!-- lead --><!DOCTYPE x [<!ENTITY a "b">]>
            <r xmlns="urn:default" xmlns:p="urn:p"><p:item p:k="v" plain="w"/><child/></r>
            """)
        #expect(root.name == XMLName(prefix: "", local: "r", namespace: "urn:default"))
        let item = try #require(root.child("urn:p", "item"))
        #expect(item.attribute("urn:p", "k")?.value == "v")
        // An unprefixed attribute is in no namespace, even under a default namespace.
        #expect(item.attributes.last?.name == XMLName(prefix: "", local: "plain", namespace: nil))
        #expect(root.child("urn:default", "child") != nil)
        #expect(item.prefix(for: "urn:p") == "p")
    }

    @Test func decodesEntitiesCDATAAndNumericReferences() throws {
        let root = try parse(
            "<a t=\"&quot;x&quot; &amp; &#233;\">1 &lt; 2 &#x2014; <![CDATA[<raw> &amp;]]> &unknown; &#xD800;</a>")
        #expect(root.attributes.first?.value == "\"x\" & é")
        #expect(root.text == "1 < 2 — <raw> &amp; &unknown; &#xD800;")
    }

    @Test func keepsByteRangesForInPlaceEdits() throws {
        let text = "<r><a k='1'>hello</a><b/></r>"
        let bytes = Array(text.utf8)
        let root = try XMLReader.parse(bytes)
        let a = try #require(root.children.first)
        #expect(String(decoding: bytes[a.range], as: UTF8.self) == "<a k='1'>hello</a>")
        #expect(String(decoding: bytes[a.startTag], as: UTF8.self) == "<a k='1'>")
        #expect(String(decoding: bytes[try #require(a.content)], as: UTF8.self) == "hello")
        #expect(String(decoding: bytes[a.attributes[0].range], as: UTF8.self) == "k='1'")
        #expect(String(decoding: bytes[a.attributes[0].valueRange], as: UTF8.self) == "1")
        let b = root.children[1]
        #expect(b.content == nil && String(decoding: bytes[b.range], as: UTF8.self) == "<b/>")
    }

    @Test(arguments: [
        ("<a><b></a>", "<b> closed by </a>"),
        ("<a k=v/>", "attribute k has an unquoted value"),
        ("<a>", "element <a> is not closed"),
        ("just text", "no root element"),
        ("<a k=\"1/>", "attribute k is not closed"),
    ])
    func malformedDocumentsSayWhy(text: String, reason: String) {
        let error = #expect(throws: XMLReadError.self) { try parse(text) }
        #expect(error?.reason == reason)
    }

    @Test func deepNestingIsRefusedNotCrashed() {
        let text = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        #expect(throws: XMLReadError.self) { try parse(text) }
    }

    @Test func escapingRoundTripsThroughTheReader() throws {
        let original = "Tom & Jerry <3 \"quoted\"\nline\ttab\u{1}"
        let element = try parse("<a k=\"\(XMLText.escapeAttribute(original))\">\(XMLText.escapeContent(original))</a>")
        let withoutControl = original.replacingOccurrences(of: "\u{1}", with: "")
        #expect(element.attributes.first?.value == withoutControl)
        #expect(element.text == withoutControl)
    }
}
