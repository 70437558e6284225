import Foundation
import Testing

/// The gallery in a real headless Chromium, driven by Selenium (`Browser/*.py`, sharing
/// `Browser/chromium_support.py`): Debian's chromium, chromium-driver and python3-selenium,
/// installed by `make test-deps`; skipped with a message where they are not. Screenshots are
/// kept in `.build/artefacts/browser` (docs/images/serve-*.png are copies of two of them).
/// One at a time: each script runs up to three browsers.
@Suite(
    .serialized,
    .enabled(
        if: BrowserTools.isAvailable,
        "browser tests skipped: no chromium, chromedriver or python3-selenium (make test-deps)"))
struct BrowserGalleryTests {
    @Test func peekPopFavouriteDeleteAndPickAsAPersonWould() throws {
        try Self.run("gallery_in_chromium.py")
    }

    @Test func twoBrowsersAndATerminalTheKeyboardZoomAndVideo() throws {
        try Self.run("live_and_access_in_chromium.py")
    }

    static func run(_ name: String) throws {
        let library = try ServeCommandTests.indexedSample()
        let artefacts = BinaryRunner.packageRoot.appendingPathComponent(".build/artefacts/browser")
        try FileManager.default.createDirectory(at: artefacts, withIntermediateDirectories: true)
        let script = BinaryRunner.packageRoot.appendingPathComponent("Tests/photolibTests/Browser/\(name)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BrowserTools.python)
        process.arguments = [script.path, try BinaryRunner.binaryURL().path, library.root.path, artefacts.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name): \(text)")
        #expect(text.contains("all browser checks passed"), "\(name): \(text)")
    }
}
