import Foundation

/// A regular file found by `FileWalker`, with the facts `stat` gave on the way.
public struct WalkedFile: Sendable, Equatable {
    public var path: RawPath
    public var size: Int64
    public var modifiedNanoseconds: Int64
}

/// Something the walk could not enter or read; the walk goes on without it.
public struct WalkProblem: Sendable, Equatable {
    public var path: RawPath
    public var reason: String
}

/// Walks folder trees with POSIX calls, so that every file name survives as bytes.
///
/// Skips `.photolib/` always and hidden entries unless asked; follows symlinks to
/// folders but enters each folder (by device and inode) once, so a symlink loop or a
/// link back to an ancestor cannot make it walk forever or report a file twice.
public struct FileWalker: Sendable {
    public var includeHidden: Bool

    public init(includeHidden: Bool = false) {
        self.includeHidden = includeHidden
    }

    /// Every regular file under `roots` (a root that is a file is taken as it is), sorted by path.
    public func walk(_ roots: [RawPath]) -> (files: [WalkedFile], problems: [WalkProblem]) {
        var files: [WalkedFile] = []
        var problems: [WalkProblem] = []
        var visited = Set<DirectoryIdentity>()
        var pending: [RawPath] = []
        var seenFiles = Set<RawPath>()

        for root in roots {
            guard let info = FileSystem.status(root) else {
                problems.append(WalkProblem(path: root, reason: String(cString: strerror(errno))))
                continue
            }
            if isDirectory(info) {
                pending.append(root)
            } else if isRegularFile(info), seenFiles.insert(root).inserted {
                files.append(WalkedFile(path: root, size: Int64(info.st_size), modifiedNanoseconds: nanoseconds(info)))
            }
        }

        while let directory = pending.popLast() {
            guard let info = FileSystem.status(directory),
                  visited.insert(DirectoryIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted
            else { continue }
            guard let stream = directory.withCString({ opendir($0) }) else {
                problems.append(WalkProblem(path: directory, reason: "cannot open folder: \(String(cString: strerror(errno)))"))
                continue
            }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = entryName(entry)
                if name == [dot] || name == [dot, dot] { continue }
                if name == controlDirectoryName { continue }
                if name.first == dot && !includeHidden { continue }
                let child = directory.appending(RawPath(bytes: name))
                // stat follows symlinks: a link to a file is indexed at the link's path,
                // a link to a folder is walked once (the visited set stops loops).
                guard let childInfo = FileSystem.status(child) else {
                    let code = errno
                    var linkInfo = stat()
                    if child.withCString({ lstat($0, &linkInfo) }) == 0, (linkInfo.st_mode & S_IFMT) == S_IFLNK {
                        problems.append(WalkProblem(path: child, reason: code == ELOOP ? "symlink loop" : "broken symlink"))
                    } else if code != ENOENT {
                        problems.append(WalkProblem(path: child, reason: String(cString: strerror(code))))
                    }
                    continue
                }
                if isDirectory(childInfo) {
                    pending.append(child)
                } else if isRegularFile(childInfo), seenFiles.insert(child).inserted {
                    files.append(WalkedFile(path: child, size: Int64(childInfo.st_size),
                                            modifiedNanoseconds: nanoseconds(childInfo)))
                }
            }
        }
        files.sort { $0.path < $1.path }
        return (files, problems)
    }

    private func entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let length = bytes.firstIndex(of: 0) ?? bytes.count
            return Array(bytes[..<length])
        }
    }
}

private struct DirectoryIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}

private let dot = UInt8(ascii: ".")
private let controlDirectoryName = Array(Library.controlDirectoryName.utf8)

private func isDirectory(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }
private func isRegularFile(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFREG }

/// Modification time as nanoseconds since 1970, the unit the catalog compares.
func nanoseconds(_ info: stat) -> Int64 {
    Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
}
