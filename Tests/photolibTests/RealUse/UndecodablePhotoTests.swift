import Foundation
import Testing

/// A photo whose header reads but whose image data does not decode ("Invalid component ID
/// in SOS"): peek and pop still show its facts and actions, so it can be deleted from there.
@Suite struct UndecodablePhotoTests {
    @Test func peekAndPopShowFactsAndActionsWithoutAPreview() throws {
        let library = try TestLibrary.sample()
        var bytes = [UInt8](try Data(contentsOf: library.url("2015/bordeaux-art.jpg")))
        // The first component of the main image's scan names one the frame does not have
        // (walked segment by segment: the EXIF thumbnail has a scan of its own).
        var scan = 2
        while bytes[scan + 1] != 0xDA { scan += 2 + Int(bytes[scan + 2]) << 8 + Int(bytes[scan + 3]) }
        bytes[scan + 5] = 0x09
        try FileManager.default.createDirectory(at: library.url("broken"), withIntermediateDirectories: true)
        try Data(bytes).write(to: library.url("broken/bad-scan.jpg"))
        let index = try library.run(["index"])
        #expect(index.stderr.contains("bad-scan.jpg: cannot decode JPEG: Invalid component ID 9 in SOS"))

        let peek = try library.run(["peek", "broken/bad-scan.jpg"])
        #expect(peek.status == 0, "\(peek.stderr)")
        #expect(peek.stdout.hasPrefix("no preview: "))
        #expect(peek.stdout.contains("\nCaption  Lovely piece of art in Bordeaux\n"))
        #expect(peek.stdout.contains("  Delete"))
        let json = try library.run(["peek", "broken/bad-scan.jpg", "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["preview"] is NSNull)
        #expect((object["previewError"] as? String)?.isEmpty == false)
        #expect((object["actions"] as? [Any])?.count == 3)

        let pop = try library.run(["pop", "broken/bad-scan.jpg"])
        #expect(pop.status == 0, "\(pop.stderr)")
        #expect(pop.stdout.hasPrefix("no preview: ") && pop.stdout.contains("\nFile\n"))
        let popJSON = try library.run(["pop", "broken/bad-scan.jpg", "--json"])
        #expect(popJSON.status == 0 && popJSON.stdout.contains("\"previewError\""))
        // render fails on it the same way every time: skipped unless retried.
        let render = try library.run(["render"])
        #expect(render.status == 0 && render.stderr.isEmpty, "\(render.stderr)")
        #expect(render.stdout.hasSuffix(", undecodable 1 (skipped; --retry-failed tries them)\n"))
        #expect(try library.run(["render", "--retry-failed"]).status == 2)
        // And the action the peek offers works.
        #expect(try library.run(["action", "delete", "broken/bad-scan.jpg"]).status == 0)
    }
}
