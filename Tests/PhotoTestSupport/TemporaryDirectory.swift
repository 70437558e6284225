import Foundation

@testable import PhotoSupport

/// A fresh folder under the system's temporary directory, removed with the object (or by `remove()`).
package final class TemporaryDirectory {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("photolib-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { remove() }

    package var path: RawPath { RawPath(url.path) }

    /// Where a test's catalog file goes.
    package var catalogPath: RawPath { path.appending("catalog.sqlite") }

    package func remove() { try? FileManager.default.removeItem(at: url) }

    /// Every file below the folder, as paths relative to it, sorted.
    package func files() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        var found: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path + "/" + next, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.append(next)
            }
        }
        return found.sorted()
    }
}
