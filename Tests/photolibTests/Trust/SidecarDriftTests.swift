import Foundation
import Testing

/// Issue 24 item 6: with `sidecars: write`, verify sees every asset that should have a
/// sidecar and does not, and one it cannot read; --repair writes them; a caption photolib
/// wrote reads back as the user's words, boilerplate-looking or not.
@Suite struct SidecarDriftTests {
    private func library() throws -> TestLibrary {
        let library = try TestLibrary.sample()
        try #require(try library.run(["config", "sidecars", "write"]).status == 0)
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        return library
    }

    private func sidecars(_ library: TestLibrary) -> [String] {
        let files = FileManager.default.enumerator(atPath: library.root.path)!.compactMap { $0 as? String }
        return files.filter { $0.hasSuffix(".xmp") && !$0.hasPrefix(".photolib") }.sorted()
    }

    @Test func verifyFindsMissingSidecarsAndRepairWritesThem() throws {
        let library = try library()
        let rows = try library.assets().map { "\($0["id"] as! String),edited \($0["fileName"] as! String)" }
        let set = try library.run(
            ["action", "set", "--from", "-"], stdin: Data(("id,caption\n" + rows.joined(separator: "\n")).utf8))
        #expect(set.status == 0, "\(set.stderr)")
        let written = sidecars(library)
        #expect(written.count == 10)
        // As a kill between the commit and the sidecars left it: the catalog has every edit.
        for name in written.dropFirst(3) { try FileManager.default.removeItem(at: library.url(name)) }
        let verify = try library.run(["verify"])
        #expect(verify.status == 1)
        let missing = verify.stdout.split(separator: "\n").filter {
            $0.hasPrefix("sidecar-disagrees: ")
                && $0.hasSuffix(": no sidecar, though the catalog holds the user's caption")
        }
        #expect(missing.count == 7, "\(verify.stdout)")
        let repair = try library.run(["verify", "--repair"])
        #expect(repair.status == 0, "\(repair.stdout)")
        #expect(sidecars(library) == written)
        #expect(try library.run(["verify"]).status == 0)
    }

    @Test func anOversizedSidecarIsReported() throws {
        let library = try library()
        #expect(try library.run(["action", "caption", "--value", "small", "2015/lake-beach.jpg"]).status == 0)
        let sidecar = library.url("2015/lake-beach.jpg.xmp")
        var text = try String(contentsOf: sidecar, encoding: .utf8)
        text = text.replacingOccurrences(of: "small", with: "small" + String(repeating: " ", count: 17 << 20))
        try text.write(to: sidecar, atomically: true, encoding: .utf8)
        let verify = try library.run(["verify"])
        #expect(verify.status == 1)
        #expect(
            verify.stdout.contains(
                "sidecar-disagrees: \(sidecar.path): the sidecar cannot be read: XMP sidecar of"),
            "\(verify.stdout)")
    }

    @Test func aBoilerplateLookingCaptionIsTheUsers() throws {
        let library = try library()
        #expect(try library.run(["action", "caption", "--value", "IMG_1234", "2015/lake-beach.jpg"]).status == 0)
        let verify = try library.run(["verify"])
        // (The renditions, never made here, are missing.)
        #expect(!verify.stdout.contains("sidecar-"), "\(verify.stdout)")
        // A fresh catalog reads it back from the sidecar.
        try FileManager.default.removeItem(at: library.url(".photolib"))
        try #require(try BinaryRunner.run(["init", "--sidecars", "write", library.root.path]).status == 0)
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        let asset = try #require(try library.assets().first { $0["relativePath"] as? String == "2015/lake-beach.jpg" })
        #expect(asset["caption"] as? String == "IMG_1234")
    }

    @Test func anOldPhotolibSidecarIsMarkedByRepair() throws {
        let library = try library()
        #expect(try library.run(["action", "caption", "--value", "DSC_0001", "2015/lake-beach.jpg"]).status == 0)
        let sidecar = library.url("2015/lake-beach.jpg.xmp")
        // As a photolib before the mark wrote it into another tool's sidecar.
        var text = try String(contentsOf: sidecar, encoding: .utf8)
        text = text.replacingOccurrences(of: "x:xmptk=\"photolib", with: "x:xmptk=\"darktable")
            .replacingOccurrences(of: " photolib:WroteCaption=\"True\"", with: "")
        try text.write(to: sidecar, atomically: true, encoding: .utf8)
        #expect(try library.run(["verify"]).status == 1)
        let repair = try library.run(["verify", "--repair"])
        #expect(repair.status == 0, "\(repair.stdout)")
        #expect(try library.run(["verify"]).status == 0)
    }
}
