import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

@Suite struct IPTCReaderTests {
    /// One IIM dataset: tag marker, record, number, 16-bit length, data.
    static func dataset(_ record: UInt8, _ number: UInt8, _ data: [UInt8]) -> [UInt8] {
        [0x1C, record, number] + SyntheticJPEG.bigEndian16(data.count) + data
    }

    /// An APP13 payload: the Photoshop signature and image resources, the IIM block among them.
    static func photoshopPayload(iim: [UInt8], before: [(UInt16, [UInt8])] = []) -> [UInt8] {
        func resource(_ id: UInt16, name: [UInt8] = [], _ data: [UInt8]) -> [UInt8] {
            var block = Array("8BIM".utf8) + SyntheticJPEG.bigEndian16(Int(id)) + [UInt8(name.count)] + name
            if (name.count + 1) % 2 == 1 { block.append(0) }
            let size = UInt32(data.count)
            block += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: size >> $0) } + data
            if data.count % 2 == 1 { block.append(0) }
            return block
        }
        return Array("Photoshop 3.0\0".utf8) + before.flatMap { resource($0.0, name: Array("ab".utf8), $0.1) }
            + resource(0x0404, iim)
    }

    @Test func cameraBoilerplateIsNoCaptionAndTheObjectNameStandsIn() {
        func caption(_ datasets: [UInt8]) -> String? {
            IPTCReader.read(photoshopPayloads: [Self.photoshopPayload(iim: datasets)[...]])?.caption
        }
        #expect(caption(Self.dataset(2, 120, Array("MINOLTA DIGITAL CAMERA".utf8))) == nil)
        #expect(
            caption(Self.dataset(2, 5, Array("Lighthouse".utf8)) + Self.dataset(2, 120, Array("SONY DSC".utf8)))
                == "Lighthouse")
        #expect(
            caption(Self.dataset(2, 5, Array("IM000956.JPG".utf8)) + Self.dataset(2, 120, Array("000015".utf8)))
                == nil)
    }

    @Test func utf8WhenDeclaredAndFirstValueOfRepeatedDatasets() {
        let iim =
            Self.dataset(1, 90, [0x1B, 0x25, 0x47]) + Self.dataset(2, 5, Array("Title".utf8))
            + Self.dataset(2, 120, Array("Café au lait ".utf8)) + Self.dataset(2, 90, Array("Besançon".utf8))
            + Self.dataset(2, 90, Array("Other".utf8)) + Self.dataset(2, 95, Array("Doubs".utf8))
            + Self.dataset(2, 101, Array("France".utf8))
        // An odd-sized resource with a name before the IIM block, to exercise the padding.
        let payload = Self.photoshopPayload(iim: iim, before: [(0x03ED, [1, 2, 3])])
        #expect(
            IPTCReader.read(photoshopPayloads: [payload[...]])
                == PhotoText(caption: "Café au lait", city: "Besançon", region: "Doubs", country: "France"))
    }

    @Test func windows1252WithoutACharsetAndObjectNameAsCaption() {
        let iim =
            Self.dataset(2, 5, [0x80, 0x20, 0x93, 0x51, 0x94])
            + Self.dataset(2, 90, [0x4D, 0xFC, 0x6E, 0x63, 0x68, 0x65, 0x6E])
        let text = IPTCReader.read(photoshopPayloads: [Self.photoshopPayload(iim: iim)[...]])
        #expect(text == PhotoText(caption: "€ “Q”", city: "München"))
    }

    @Test func resourcesSplitAcrossSegmentsAreJoined() {
        let payload = Self.photoshopPayload(iim: Self.dataset(2, 120, Array("Split across two segments".utf8)))
        let signature = IPTCReader.signature.count
        let cut = signature + 20
        let first = payload[..<cut]
        let second = Array(IPTCReader.signature) + payload[cut...]
        #expect(IPTCReader.read(photoshopPayloads: [first, second[...]])?.caption == "Split across two segments")
    }

    @Test func extendedLengthDatasetAndDamageStopQuietly() {
        let long = Array(repeating: UInt8(ascii: "a"), count: 70_000)
        var extended: [UInt8] = [0x1C, 2, 120, 0x80, 0x04]
        extended += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: UInt32(long.count) >> $0) } + long
        #expect(IPTCReader.read(iim: extended[...]).caption?.count == 70_000)
        // A length past the end: what came before is kept, nothing is read out of bounds.
        let truncated = Self.dataset(2, 90, Array("Oslo".utf8)) + [0x1C, 2, 120, 0x7F, 0xFF, 0x41]
        #expect(IPTCReader.read(iim: truncated[...]) == PhotoText(city: "Oslo"))
        #expect(IPTCReader.read(photoshopPayloads: [Array("Photoshop 3.0\08BIM".utf8)[...]]) == nil)
    }
}

/// XMP and IPTC of every corpus photo against exiftool's reading in ground-truth.json.
@Suite struct EmbeddedTextGroundTruthTests {
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func everyCorpusPhotoMatchesExiftool() throws {
        let truth = try GroundTruth.load()
        var misses: [String] = []
        var compared = 0
        for (relativePath, expected) in truth.files.sorted(by: { $0.key < $1.key }) {
            guard
                let reading = try? ImageFileReader.read(RawPath(Corpus.root.appendingPathComponent(relativePath).path))
            else { continue }
            let text = reading.embeddedText
            func check(_ field: String, _ got: String?, _ key: String, onlyWhenPresent: Bool = false) {
                let want = GroundTruth.normalised(expected[key])
                if onlyWhenPresent, want == nil { return }
                compared += 1
                if got != want { misses.append("\(relativePath) \(field): got \(got ?? "nil") want \(want ?? "nil")") }
            }
            // Without a description, photolib falls back to the title, which the truth does not list.
            check("xmp caption", text.xmp?.caption, "xmp_description", onlyWhenPresent: true)
            check("iptc caption", text.iptc?.caption, "iptc_caption", onlyWhenPresent: true)
            check("xmp city", text.xmp?.city, "xmp_city")
            check("iptc city", text.iptc?.city, "iptc_city")
            if expected["has_xmp"] as? Bool == false, text.xmp != nil {
                misses.append("\(relativePath): XMP where exiftool has none")
            }
            if expected["has_iptc"] as? Bool == false, text.iptc != nil {
                misses.append("\(relativePath): IPTC where exiftool has none")
            }
        }
        #expect(compared > 200)
        #expect(misses == [])
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func photoshopFileCarriesBothAndIPTCOnlyFileItsPlace() throws {
        let blue = try ImageFileReader.read(
            RawPath(Corpus.photos.appendingPathComponent("exif-samples/xmp/BlueSquare.jpg").path))
        let caption = "XMPFiles BlueSquare test file, created in Photoshop CS2, saved as .psd, .jpg, and .tif."
        // The keywords exiftool reads as XMP-dc:Subject and IPTC:Keywords.
        let keywords = ["XMP", "Blue Square", "test file", "Photoshop", ".jpg"]
        #expect(
            blue.embeddedText.xmp
                == PhotoText(
                    caption: caption, createdAt: CaptureDate(localTime: "2005-09-07T15:07:40", utcOffset: "-07:00"),
                    keywords: keywords))
        // Photoshop's creation date is the capture date of last resort (no EXIF, XMP or IPTC date).
        #expect(blue.metadata.takenAt?.iso8601 == "2005-09-07T15:07:40-07:00" && blue.metadata.takenAtSource == .xmp)
        // IPTC Date Created + Time Created, as exiftool's Composite:DateTimeOriginal has it.
        let iptcDated = try ImageFileReader.read(
            RawPath(Corpus.photos.appendingPathComponent("pillow/app13-multiple.jpg").path))
        #expect(iptcDated.metadata.takenAt?.iso8601 == "2019-10-14T15:00:20+00:00")
        #expect(iptcDated.metadata.takenAtSource == .iptc)
        #expect(blue.embeddedText.iptc == PhotoText(caption: caption, keywords: keywords))
        let budapest = try ImageFileReader.read(RawPath(Corpus.photos.appendingPathComponent("pillow/iptc.jpg").path))
        #expect(
            budapest.embeddedText
                == EmbeddedText(
                    iptc: PhotoText(
                        city: "Budapest", country: "Hungary",
                        keywords: ["HvK", "2006", "summer", "July", "holiday", "Hungary", "Budapest"])))
        let kandahar = try ImageFileReader.read(
            RawPath(Corpus.photos.appendingPathComponent("exif-samples/long_description.jpg").path))
        #expect(kandahar.embeddedText.xmp?.city == "KANDAHAR ARMY AIRFIELD")
        #expect(kandahar.embeddedText.xmp?.region == "DAYCHOPAN")
        #expect(kandahar.embeddedText.xmp?.country == "Afghanistan")
    }
}
