import Foundation

@testable import PhotoSupport

/// A fresh folder under the system's temporary directory (made by `mkdtemp`), removed with
/// everything in it when the object goes (or by `remove()`), file names that are not UTF-8
/// included. The one temporary folder the tests use.
///
/// Keep the object alive while its path is in use: hold it in a property, or end the test
/// with `folder.remove()` (a `defer` does), since Swift may release a local after its last use.
package final class TemporaryDirectory: Sendable {
    package let path: RawPath

    package init() throws {
        var template = Array((NSTemporaryDirectory() + "/photolib-tests-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FileSystemError(path: RawPath("mkdtemp"), errno: errno, operation: "mkdtemp")
        }
        path = RawPath(bytes: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
            .absolute(currentDirectory: RawPath("/"))
    }

    deinit { remove() }

    package var url: URL { URL(fileURLWithPath: path.description, isDirectory: true) }

    /// Where a test's catalog file goes.
    package var catalogPath: RawPath { path.appending("catalog.sqlite") }

    /// Writes `bytes` to a file in the folder and returns its path.
    @discardableResult
    package func write(_ bytes: [UInt8], named name: RawPath) throws -> RawPath {
        let file = path.appending(name)
        try FileSystem.writeAtomically(bytes, to: file)
        return file
    }

    @discardableResult
    package func write(_ bytes: [UInt8], named name: String) throws -> RawPath {
        try write(bytes, named: RawPath(name))
    }

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

    /// Removes the folder and everything below it, by byte names (which need not be UTF-8);
    /// folders a test made read-only are opened up first.
    package func remove() {
        Self.removeTree(path)
    }

    private static func removeTree(_ directory: RawPath) {
        guard FileSystem.isDirectory(directory) else {
            _ = directory.withCString { unlink($0) }
            return
        }
        _ = directory.withCString { chmod($0, 0o700) }
        if let stream = directory.withCString({ opendir($0) }) {
            var children: [RawPath] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                if name == [0x2E] || name == [0x2E, 0x2E] { continue }
                children.append(directory.appending(RawPath(bytes: name)))
            }
            closedir(stream)
            for child in children {
                // A symlink to a folder is removed, never followed.
                if let info = FileSystem.linkStatus(child), (info.st_mode & S_IFMT) == S_IFDIR {
                    removeTree(child)
                } else {
                    _ = child.withCString { unlink($0) }
                }
            }
        }
        _ = directory.withCString { rmdir($0) }
    }
}

extension FileSystem {
    /// `lstat`: the entry itself, a symlink not followed.
    fileprivate static func linkStatus(_ path: RawPath) -> stat? {
        var info = stat()
        return path.withCString { lstat($0, &info) } == 0 ? info : nil
    }
}
