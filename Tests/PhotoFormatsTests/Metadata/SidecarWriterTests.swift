import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Writing photolib's fields into XMP sidecars: new files, darktable's and Lightroom's files
/// edited in place, and exiftool reading back exactly what was written.
@Suite struct SidecarWriterTests {
    static let exiftool: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { "\($0)/exiftool" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    static let exiftoolMessage = Comment(rawValue: "exiftool is not installed (apt-get install libimage-exiftool-perl)")

    let folder: TemporaryDirectory
    let photo: RawPath

    init() throws {
        folder = try TemporaryDirectory()
        photo = try folder.write(SyntheticJPEG.jpeg(), named: "photo.jpg")
    }

    private func text(_ path: RawPath) throws -> String {
        String(decoding: try FileSystem.readFile(path), as: UTF8.self)
    }

    /// Caption, city and rating as exiftool reads them from a sidecar.
    static func exiftoolReading(_ path: RawPath) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(exiftool))
        process.arguments = [
            "-json", "-n", "-XMP-dc:Description", "-XMP-photoshop:City", "-XMP-xmp:Rating", path.description,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try #require(list.first)
    }

    static let awkwardCaption = "Tom & Jerry <3 \"quoted\" and 'single'\nsecond line, été 東京"

    @Test func newSidecarHoldsExactlyTheFields() throws {
        let path = try SidecarWriter.update(
            originalPath: photo, caption: Self.awkwardCaption, city: "Bordeaux", favourite: true)
        #expect(path == folder.path.appending("photo.jpg.xmp"))
        var expected = PhotoText(caption: Self.awkwardCaption, city: "Bordeaux", rating: 5)
        // (A sidecar photolib made holds the user's words: read as they are.)
        expected.captionIsVerbatim = true
        #expect(try Sidecar.read(path) == expected)
        #expect(
            try text(path) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="photolib \(PhotolibRelease.version)">
                 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" \
                xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
                photoshop:City="Bordeaux" xmp:Rating="5">
                   <dc:description>
                    <rdf:Alt>
                     <rdf:li xml:lang="x-default">Tom &amp; Jerry &lt;3 "quoted" and 'single'
                second line, été 東京</rdf:li>
                    </rdf:Alt>
                   </dc:description>
                  </rdf:Description>
                 </rdf:RDF>
                </x:xmpmeta>

                """)
    }

    @Test func nothingToSayWritesNoFile() throws {
        let path = try SidecarWriter.update(originalPath: photo, caption: nil, city: nil, favourite: false)
        #expect(!FileSystem.exists(path))
    }

    @Test func darktableSidecarKeepsEveryOtherByte() throws {
        let path = try folder.write(Array(SampleXMP.darktable.utf8), named: "photo.jpg.xmp")
        try SidecarWriter.update(originalPath: photo, caption: "New caption", city: "Bordeaux", favourite: true)
        let expected = SampleXMP.darktable
            .replacingOccurrences(of: "xmp:Rating=\"1\"", with: "xmp:Rating=\"5\"")
            .replacingOccurrences(of: ">Lovely &amp; odd piece of art<", with: ">New caption<")
            .replacingOccurrences(
                of: "darktable:history_end=\"2\"",
                with: """
                    darktable:history_end="2"
                       xmlns:photolib="https://photolib.invalid/ns/1.0/"
                       xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
                       photolib:WroteCaption="True"
                       photoshop:City="Bordeaux"
                    """)
        #expect(try text(path) == expected)
        // The French caption, the history and the other attributes are still there, unchanged;
        // the caption photolib wrote is marked so (`photolib:WroteCaption`).
        #expect(try text(path).contains("<rdf:li xml:lang=\"fr-FR\">Une belle œuvre à Bordeaux</rdf:li>"))

        // Unfavouriting clears the 5 it set; a city set to nil goes, attribute and all.
        try SidecarWriter.update(originalPath: photo, caption: "New caption", city: nil, favourite: false)
        #expect(
            try text(path)
                == SampleXMP.darktable
                .replacingOccurrences(of: "\n   xmp:Rating=\"1\"", with: "")
                .replacingOccurrences(of: ">Lovely &amp; odd piece of art<", with: ">New caption<")
                .replacingOccurrences(
                    of: "darktable:history_end=\"2\"",
                    with: """
                        darktable:history_end="2"
                           xmlns:photolib="https://photolib.invalid/ns/1.0/"
                           xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
                           photolib:WroteCaption="True"
                        """))
    }

    @Test func aRatingOtherThanFiveIsTheUsersAndStays() throws {
        let path = try folder.write(Array(SampleXMP.darktable.utf8), named: "photo.jpg.xmp")
        try SidecarWriter.update(originalPath: photo, caption: "Lovely & odd piece of art", city: nil, favourite: false)
        #expect(try text(path) == SampleXMP.darktable)
    }

    @Test func unchangedValuesLeaveTheFileAlone() throws {
        let path = try folder.write(Array(SampleXMP.lightroom.utf8), named: "photo.xmp")
        let before = try #require(FileSystem.status(path))
        let written = try SidecarWriter.update(originalPath: photo, caption: nil, city: "Kortrijk", favourite: false)
        #expect(written == path)
        #expect(FileSystem.status(path)?.st_ino == before.st_ino)
        #expect(!FileSystem.exists(folder.path.appending("photo.jpg.xmp")))
    }

    @Test func lightroomSidecarIsUpdatedInItsElementForm() throws {
        let path = try folder.write(Array(SampleXMP.lightroom.utf8), named: "photo.xmp")
        try SidecarWriter.update(originalPath: photo, caption: "Buda beach", city: "Courtrai", favourite: true)
        // The caption came from dc:title, which stays; the description is new, in the first description,
        // with the dc prefix declared there (the declaration in the second one does not reach it).
        let text = try text(path)
        #expect(text.contains("<ps:City>Courtrai</ps:City>") && text.contains("<xap:Rating>5</xap:Rating>"))
        #expect(
            text.contains("<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">Buda beach</rdf:li></rdf:Alt></dc:title>"))
        var expected = PhotoText(
            caption: "Buda beach", city: "Courtrai", region: "Vlaanderen", country: "Belgium", rating: 5,
            keywords: ["beach"])
        expected.captionIsVerbatim = true
        #expect(try Sidecar.read(path) == expected)
        let withoutEdits = text.replacingOccurrences(of: "Courtrai", with: "Kortrijk")
            .replacingOccurrences(of: "<xap:Rating>5</xap:Rating>", with: "<xap:Rating>4</xap:Rating>")
            .replacingOccurrences(of: " xmlns:photolib=\"https://photolib.invalid/ns/1.0/\"", with: "")
            .replacingOccurrences(of: " photolib:WroteCaption=\"True\"", with: "")
            .replacingOccurrences(
                of: "rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:ps=",
                with: "rdf:about=\"\" xmlns:ps=")
        #expect(
            withoutEdits.replacingOccurrences(
                of: """

                       <dc:description>
                        <rdf:Alt>
                         <rdf:li xml:lang="x-default">Buda beach</rdf:li>
                        </rdf:Alt>
                       </dc:description>
                    """, with: "") == SampleXMP.lightroom)
    }

    @Test func selfClosingDescriptionAndMissingXDefaultAreHandled() throws {
        let path = try folder.write(
            Array(
                """
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description rdf:about="" xmlns:d="http://purl.org/dc/elements/1.1/"><d:description><rdf:Alt><rdf:li xml:lang="de">Hallo</rdf:li></rdf:Alt></d:description></rdf:Description>
                <rdf:Description rdf:about="" xmlns:digiKam="http://www.digikam.org/ns/1.0/" digiKam:ColorLabel="3"/>
                </rdf:RDF></x:xmpmeta>
                """.utf8), named: "photo.jpg.xmp")
        try SidecarWriter.update(originalPath: photo, caption: "Hello", city: nil, favourite: false)
        let text = try text(path)
        #expect(
            text.contains(
                "<rdf:Alt><rdf:li xml:lang=\"x-default\">Hello</rdf:li><rdf:li xml:lang=\"de\">Hallo</rdf:li></rdf:Alt>"
            ))
        #expect(text.contains("digiKam:ColorLabel=\"3\"/>"))
        #expect(try Sidecar.read(path).caption == "Hello")

        let bare = try folder.write(
            Array(
                """
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""/></rdf:RDF></x:xmpmeta>
                """.utf8), named: "bare.jpg.xmp")
        try SidecarWriter.update(
            originalPath: folder.path.appending("bare.jpg"), caption: "Hi", city: "Oslo", favourite: false)
        var bareText = PhotoText(caption: "Hi", city: "Oslo")
        bareText.captionIsVerbatim = true
        #expect(try Sidecar.read(bare) == bareText)
    }

    @Test func aSidecarThatIsNotXMPIsRefusedUntouched() throws {
        let path = try folder.write(Array("<x:xmpmeta><rdf:RDF>".utf8), named: "photo.jpg.xmp")
        #expect(throws: SidecarError.self) {
            try SidecarWriter.update(originalPath: photo, caption: "x", city: nil, favourite: false)
        }
        #expect(try text(path) == "<x:xmpmeta><rdf:RDF>")
    }

    @Test(.enabled(if: exiftool != nil, exiftoolMessage))
    func exiftoolReadsBackWhatWasWritten() throws {
        let fresh = try SidecarWriter.update(
            originalPath: photo, caption: Self.awkwardCaption, city: "Besançon", favourite: true)
        let reading = try Self.exiftoolReading(fresh)
        #expect(reading["Description"] as? String == Self.awkwardCaption)
        #expect(reading["City"] as? String == "Besançon")
        #expect(reading["Rating"] as? Int == 5)

        let other = try folder.write(SyntheticJPEG.jpeg(), named: "dt.jpg")
        let sidecar = try folder.write(Array(SampleXMP.darktable.utf8), named: "dt.jpg.xmp")
        try SidecarWriter.update(originalPath: other, caption: "Ciel & mer", city: "Saint-Émilion", favourite: false)
        let edited = try Self.exiftoolReading(sidecar)
        #expect(edited["Description"] as? String == "Ciel & mer")
        #expect(edited["City"] as? String == "Saint-Émilion")
        #expect(edited["Rating"] as? Int == 1)
    }
}
