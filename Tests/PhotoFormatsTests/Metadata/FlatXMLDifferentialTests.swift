import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats

/// `FlatXML`, which indexing reads XMP with, against `XMLReader`'s tree, which the editors
/// use: the same document must parse with both or fail with both (same byte, same reason),
/// with the same elements, attributes and text, and the same properties read from it.
@Suite struct FlatXMLDifferentialTests {
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func everyPacketOfTheCorpusReadsTheSame() throws {
        var packets = 0
        let files = FileManager.default.enumerator(atPath: Corpus.photos.path)!.compactMap { $0 as? String }.sorted()
        for file in files {
            let bytes = [UInt8]((try? Data(contentsOf: Corpus.photos.appendingPathComponent(file))) ?? Data())
            for packet in XMPSamples.packets(inJPEG: bytes) {
                packets += 1
                XMPSamples.expectSameReading(packet, file)
            }
        }
        // 39 of the corpus's photos hold XMP, some of them extended XMP too.
        #expect(packets >= 39)
    }

    @Test func theRepositorysPacketsReadTheSame() throws {
        XMPSamples.expectSameReading(Array(SampleXMP.darktable.utf8), "darktable")
        XMPSamples.expectSameReading(Array(SampleXMP.lightroom.utf8), "lightroom")
        let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fuzz-regressions/xmp")
        let names = try FileManager.default.contentsOfDirectory(atPath: fuzz.path).sorted()
        #expect(!names.isEmpty)
        for name in names {
            XMPSamples.expectSameReading(Array(try Data(contentsOf: fuzz.appendingPathComponent(name))), name)
        }
        let png = fuzz.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("formats/lighthouse-text-xmp.png")
        let pngBytes = Array(try Data(contentsOf: png))
        let start = try #require(XMPSamples.range(of: "<x:xmpmeta", in: pngBytes))
        let end = try #require(XMPSamples.range(of: "</x:xmpmeta>", in: pngBytes))
        XMPSamples.expectSameReading(Array(pngBytes[start.lowerBound..<end.upperBound]), "lighthouse-text-xmp.png")
    }

    @Test(arguments: XMPSamples.variants.indices)
    func generatedVariantsReadTheSame(index: Int) {
        XMPSamples.expectSameReading(Array(XMPSamples.variants[index].utf8), "variant \(index)")
    }

    /// Every prefix of a packet, and the packet with each byte in turn made one of the bytes
    /// XML gives a meaning to: well-formed or not, both readers must say the same.
    @Test(arguments: ["darktable", "variant 0"])
    func damagedPacketsFailAlike(sample: String) {
        let bytes = Array((sample == "darktable" ? SampleXMP.darktable : XMPSamples.variants[0]).utf8)
        var failures = 0
        for length in 0..<bytes.count where !XMPSamples.sameReading(Array(bytes[..<length])) { failures += 1 }
        for index in bytes.indices {
            for byte in Array("<>/\"'=:&;?!-[]x ".utf8) + [0xC3, 0xFF] where byte != bytes[index] {
                var damaged = bytes
                damaged[index] = byte
                if !XMPSamples.sameReading(damaged) { failures += 1 }
            }
        }
        #expect(failures == 0)
    }

    /// Text and names that are not UTF-8: a character split by a comment stays two bad ones.
    @Test func invalidUTF8ReadsTheSame() {
        let split = Array("<a>".utf8) + [0xC3] + Array("<!-- x -->".utf8) + [0xA9] + Array("</a>".utf8)
        XMPSamples.expectSameReading(split, "split character")
        let names =
            Array("<r xmlns:p".utf8) + [0xFF] + Array("='urn:p'><p".utf8) + [0xFF] + Array(":e p".utf8) + [0xFF]
            + Array(":a='1'/></r>".utf8)
        XMPSamples.expectSameReading(names, "names")
        let mismatch = Array("<a".utf8) + [0xFF] + Array("></a".utf8) + [0xFE] + Array(">".utf8)
        XMPSamples.expectSameReading(mismatch, "end tag")
    }

    @Test func deepNestingFailsAlike() {
        let deep = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        XMPSamples.expectSameReading(Array(deep.utf8), "deep")
        let limit = XMLReader.maximumDepth
        let atLimit = String(repeating: "<a>", count: limit) + String(repeating: "</a>", count: limit)
        #expect((try? FlatXMLParser.parse(Array(atLimit.utf8))) != nil)
        XMPSamples.expectSameReading(Array(("<b>" + atLimit + "</b>").utf8), "one past the limit")
    }
}
