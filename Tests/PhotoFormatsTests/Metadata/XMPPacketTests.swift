import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats

/// XMP packets in the shapes real tools write them.
@Suite struct XMPPacketTests {
    @Test func darktableSidecar() throws {
        let packet = try XMPPacket(bytes: Array(SampleXMP.darktable.utf8))
        #expect(packet.text == PhotoText(caption: "Lovely & odd piece of art", rating: 1))
    }

    @Test func lightroomSidecarWithTitleForCaption() throws {
        let packet = try XMPPacket(bytes: Array(SampleXMP.lightroom.utf8))
        #expect(
            packet.text
                == PhotoText(
                    caption: "Buda beach", city: "Kortrijk", region: "Vlaanderen",
                    country: "Belgium", rating: 4, keywords: ["beach"]))
    }

    @Test func descriptionWinsOverTitleAndFirstItemStandsInForXDefault() throws {
        let packet = try XMPPacket(
            bytes: Array(
                """
                <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/">
                 <rdf:Description dc:title="A title">
                  <dc:description><rdf:Alt><rdf:li xml:lang="de">Der Goalie</rdf:li><rdf:li xml:lang="en">The goalie</rdf:li></rdf:Alt></dc:description>
                 </rdf:Description>
                </rdf:RDF>
                """.utf8))
        #expect(packet.text.caption == "Der Goalie")
    }

    @Test func cameraBoilerplateInTheDescriptionGivesWayToTheTitle() throws {
        func caption(description: String, title: String?) throws -> String? {
            let titleAttribute = title.map { " dc:title=\"\($0)\"" } ?? ""
            let packet = try XMPPacket(
                bytes: Array(
                    """
                    <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/">
                     <rdf:Description\(titleAttribute)>
                      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">\(description)</rdf:li></rdf:Alt></dc:description>
                     </rdf:Description>
                    </rdf:RDF>
                    """.utf8))
            return packet.text.caption
        }
        #expect(try caption(description: "OLYMPUS DIGITAL CAMERA         ", title: nil) == nil)
        #expect(try caption(description: "OLYMPUS DIGITAL CAMERA", title: "Harbour at dawn") == "Harbour at dawn")
        #expect(try caption(description: "Harbour at dawn", title: "P1010001") == "Harbour at dawn")
        #expect(try caption(description: "null", title: "DSC00001") == nil)
    }

    @Test(arguments: [("5", 5), ("3.0", 3), ("-1", -1), ("7", nil), ("high", nil)] as [(String, Int?)])
    func ratings(text: String, expected: Int?) {
        #expect(XMPPacket.rating(text) == expected)
    }

    @Test func extendedXMPIsReassembledFromItsPieces() throws {
        let guid = "0123456789ABCDEF0123456789ABCDEF"
        let extended = Array(
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Tokyo"/></rdf:RDF></x:xmpmeta>
            """.utf8)
        let main = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:xmpNote="http://ns.adobe.com/xmp/note/" xmlns:dc="http://purl.org/dc/elements/1.1/"
             xmpNote:HasExtendedXMP="\(guid)" dc:description="Cherry blossom"/></rdf:RDF></x:xmpmeta>
            """
        func piece(_ range: Range<Int>, guid: String = guid) -> [UInt8] {
            var payload = Array("http://ns.adobe.com/xmp/extension/\0".utf8) + Array(guid.utf8)
            for value in [UInt32(extended.count), UInt32(range.lowerBound)] {
                payload += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
            }
            return SyntheticJPEG.segment(0xE1, payload + extended[range])
        }
        let half = extended.count / 2
        let jpeg = SyntheticJPEG.jpeg(segments: [
            SyntheticJPEG.jfif,
            SyntheticJPEG.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(main.utf8)),
            // Out of order, and with a piece of another packet in between.
            piece(half..<extended.count), piece(0..<4, guid: String(repeating: "F", count: 32)), piece(0..<half),
        ])
        let folder = try TemporaryDirectory()
        let reading = try ImageFileReader.read(try folder.write(jpeg, named: "extended.jpg"))
        #expect(reading.embeddedText.xmp == PhotoText(caption: "Cherry blossom", city: "Tokyo"))
        #expect(reading.embeddedText.problems.isEmpty)

        let incomplete = SyntheticJPEG.jpeg(segments: [
            SyntheticJPEG.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(main.utf8)),
            piece(0..<half),
        ])
        let partial = try ImageFileReader.read(try folder.write(incomplete, named: "incomplete.jpg"))
        #expect(partial.embeddedText.xmp == PhotoText(caption: "Cherry blossom"))
    }

    @Test func malformedPacketIsAProblemNotAFailure() throws {
        let jpeg = SyntheticJPEG.jpeg(segments: [
            SyntheticJPEG.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><rdf:RDF>".utf8))
        ])
        let folder = try TemporaryDirectory()
        let reading = try ImageFileReader.read(try folder.write(jpeg, named: "bad.jpg"))
        #expect(reading.embeddedText.xmp == nil)
        #expect(
            reading.embeddedText.problems == ["XMP not read: malformed XML at byte 20: element <rdf:RDF> is not closed"]
        )
    }
}
