import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Capture dates and GPS positions kept in XMP or IPTC rather than EXIF, found in docs/guide.md's
/// order (exiftool's Composite:DateTimeOriginal, then xmp:CreateDate), on JPEGs made at test time.
@Suite struct EmbeddedDateAndGPSTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    static func xmpSegment(_ properties: String) -> [UInt8] {
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
             <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/"
              xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
              \(properties)/>
            </rdf:RDF></x:xmpmeta>
            """
        return SyntheticJPEG.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8))
    }

    static func iptcSegment(date: String, time: String?) -> [UInt8] {
        var iim = IPTCReaderTests.dataset(2, 55, Array(date.utf8))
        if let time { iim += IPTCReaderTests.dataset(2, 60, Array(time.utf8)) }
        return SyntheticJPEG.segment(0xED, IPTCReaderTests.photoshopPayload(iim: iim))
    }

    static func exifSegment(date: String? = nil, gps: Bool = false) -> [UInt8] {
        var block = ExifBuilder()
        block.ifd0 = [block.ascii(0x010F, "Maker")]
        if let date { block.exif = [block.ascii(0x9003, date)] }
        if gps {
            block.gps = [
                block.ascii(0x0001, "S"), block.rationals(0x0002, [(33, 1), (52, 1), (0, 1)]),
                block.ascii(0x0003, "E"), block.rationals(0x0004, [(151, 1), (12, 1), (0, 1)]),
            ]
        }
        return SyntheticJPEG.exifSegment(block)
    }

    func read(_ segments: [[UInt8]]) throws -> PhotoMetadata {
        let path = try folder.write(SyntheticJPEG.jpeg(segments: segments), named: "photo.jpg")
        let reading = try ImageFileReader.read(path)
        #expect(reading.problems == [])
        return reading.metadata
    }

    @Test func exifDateWinsOverEverythingElse() throws {
        let metadata = try read([
            Self.exifSegment(date: "2001:02:03 04:05:06"),
            Self.xmpSegment(#"exif:DateTimeOriginal="2010-01-01T10:00:00""#),
            Self.iptcSegment(date: "20200101", time: "101010+0100"),
        ])
        #expect(metadata.takenAt == CaptureDate(localTime: "2001-02-03T04:05:06"))
        #expect(metadata.takenAtSource == .exif)
    }

    @Test(
        arguments: [
            // exif:DateTimeOriginal, then photoshop:DateCreated, then IPTC, then xmp:CreateDate.
            (
                #"exif:DateTimeOriginal="2010-05-06T07:08:09+02:00" photoshop:DateCreated="2011-01-01T00:00:00" xmp:CreateDate="2012-01-01T00:00""#,
                true, "2010-05-06T07:08:09+02:00", MetadataSource.xmp
            ),
            (
                #"photoshop:DateCreated="2011-02-03T04:05:06.789Z" xmp:CreateDate="2012-01-01T00:00""#, true,
                "2011-02-03T04:05:06+00:00", .xmp
            ),
            (#"xmp:CreateDate="2012-03-04T05:06""#, true, "2020-01-02T03:04:05+01:00", .iptc),
            (#"xmp:CreateDate="2012-03-04T05:06""#, false, "2012-03-04T05:06:00", .xmp),
            // A date without a time of day is no capture time, as in exiftool's Composite tag.
            (
                #"photoshop:DateCreated="2011-02-03" xmp:CreateDate="2012:03:04 05:06:07""#, false,
                "2012-03-04T05:06:07", .xmp
            ),
        ] as [(String, Bool, String, MetadataSource)])
    func dateFromXMPOrIPTCWhenEXIFHasNone(
        xmp: String, withIPTC: Bool, expected: String, source: MetadataSource
    )
        throws
    {
        var segments = [Self.exifSegment(), Self.xmpSegment(xmp)]
        if withIPTC { segments.append(Self.iptcSegment(date: "20200102", time: "030405+0100")) }
        let metadata = try read(segments)
        #expect(metadata.takenAt?.iso8601 == expected)
        #expect(metadata.takenAtSource == source)
    }

    @Test func iptcDateNeedsItsTime() throws {
        #expect(try read([Self.iptcSegment(date: "20200102", time: nil)]).takenAt == nil)
        let metadata = try read([Self.iptcSegment(date: "20200102", time: "030405")])
        #expect(metadata.takenAt == CaptureDate(localTime: "2020-01-02T03:04:05"))
        #expect(metadata.takenAtSource == .iptc)
    }

    @Test func gpsFromXMPWhenTheEXIFBlockHasNone() throws {
        let xmp = Self.xmpSegment(
            #"exif:GPSLatitude="48,51.4N" exif:GPSLongitude="2,21,3W" exif:GPSAltitude="3512/100" exif:GPSAltitudeRef="1""#
        )
        let metadata = try read([Self.exifSegment(), xmp])
        let gps = try #require(metadata.gps)
        #expect(abs(gps.latitude - (48 + 51.4 / 60)) < 1e-9)
        #expect(abs(gps.longitude + (2 + 21 / 60.0 + 3 / 3600.0)) < 1e-9)
        #expect(gps.altitude == -35.12)
        #expect(metadata.gpsSource == .xmp)
        // EXIF's own position wins.
        let both = try read([Self.exifSegment(gps: true), xmp])
        #expect(both.gpsSource == .exif && both.gps?.latitude == -(33 + 52 / 60.0))
    }

    @Test(arguments: ["91,0N", "10,0Q,5", "", "N", "1,2,3,4N"])
    func unusableXMPPositionsAreAbsent(latitude: String) {
        #expect(GPSCoordinate(xmpLatitude: latitude, longitude: "2,0E", altitude: nil, altitudeReference: nil) == nil)
    }

    @Test(arguments: ["2011-02-03", "2011-02-03T04", "2011-02-03T04:05:06+99:00", "2011-13-03T04:05", "garbage"])
    func unusableXMPDatesAreAbsent(text: String) {
        #expect(CaptureDate(xmpDate: text) == nil)
    }
}
