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
/// Skips the entries named in `skippedNames` (a library's `.photolib/`) always and hidden
/// entries unless asked; follows symlinks to folders but enters each folder (by device and
/// inode) once, so a symlink loop or a link back to an ancestor cannot make it walk forever
/// or report a file twice.
///
/// An unchanged re-index is mostly this walk (one `stat` per file, as `git status`
/// does), so the folders of each depth are read on several threads at once.
public struct FileWalker: Sendable {
    public var includeHidden: Bool
    public var jobs: Int
    /// Names never entered nor listed, at any depth, hidden or not.
    public var skippedNames: Set<[UInt8]>

    public init(includeHidden: Bool = false, jobs: Int = 1, skippedNames: Set<[UInt8]> = []) {
        self.includeHidden = includeHidden
        self.jobs = max(1, jobs)
        self.skippedNames = skippedNames
    }

    /// Every regular file under `roots` (a root that is a file is taken as it is), each once.
    public func walk(_ roots: [RawPath]) -> (files: [WalkedFile], problems: [WalkProblem]) {
        var files: [WalkedFile] = []
        var problems: [WalkProblem] = []
        var visited = Set<DirectoryIdentity>()
        var level: [RawPath] = []

        for root in roots {
            guard let info = FileSystem.status(root) else {
                problems.append(WalkProblem(path: root, reason: String(cString: strerror(errno))))
                continue
            }
            if isDirectory(info) {
                if visited.insert(DirectoryIdentity(info)).inserted { level.append(root) }
            } else if isRegularFile(info), !files.contains(where: { $0.path == root }) {
                files.append(
                    WalkedFile(path: root, size: Int64(info.st_size), modifiedNanoseconds: info.modifiedNanoseconds))
            }
        }

        while !level.isEmpty {
            let includeHidden = self.includeHidden
            let skippedNames = self.skippedNames
            let listings = ParallelWork.map(level, jobs: jobs, makeWorker: { () }) { _, directory in
                FolderListing(directory, includeHidden: includeHidden, skippedNames: skippedNames)
            }
            level = []
            for listing in listings {
                files.append(contentsOf: listing.files)
                problems.append(contentsOf: listing.problems)
                // Deduplicated here, on one thread: a folder reached twice (a symlink to an
                // ancestor, two links to one folder) is entered only the first time.
                for folder in listing.folders where visited.insert(folder.identity).inserted {
                    level.append(folder.path)
                }
            }
        }
        return (files, problems)
    }
}

/// The entries of one folder: its files with their `stat`, and its subfolders.
private struct FolderListing: Sendable {
    var files: [WalkedFile] = []
    var folders: [(path: RawPath, identity: DirectoryIdentity)] = []
    var problems: [WalkProblem] = []

    init(_ directory: RawPath, includeHidden: Bool, skippedNames: Set<[UInt8]>) {
        guard let stream = directory.withCString({ opendir($0) }) else {
            problems.append(
                WalkProblem(path: directory, reason: "cannot open folder: \(String(cString: strerror(errno)))"))
            return
        }
        defer { closedir(stream) }
        var name = [CChar](repeating: 0, count: 256)
        while let entry = readdir(stream) {
            let length = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                if length + 1 > name.count { name = [CChar](repeating: 0, count: length + 1) }
                for index in 0..<length { name[index] = CChar(bitPattern: bytes[index]) }
                name[length] = 0
                return length
            }
            let nameBytes = name[..<length].map { UInt8(bitPattern: $0) }
            if nameBytes == [dot] || nameBytes == [dot, dot] || skippedNames.contains(nameBytes) { continue }
            if nameBytes.first == dot && !includeHidden { continue }
            let child = directory.appending(RawPath(bytes: nameBytes))
            // fstatat relative to the open folder spares the kernel a walk of the whole
            // path for every file. It follows symlinks: a link to a file is indexed at the
            // link's path, a link to a folder is walked once (the visited set stops loops).
            var info = stat()
            guard fstatat(dirfd(stream), name, &info, 0) == 0 else {
                let code = errno
                var linkInfo = stat()
                if fstatat(dirfd(stream), name, &linkInfo, AT_SYMLINK_NOFOLLOW) == 0,
                    (linkInfo.st_mode & S_IFMT) == S_IFLNK
                {
                    problems.append(WalkProblem(path: child, reason: code == ELOOP ? "symlink loop" : "broken symlink"))
                } else if code != ENOENT {
                    problems.append(WalkProblem(path: child, reason: String(cString: strerror(code))))
                }
                continue
            }
            if isDirectory(info) {
                folders.append((child, DirectoryIdentity(info)))
            } else if isRegularFile(info) {
                files.append(
                    WalkedFile(path: child, size: Int64(info.st_size), modifiedNanoseconds: info.modifiedNanoseconds))
            }
        }
    }
}

private struct DirectoryIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

private let dot = UInt8(ascii: ".")

private func isDirectory(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }
private func isRegularFile(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFREG }
