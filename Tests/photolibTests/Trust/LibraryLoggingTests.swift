import Foundation
import Testing

/// Issue 24 item 9: the C libraries' own complaints (dav1d's "Error parsing OBU data" for a
/// damaged AV1 payload) reached stderr beside photolib's line for the file. One line a file.
@Suite struct LibraryLoggingTests {
    /// A fixture with the first bytes of its coded picture (in `mdat`) overwritten.
    static func damaged(_ fixture: String) throws -> Data {
        let url = BinaryRunner.packageRoot.appendingPathComponent("Tests/PhotoFormatsTests/Fixtures/formats/\(fixture)")
        var bytes = [UInt8](try Data(contentsOf: url))
        let mdat = Array("mdat".utf8)
        let at = try #require((0..<bytes.count - 12).first { Array(bytes[$0..<$0 + 4]) == mdat })
        bytes.replaceSubrange((at + 4)..<(at + 12), with: [UInt8](repeating: 0xFF, count: 8))
        return Data(bytes)
    }

    @Test func aDamagedAVIFIsOneLineOnStderr() throws {
        let library = try TestLibrary()
        try Self.damaged("lighthouse.avif").write(to: library.url("broken.avif"))
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let index = try library.run(["index"])
        #expect(index.status == 2)
        let lines = index.stderr.split(separator: "\n").map(String.init)
        // libheif's own reason follows; its wording depends on the libheif build (Debian's
        // 1.15.1+deb12u3 checks OBU sizes itself and names that; earlier ones pass dav1d's
        // refusal on as "Decoder plugin generated an error"). What matters is one line, photolib's.
        #expect(lines.count == 1, "\(index.stderr)")
        #expect(
            lines.first?.hasPrefix("photolib: \(library.url("broken.avif").path): cannot decode HEIF: ") == true,
            "\(index.stderr)")
        // dav1d's own complaint ("Error parsing OBU data") on the process's stderr.
        #expect(!index.stderr.contains("Error parsing"), "\(index.stderr)")
        let render = try library.run(["render", "--force", "broken.avif"])
        #expect(render.stderr.split(separator: "\n").count == 1, "\(render.stderr)")
    }
}
