import Foundation
import PhotoTestSupport
import Testing

/// Issue 12's cases end to end: photos made at test time (FixtureJPEG, with EXIF, XMP and IPTC
/// segments), indexed by the built binary, read back from `list --jsonl`.
@Suite struct MetadataSourcesCommandTests {
    static func photo(segments: [[UInt8]], padding: Int = 0) -> Data {
        var encoder = FixtureJPEG()
        encoder.segments = segments
        let pixels = [UInt8](repeating: 128, count: 32 * 32 * 3)
        return Data(
            encoder.encode(TestImage(width: 32, height: 32, pixels: pixels)) + [UInt8](repeating: 0, count: padding))
    }

    static func exif(caption: String? = nil, gps: (UInt32, UInt32)? = nil) -> [UInt8] {
        var block = ExifBuilder()
        block.ifd0 = [block.ascii(0x010F, "SANYO Electric Co.,Ltd."), block.ascii(0x0110, "VPC-G250")]
        if let caption { block.ifd0.append(block.ascii(0x010E, caption)) }
        if let gps {
            block.gps = [
                block.ascii(0x0001, "N"), block.rationals(0x0002, [(gps.0, 1), (0, 1), (0, 1)]),
                block.ascii(0x0003, "E"), block.rationals(0x0004, [(gps.1, 1), (0, 1), (0, 1)]),
            ]
        }
        return SyntheticJPEG.exifSegment(block)
    }

    static func xmp(_ properties: String) -> [UInt8] {
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
             <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/"
              xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \(properties)/>
            </rdf:RDF></x:xmpmeta>
            """
        return SyntheticJPEG.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8))
    }

    @Test func boilerplateDatesPositionsAndPaddingAsAScriptSeesThem() throws {
        let library = try TestLibrary()
        let files: [String: Data] = [
            "sanyo.jpg": Self.photo(segments: [Self.exif(caption: "SANYO DIGITAL CAMERA")]),
            "olympus-xmp.jpg": Self.photo(segments: [
                Self.exif(caption: "Harbour at dawn"), Self.xmp(#"dc:title="OLYMPUS DIGITAL CAMERA""#),
            ]),
            "xmp-only.jpg": Self.photo(segments: [
                Self.exif(),
                Self.xmp(
                    #"exif:DateTimeOriginal="2010-05-06T07:08:09+02:00" exif:GPSLatitude="44,50.472N" exif:GPSLongitude="0,34.188W""#
                ),
            ]),
            "no-fix.jpg": Self.photo(segments: [Self.exif(gps: (0, 0))]),
            "padded.jpg": Self.photo(segments: [Self.exif()], padding: 200_000),
        ]
        for (name, bytes) in files { try bytes.write(to: library.url(name)) }
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        var assets: [String: [String: Any]] = [:]
        for asset in try library.assets() { assets[asset["fileName"] as? String ?? ""] = asset }

        #expect(assets["sanyo.jpg"]?["caption"] is NSNull)
        #expect(assets["olympus-xmp.jpg"]?["caption"] as? String == "Harbour at dawn")
        #expect(assets["olympus-xmp.jpg"]?["captionSource"] as? String == "exif")

        let xmpOnly = try #require(assets["xmp-only.jpg"])
        #expect(xmpOnly["takenAt"] as? String == "2010-05-06T07:08:09+02:00")
        #expect(xmpOnly["takenAtSource"] as? String == "xmp")
        #expect(xmpOnly["gpsSource"] as? String == "xmp" && xmpOnly["gpsStatus"] as? String == "fix")
        #expect(xmpOnly["city"] as? String == "Bordeaux" && xmpOnly["citySource"] as? String == "gps")

        let noFix = try #require(assets["no-fix.jpg"])
        #expect((noFix["gps"] as? [String: Any])?["latitude"] as? Double == 0)
        #expect(noFix["gpsStatus"] as? String == "placeholder" && noFix["city"] is NSNull)
        #expect(noFix["takenAt"] is NSNull && noFix["takenAtSource"] is NSNull)

        #expect(assets["padded.jpg"]?["damaged"] as? Bool == false)
        #expect(assets["sanyo.jpg"]?["gpsStatus"] is NSNull)
    }
}
