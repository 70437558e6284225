import Foundation
@testable import PhotoCore

/// The repository's SampleLibrary/ (committed, so tests that use it run everywhere).
enum SampleFiles {
    /// Tests/PhotoCoreTests/Preview/SampleFiles.swift: four levels up is the package root.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleLibrary")

    static func path(_ relativePath: String) -> RawPath { RawPath(root.appendingPathComponent(relativePath).path) }
}
