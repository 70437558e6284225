import Foundation
import PhotoSupport

/// Lists what lies under a folder photolib owns (renditions, trash).
enum DirectoryTree {
    /// Every entry under `root` that is not a folder (files, symlinks, sockets), depth first,
    /// sorted by bytes. Symlinks are listed, never followed, so a loop cannot trap the walk.
    /// A missing `root` has no files; an unreadable folder throws.
    static func files(under root: RawPath) throws -> [RawPath] {
        var result: [RawPath] = []
        var pending = [root]
        while let folder = pending.popLast() {
            guard let stream = folder.withCString({ opendir($0) }) else {
                if errno == ENOENT, folder == root { return [] }
                throw FileSystemError(path: folder, errno: errno, operation: "opendir")
            }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
                if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
                let child = folder.appending(RawPath(bytes: name))
                var info = stat()
                guard child.withCString({ lstat($0, &info) }) == 0 else { continue }  // removed meanwhile
                if info.st_mode & S_IFMT == S_IFDIR { pending.append(child) } else { result.append(child) }
            }
        }
        return result.sorted()
    }
}
