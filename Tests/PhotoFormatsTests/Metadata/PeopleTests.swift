import Foundation
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// The names of face regions and people as other tools write them in XMP, in RDF's several
/// forms, bounded against hostile packets, and written back into sidecars that keep the
/// regions already there.
@Suite struct PeopleTests {
    static func packet(_ body: String) -> [UInt8] {
        Array(
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
             <rdf:Description rdf:about="" xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/"
              xmlns:MP="http://ns.microsoft.com/photo/1.2/" xmlns:MPRI="http://ns.microsoft.com/photo/1.2/t/RegionInfo#"
              xmlns:MPReg="http://ns.microsoft.com/photo/1.2/t/Region#"
              xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
              xmlns:lr="http://ns.adobe.com/lightroom/1.0/" xmlns:digiKam="http://www.digikam.org/ns/1.0/">
            \(body)
             </rdf:Description>
            </rdf:RDF></x:xmpmeta>
            """.utf8)
    }

    @Test func regionsInEveryRDFFormAreRead() throws {
        // Picasa writes each region as an rdf:Description with attributes; Lightroom as
        // parseType Resource; a pet's region is no person; digiKam's unnamed faces are none.
        let xmp = Self.packet(
            """
            <mwg-rs:Regions><rdf:Description><mwg-rs:RegionList><rdf:Bag>
             <rdf:li><rdf:Description mwg-rs:Name="Anna" mwg-rs:Type="Face"/></rdf:li>
             <rdf:li rdf:parseType="Resource"><mwg-rs:Name>Rex</mwg-rs:Name><mwg-rs:Type>Pet</mwg-rs:Type></rdf:li>
             <rdf:li rdf:parseType="Resource"><mwg-rs:Name> Bob&#9;Smith </mwg-rs:Name></rdf:li>
            </rdf:Bag></mwg-rs:RegionList></rdf:Description></mwg-rs:Regions>
            <MP:RegionInfo rdf:parseType="Resource"><MPRI:Regions><rdf:Bag>
             <rdf:li MPReg:PersonDisplayName="anna"/>
             <rdf:li rdf:parseType="Resource"><MPReg:PersonDisplayName>Chloé</MPReg:PersonDisplayName></rdf:li>
            </rdf:Bag></MPRI:Regions></MP:RegionInfo>
            <Iptc4xmpExt:PersonInImage><rdf:Bag><rdf:li>Dan</rdf:li></rdf:Bag></Iptc4xmpExt:PersonInImage>
            <digiKam:TagsList><rdf:Seq><rdf:li>People/Unknown</rdf:li><rdf:li>People/Family/Eve</rdf:li>
             <rdf:li>Places/Paris</rdf:li></rdf:Seq></digiKam:TagsList>
            """)
        let text = try XMPPacket(bytes: xmp).text
        #expect(text.people == ["Anna", "Bob Smith", "Chloé", "Dan", "Eve"])
        #expect(text.problems.isEmpty)
    }

    @Test func tenThousandNamesAreKeptAndTheRestDroppedWithOneLine() throws {
        let names = (0..<10_050).map { "<rdf:li>Person \($0)</rdf:li>" }.joined()
        let long = String(repeating: "x", count: People.maximumNameLength + 1)
        let xmp = Self.packet(
            "<Iptc4xmpExt:PersonInImage><rdf:Bag>\(names)<rdf:li>\(long)</rdf:li></rdf:Bag></Iptc4xmpExt:PersonInImage>"
        )
        let text = try XMPPacket(bytes: xmp).text
        #expect(text.people.count == People.maximumCount)
        #expect(text.people.last == "Person 9999")
        #expect(text.problems == ["people: 50 names past the first 10000 dropped, 1 names over 200 characters dropped"])
    }

    @Test func controlCharactersNeverReachAName() throws {
        let xmp = Self.packet(
            "<Iptc4xmpExt:PersonInImage><rdf:Bag><rdf:li>Eve&#27;[31m&#10;Mallory</rdf:li></rdf:Bag></Iptc4xmpExt:PersonInImage>"
        )
        let people = try XMPPacket(bytes: xmp).text.people
        #expect(people == ["Eve [31m Mallory"])
        #expect(!people.joined().unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func sidecarPeopleKeepOtherRegionsAndDropRemovedOnes() throws {
        let xmp = Self.packet(
            """
            <mwg-rs:Regions rdf:parseType="Resource"><mwg-rs:RegionList><rdf:Bag>
             <rdf:li rdf:parseType="Resource"><mwg-rs:Area rdf:parseType="Resource"/><mwg-rs:Name>Anna</mwg-rs:Name><mwg-rs:Type>Face</mwg-rs:Type></rdf:li>
             <rdf:li rdf:parseType="Resource"><mwg-rs:Name>Rex</mwg-rs:Name><mwg-rs:Type>Pet</mwg-rs:Type></rdf:li>
             <rdf:li rdf:parseType="Resource"><mwg-rs:Name>Bob</mwg-rs:Name><mwg-rs:Type>Face</mwg-rs:Type></rdf:li>
            </rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>
            """)
        let written = try SidecarWriter.edited(
            xmp, caption: nil, city: nil, favourite: false, people: ["Anna", "Chloé <&>"], path: RawPath("x.xmp"))
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains("<mwg-rs:Area rdf:parseType=\"Resource\"/><mwg-rs:Name>Anna</mwg-rs:Name>"))
        #expect(text.contains("<mwg-rs:Name>Rex</mwg-rs:Name>") && !text.contains("Bob"))
        #expect(text.contains("<mwg-rs:Name>Chloé &lt;&amp;&gt;</mwg-rs:Name><mwg-rs:Type>Face</mwg-rs:Type>"))
        let back = try XMPPacket(bytes: written).text
        #expect(back.people == ["Anna", "Chloé <&>"])
        // Written again with the same people, nothing changes.
        let again = try SidecarWriter.edited(
            written, caption: nil, city: nil, favourite: false, people: ["Anna", "Chloé <&>"], path: RawPath("x.xmp"))
        #expect(again == written)
    }
}
