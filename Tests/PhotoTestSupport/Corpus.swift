import Foundation

/// The shared public corpus (`../shared/corpus` beside the package), when this machine has it.
/// `PHOTOLIB_CORPUS` overrides the location (for checkouts that are not beside `shared/`).
package enum Corpus {
    package static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["PHOTOLIB_CORPUS"] { return URL(fileURLWithPath: path) }
        // Tests/PhotoTestSupport/Corpus.swift: three levels up is the package root, four its parent.
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()
    package static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("ground-truth.json").path)
    }
    package static let skipMessage = "the shared corpus (../shared/corpus) is not on this machine"
    package static var photos: URL { root.appendingPathComponent("photos") }
    package static var broken: URL { root.appendingPathComponent("broken") }
    package static func photo(_ relativePath: String) -> URL { photos.appendingPathComponent(relativePath) }
}
