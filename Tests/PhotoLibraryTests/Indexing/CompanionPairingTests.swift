import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoLibrary
@testable import PhotoSupport

/// Issue 26, item 11: RAW+JPEG pairs by name and kind of content. A raw LibRaw cannot read
/// (a GoPro `.GPR`) beside its JPEG is that JPEG's companion; a JPEG saved under a raw's name
/// (`.nef`) is a photo of its own, never hidden as a companion.
@Suite struct CompanionPairingTests {
    /// The folder: GoPro's pair, a JPEG named `.nef` beside a JPEG of its name, a real
    /// TIFF-based raw beside its JPEG.
    private func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let jpeg = try FileSystem.readFile(SampleFiles.path("2015/lake-beach.jpg"))
        let files: [(String, [UInt8])] = [
            ("GOPR8508.JPG", jpeg), ("GOPR8508.GPR", Array("no raw LibRaw reads".utf8)),
            ("DSC_0001.jpg", jpeg), ("DSC_0001.nef", jpeg),
            ("IMG_0002.jpg", jpeg), ("IMG_0002.nef", [0x49, 0x49, 0x2A, 0x00] + [UInt8](repeating: 0, count: 60)),
        ]
        for (name, bytes) in files { try FileSystem.writeAtomically(bytes, to: folder.path.appending(name)) }
        return folder
    }

    @Test func aRawNameOnJPEGBytesIsNoCompanion() throws {
        let folder = try folder()
        let names = ["GOPR8508.JPG", "GOPR8508.GPR", "DSC_0001.jpg", "DSC_0001.nef", "IMG_0002.jpg", "IMG_0002.nef"]
        let paths = names.map { folder.path.appending($0) }
        #expect(
            Companions.companionPaths(among: paths).paths
                == [folder.path.appending("GOPR8508.GPR"), folder.path.appending("IMG_0002.nef")])
        #expect(Companions.of(folder.path.appending("GOPR8508.JPG")).map(\.kind) == [.raw])
        #expect(Companions.of(folder.path.appending("DSC_0001.jpg")).isEmpty)
        #expect(Companions.primary(of: folder.path.appending("DSC_0001.nef")) == nil)
        #expect(Companions.primary(of: folder.path.appending("GOPR8508.GPR")) == folder.path.appending("GOPR8508.JPG"))
        #expect(
            Companions.companionNames(
                of: RawPath("DSC_0001.jpg"), among: names.map(RawPath.init), folder: folder.path
            ).isEmpty)
    }

    /// The corpus's own `jpeg-named-as.nef`, beside a JPEG of its name.
    @Test func theCorpusJPEGNamedAsNEFIsNoCompanion() throws {
        guard Corpus.isAvailable else {
            print("skipped: \(Corpus.skipMessage)")
            return
        }
        let folder = try TemporaryDirectory()
        let source = RawPath(Corpus.root.appendingPathComponent("formats/jpeg-named-as.nef").path)
        try FileSystem.writeAtomically(try FileSystem.readFile(source), to: folder.path.appending("jpeg-named-as.nef"))
        let jpeg = try FileSystem.readFile(SampleFiles.path("2015/lake-beach.jpg"))
        try FileSystem.writeAtomically(jpeg, to: folder.path.appending("jpeg-named-as.jpg"))
        let paths = [folder.path.appending("jpeg-named-as.jpg"), folder.path.appending("jpeg-named-as.nef")]
        #expect(Companions.companionPaths(among: paths).isEmpty)
    }
}
