import Foundation

/// The shared public corpus (`../shared/corpus` beside the package), when this machine has it.
/// `PHOTOLIB_CORPUS` overrides the location.
enum CorpusFiles {
    static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["PHOTOLIB_CORPUS"] { return URL(fileURLWithPath: path) }
        // Tests/photolibTests/Support/CorpusFiles.swift: four levels up is the package root, five its parent.
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("ground-truth.json").path)
    }
    static let skipMessage = "the shared corpus (../shared/corpus) is not on this machine"
    static var photos: URL { root.appendingPathComponent("photos") }
    static var broken: URL { root.appendingPathComponent("broken") }
    static func photo(_ relativePath: String) -> URL { photos.appendingPathComponent(relativePath) }
}
