import Foundation
import PhotoFormats
import PhotoTestSupport
import Testing

/// Replays what the fuzzers found (Tests/PhotoFormatsTests/Fixtures/fuzz-regressions/<target>/,
/// kept by Scripts/fuzz) through the same entry points, and checks on real photos that the
/// probes reach the readers they are meant to exercise.
@Suite struct ParserProbeTests {
    static let regressions = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz-regressions")

    static func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map {
            folder.appendingPathComponent($0)
        }
    }

    /// Every kept input still goes through its probe without a crash (which would take the
    /// whole test process down) and, for the decoder, within a few seconds.
    @Test(arguments: ParserProbe.Target.allCases)
    func replaysFuzzRegressions(_ target: ParserProbe.Target) throws {
        let files = Self.files(in: Self.regressions.appendingPathComponent(target.rawValue))
        // A folder that went missing or empty would make this test pass on nothing.
        #expect(files.count >= 4, "\(target.rawValue): \(files.count) regression inputs")
        for file in files {
            let bytes = try Data(contentsOf: file)
            let started = ContinuousClock.now
            _ = bytes.withUnsafeBytes { target.probe($0) }
            #expect(ContinuousClock.now - started < .seconds(5), "\(target.rawValue)/\(file.lastPathComponent) is slow")
        }
    }

    /// The regressions folder is where the script and this suite agree it is.
    @Test func regressionsFolderExists() {
        #expect(FileManager.default.fileExists(atPath: Self.regressions.appendingPathComponent("README.md").path))
    }

    /// On SampleLibrary, and on the corpus's camera photos when it is here.
    @Test func probesReachTheReadersOnRealPhotos() throws {
        let (exifFields, decodedPixels) = try Self.probe(photosUnder: SampleFiles.root)
        #expect(exifFields > 100)
        #expect(decodedPixels > 0)
        guard Corpus.isAvailable else { return }
        let corpus = try Self.probe(photosUnder: Corpus.photos, atLeast: 50)
        #expect(corpus.0 > 1000)
        #expect(corpus.1 > 0)
    }

    /// Runs the marker and EXIF probes over every JPEG under `folder` (at least `minimum`), and
    /// the decode probe on the first small one. Returns the EXIF fields and pixels they gave.
    static func probe(photosUnder folder: URL, atLeast minimum: Int = 1) throws -> (Int, Int) {
        let photos = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { ["jpg", "jpeg"].contains($0.pathExtension.lowercased()) }
        #expect(photos.count >= minimum)
        var exifFields = 0
        var decodedPixels = 0
        for photo in photos {
            let bytes = try Data(contentsOf: photo)
            bytes.withUnsafeBytes { buffer in
                #expect(ParserProbe.markers(buffer) > 0, "\(photo.lastPathComponent): no segments")
                if let payload = Self.app1Payload(buffer, signature: Array("Exif\0\0".utf8)) {
                    exifFields += ParserProbe.exif(payload)
                }
            }
            if decodedPixels == 0, bytes.count < 200_000 {
                decodedPixels = bytes.withUnsafeBytes { ParserProbe.decode($0) }
            }
        }
        return (exifFields, decodedPixels)
    }

    @Test func iptcAndXMPProbesReadWhatTheyAreGiven() {
        // IIM: 2:90 City "Lyon" inside an 8BIM 0x0404 resource.
        let iim: [UInt8] = [0x1C, 2, 90, 0, 4] + Array("Lyon".utf8)
        let resource = Array("8BIM".utf8) + [0x04, 0x04, 0, 0, 0, 0, 0, UInt8(iim.count)] + iim + [0]
        #expect(resource.withUnsafeBytes { ParserProbe.iptc($0) } == 1)
        #expect([UInt8](repeating: 0x1C, count: 40).withUnsafeBytes { ParserProbe.iptc($0) } == 0)
        let packet =
            #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Lyon"/></rdf:RDF></x:xmpmeta>"#
        #expect(Array(packet.utf8).withUnsafeBytes { ParserProbe.xmp($0) } == 1)
        #expect(Array("<x:xmpmeta".utf8).withUnsafeBytes { ParserProbe.xmp($0) } == 0)
    }

    /// The payload of the first APP1 segment that starts with `signature`.
    static func app1Payload(_ bytes: UnsafeRawBufferPointer, signature: [UInt8]) -> UnsafeRawBufferPointer? {
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let end = min(bytes.count, index + 2 + length)
            let payload = UnsafeRawBufferPointer(rebasing: bytes[min(index + 4, end)..<end])
            if marker == 0xE1, payload.starts(with: signature) { return payload }
            index += 2 + length
        }
        return nil
    }
}
