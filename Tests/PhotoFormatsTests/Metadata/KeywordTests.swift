import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Keywords as Lightroom, digiKam, exiftool and IPTC-IIM write them, read into one
/// deduplicated list, and written back into sidecars that read the same again.
@Suite struct KeywordTests {
    static func packet(_ body: String) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
         <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
          xmlns:lr="http://ns.adobe.com/lightroom/1.0/" xmlns:digiKam="http://www.digikam.org/ns/1.0/">
        \(body)
         </rdf:Description>
        </rdf:RDF></x:xmpmeta>
        """
    }

    @Test func lightroomLevelsInDCSubjectAreOneKeywordWithItsHierarchy() throws {
        // What Lightroom writes for the keyword Bordeaux under Places > France, plus a flat one.
        let xmp = Self.packet(
            """
            <dc:subject><rdf:Bag><rdf:li>Places</rdf:li><rdf:li>France</rdf:li><rdf:li>Bordeaux</rdf:li>
             <rdf:li>sunset</rdf:li><rdf:li>SUNSET</rdf:li><rdf:li>  </rdf:li></rdf:Bag></dc:subject>
            <lr:hierarchicalSubject><rdf:Bag><rdf:li>Places|France|Bordeaux</rdf:li></rdf:Bag></lr:hierarchicalSubject>
            """)
        #expect(try XMPPacket(bytes: Array(xmp.utf8)).text.keywords == ["Places/France/Bordeaux", "sunset"])
    }

    @Test func digiKamTagsListAndLightroomAgreeingAreNotRepeated() throws {
        let xmp = Self.packet(
            """
            <digiKam:TagsList><rdf:Seq><rdf:li>People/Anna</rdf:li><rdf:li>places/france/bordeaux</rdf:li></rdf:Seq></digiKam:TagsList>
            <lr:hierarchicalSubject><rdf:Bag><rdf:li>Places| France |Bordeaux</rdf:li></rdf:Bag></lr:hierarchicalSubject>
            <dc:subject><rdf:Bag><rdf:li>Anna</rdf:li><rdf:li>Bordeaux</rdf:li></rdf:Bag></dc:subject>
            """)
        #expect(try XMPPacket(bytes: Array(xmp.utf8)).text.keywords == ["Places/France/Bordeaux", "People/Anna"])
    }

    @Test func everyIPTCKeywordIsRead() {
        let iim =
            IPTCReaderTests.dataset(1, 90, [0x1B, 0x25, 0x47]) + IPTCReaderTests.dataset(2, 25, Array("été".utf8))
            + IPTCReaderTests.dataset(2, 25, Array("beach".utf8)) + IPTCReaderTests.dataset(2, 25, Array("Été".utf8))
        let text = IPTCReader.read(photoshopPayloads: [IPTCReaderTests.photoshopPayload(iim: iim)[...]])
        #expect(text?.keywords == ["été", "beach"])
    }

    @Test func keywordsAreOneLineAndHierarchiesMatchTheirChildren() {
        #expect(Keywords.clean("a\nb\t", separator: nil) == "a b")
        #expect(Keywords.clean(" Places // France ", separator: "/") == "Places/France")
        #expect(Keywords.clean(" | ", separator: "|") == nil)
        #expect(Keywords.matches("Places/France/Bordeaux", "places/FRANCE"))
        #expect(!Keywords.matches("Places/Francey", "Places/France"))
    }

    @Test func theSidecarWriterWritesKeywordsThatReadBackTheSame() throws {
        let folder = try TemporaryDirectory()
        let photo = try folder.write(SyntheticJPEG.jpeg(), named: "photo.jpg")
        let keywords = ["Places/France/Bordeaux", "sunset", "Tom & Jerry"]
        let path = try SidecarWriter.update(
            originalPath: photo, caption: nil, city: nil, favourite: false, rating: .user(3), keywords: keywords)
        let text = try Sidecar.read(path)
        #expect(text.keywords == keywords)
        #expect(text.rating == 3)
        let written = String(decoding: try FileSystem.readFile(path), as: UTF8.self)
        #expect(written.contains("<rdf:li>Places|France|Bordeaux</rdf:li>"))
        #expect(written.contains("<rdf:li>Bordeaux</rdf:li>"), "every level goes into dc:subject, as Lightroom writes")

        // A removed keyword leaves every list, digiKam's too; the rest of the file stays.
        let digiKam = Self.packet(
            """
            <digiKam:TagsList><rdf:Seq><rdf:li>sunset</rdf:li><rdf:li>old</rdf:li></rdf:Seq></digiKam:TagsList>
            <dc:subject><rdf:Bag><rdf:li>sunset</rdf:li><rdf:li>old</rdf:li></rdf:Bag></dc:subject>
            """)
        let edited = try SidecarWriter.edited(
            Array(digiKam.utf8), caption: nil, city: nil, favourite: false, keywords: ["sunset"], path: path)
        let reread = try XMPPacket(bytes: edited).text
        #expect(reread.keywords == ["sunset"])
        #expect(!String(decoding: edited, as: UTF8.self).contains("old"))
        // Unchanged keywords change no byte.
        #expect(
            try SidecarWriter.edited(
                edited, caption: nil, city: nil, favourite: false, keywords: ["sunset"], path: path)
                == edited)
    }

    @Test func aRatingSomeoneSetWinsOverTheFavouriteFlag() throws {
        let folder = try TemporaryDirectory()
        let photo = try folder.write(SyntheticJPEG.jpeg(), named: "photo.jpg")
        let path = try SidecarWriter.update(originalPath: photo, caption: nil, city: nil, favourite: true)
        #expect(try Sidecar.read(path).rating == 5)
        try SidecarWriter.update(originalPath: photo, caption: nil, city: nil, favourite: true, rating: .user(2))
        #expect(try Sidecar.read(path).rating == 2)
        try SidecarWriter.update(originalPath: photo, caption: nil, city: nil, favourite: true, rating: .user(nil))
        #expect(try Sidecar.read(path).rating == nil)
    }
}
