import Foundation
import Testing

/// The gallery in a real headless Chromium, driven by Selenium (`Browser/gallery_in_chromium.py`):
/// Debian's chromium, chromium-driver and python3-selenium, installed by `make test-deps`;
/// skipped with a message where they are not. Screenshots are kept in `.build/artefacts/browser`.
@Suite(
    .enabled(
        if: BrowserGalleryTests.isAvailable,
        "browser tests skipped: no chromium, chromedriver or python3-selenium (make test-deps)"))
struct BrowserGalleryTests {
    static let python = "/usr/bin/python3"

    static var isAvailable: Bool {
        let tools = ["/usr/bin/chromium", "/usr/bin/chromedriver", python]
        guard tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }) else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import selenium"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

    @Test func peekPopFavouriteDeleteAndPickAsAPersonWould() throws {
        let library = try ServeCommandTests.indexedSample()
        let artefacts = BinaryRunner.packageRoot.appendingPathComponent(".build/artefacts/browser")
        try FileManager.default.createDirectory(at: artefacts, withIntermediateDirectories: true)
        let script = BinaryRunner.packageRoot.appendingPathComponent(
            "Tests/photolibTests/Browser/gallery_in_chromium.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [script.path, try BinaryRunner.binaryURL().path, library.root.path, artefacts.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("all browser checks passed"), "\(text)")
    }
}
