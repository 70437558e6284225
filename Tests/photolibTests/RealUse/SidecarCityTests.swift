import Foundation
import Testing

/// A sidecar holds what the user set or a file said, never the city photolib derived from
/// GPS: written there, it came back on the next index as a sidecar city without its region
/// and country.
@Suite struct SidecarCityTests {
    @Test func aCaptionEditDoesNotWriteTheGPSCityIntoTheSidecar() throws {
        let library = try TestLibrary()
        try library.add(SampleFilesFolder.url.appendingPathComponent("2016/progressive-tokyo.jpg"), as: "tokyo.jpg")
        #expect(try BinaryRunner.run(["init", "--sidecars", "write", library.root.path]).status == 0)
        #expect(try library.run(["index"]).status == 0)
        let before = try #require(try library.assets().first)
        #expect(before["city"] as? String == "Tokyo" && before["citySource"] as? String == "gps")

        #expect(try library.run(["action", "caption", "--value", "Ueno park", "tokyo.jpg"]).status == 0)
        let sidecar = try String(contentsOf: library.url("tokyo.jpg.xmp"), encoding: .utf8)
        #expect(sidecar.contains("Ueno park"))
        #expect(!sidecar.contains("City"))

        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: library.url("tokyo.jpg.xmp").path)
        #expect(try library.run(["index"]).status == 0)
        let after = try #require(try library.assets().first)
        #expect(after["caption"] as? String == "Ueno park")
        #expect(after["city"] as? String == "Tokyo" && after["citySource"] as? String == "gps")
        #expect(after["country"] as? String == before["country"] as? String && after["country"] != nil)
        #expect(after["region"] as? String == before["region"] as? String)
    }
}

private enum SampleFilesFolder {
    static let url = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary")
}
