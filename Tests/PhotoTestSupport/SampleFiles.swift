import Foundation

@testable import PhotoSupport

/// The repository's SampleLibrary/ (committed, so tests that use it run everywhere).
package enum SampleFiles {
    /// Tests/PhotoTestSupport/SampleFiles.swift: three levels up is the package root.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleLibrary")

    package static func path(_ relativePath: String) -> RawPath {
        RawPath(root.appendingPathComponent(relativePath).path)
    }
}
