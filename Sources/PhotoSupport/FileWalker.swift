import Foundation

/// A file found by `FileWalker` (a regular file; any entry that is not a folder when symlinks
/// are not followed), with the facts `stat` gave on the way.
public struct WalkedFile: Sendable, Equatable {
    public var path: RawPath
    public var size: Int64
    public var modifiedNanoseconds: Int64
}

/// Something the walk could not enter or read; the walk goes on without it.
public struct WalkProblem: Sendable, Equatable {
    public var path: RawPath
    public var reason: String
    /// The `errno` behind it (ELOOP for a symlink loop, ENOENT for a broken symlink).
    public var code: Int32
}

/// The one directory walker: walks folder trees with POSIX calls, so that every file name
/// survives as bytes.
///
/// Skips the entries named in `skippedNames` (a library's `.photolib/`) always and hidden
/// entries unless asked. Over photos it follows symlinks to folders but enters each folder (by
/// device and inode) once, so a symlink loop or a link back to an ancestor cannot make it walk
/// forever or report a file twice. Over the folders photolib owns (renditions, trash) it
/// follows none and lists every entry that is not a folder, so that a stray link or socket is
/// seen for what it is.
///
/// An unchanged re-index is mostly this walk (one `stat` per file, as `git status`
/// does), so the folders of each depth are read on several threads at once.
public struct FileWalker: Sendable {
    public var includeHidden: Bool
    public var jobs: Int
    /// Names never entered nor listed, at any depth, hidden or not.
    public var skippedNames: Set<[UInt8]>
    /// True: symlinks are followed and regular files listed. False: symlinks are listed as
    /// they are, never followed, with every other entry that is not a folder.
    public var followsSymlinks: Bool

    public init(
        includeHidden: Bool = false, jobs: Int = 1, skippedNames: Set<[UInt8]> = [], followsSymlinks: Bool = true
    ) {
        self.includeHidden = includeHidden
        self.jobs = max(1, jobs)
        self.skippedNames = skippedNames
        self.followsSymlinks = followsSymlinks
    }

    /// Every entry under `root` that is not a folder (files, symlinks, sockets), hidden ones
    /// too, sorted by bytes; symlinks are listed, never followed. What lies in a folder
    /// photolib owns. A missing `root` holds nothing; a folder that cannot be read throws.
    public static func entries(under root: RawPath) throws -> [RawPath] {
        let walk = FileWalker(includeHidden: true, followsSymlinks: false).walk([root])
        for problem in walk.problems where !(problem.path == root && problem.code == ENOENT) {
            throw FileSystemError(path: problem.path, errno: problem.code, operation: "opendir")
        }
        return walk.files.map(\.path).sorted()
    }

    /// Every regular file under `roots` (a root that is a file is taken as it is), each once.
    public func walk(_ roots: [RawPath]) -> (files: [WalkedFile], problems: [WalkProblem]) {
        var files: [WalkedFile] = []
        var problems: [WalkProblem] = []
        var visited = Set<DirectoryIdentity>()
        var level: [RawPath] = []

        for root in roots {
            guard let info = FileSystem.status(root) else {
                let code = errno
                problems.append(WalkProblem(path: root, reason: String(cString: strerror(code)), code: code))
                continue
            }
            if isDirectory(info) {
                if visited.insert(DirectoryIdentity(info)).inserted { level.append(root) }
            } else if isRegularFile(info) || !followsSymlinks, !files.contains(where: { $0.path == root }) {
                files.append(
                    WalkedFile(path: root, size: Int64(info.st_size), modifiedNanoseconds: info.modifiedNanoseconds))
            }
        }

        while !level.isEmpty {
            let includeHidden = self.includeHidden
            let skippedNames = self.skippedNames
            let followsSymlinks = self.followsSymlinks
            let listings = ParallelWork.map(level, jobs: jobs, makeWorker: { () }) { _, directory in
                FolderListing(
                    directory, includeHidden: includeHidden, skippedNames: skippedNames,
                    followsSymlinks: followsSymlinks)
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

extension FileWalker {
    /// One folder's entries, not walking further: its files, and its subfolders each with a
    /// key (device and inode) that is the same however the folder is reached. For work
    /// spread over processes, each taking one folder.
    public func list(
        _ folder: RawPath
    ) -> (files: [WalkedFile], folders: [(path: RawPath, key: String)], problems: [WalkProblem]) {
        let listing = FolderListing(
            folder, includeHidden: includeHidden, skippedNames: skippedNames,
            followsSymlinks: followsSymlinks)
        return (
            listing.files, listing.folders.map { ($0.path, "\($0.identity.device):\($0.identity.inode)") },
            listing.problems
        )
    }

    /// The key `list` gives `folder` (nil when it cannot be read).
    public static func folderKey(_ folder: RawPath) -> String? {
        FileSystem.status(folder).map { "\($0.st_dev):\($0.st_ino)" }
    }
}

/// The entries of one folder: its files with their `stat`, and its subfolders.
struct FolderListing: Sendable {
    var files: [WalkedFile] = []
    var folders: [(path: RawPath, identity: DirectoryIdentity)] = []
    var problems: [WalkProblem] = []

    init(_ directory: RawPath, includeHidden: Bool, skippedNames: Set<[UInt8]>, followsSymlinks: Bool) {
        guard let stream = directory.withCString({ opendir($0) }) else {
            let code = errno
            problems.append(
                WalkProblem(
                    path: directory, reason: "cannot open folder: \(String(cString: strerror(code)))", code: code))
            return
        }
        defer { closedir(stream) }
        // Each entry costs one allocation, its path: the name is read in place from the
        // dirent (NUL-terminated there, so `fstatat` takes it as it is) and copied once,
        // after the folder's bytes and a slash.
        let prefix = directory.bytes.last == slashByte ? directory.bytes : directory.bytes + [slashByte]
        let skipped = Array(skippedNames)
        while let entry = readdir(stream) {
            let found = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    name -> (path: RawPath, info: stat)? in
                    let length = strlen(name)
                    let bytes = UnsafeRawBufferPointer(start: name, count: length)
                    if bytes.first == dot {
                        if length == 1 || (length == 2 && bytes[1] == dot) || !includeHidden { return nil }
                    }
                    if !skipped.isEmpty, skipped.contains(where: { $0.elementsEqual(bytes) }) { return nil }
                    var path = [UInt8]()
                    path.reserveCapacity(prefix.count + length)
                    path.append(contentsOf: prefix)
                    path.append(contentsOf: bytes)
                    let child = RawPath(bytes: path)
                    // fstatat relative to the open folder spares the kernel a walk of the whole
                    // path for every file. Following symlinks, a link to a file is listed at the
                    // link's path and a link to a folder is walked once (the visited set stops loops).
                    var info = stat()
                    guard fstatat(dirfd(stream), name, &info, followsSymlinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else {
                        let code = errno
                        var linkInfo = stat()
                        if followsSymlinks, fstatat(dirfd(stream), name, &linkInfo, AT_SYMLINK_NOFOLLOW) == 0,
                            (linkInfo.st_mode & S_IFMT) == S_IFLNK
                        {
                            problems.append(
                                WalkProblem(
                                    path: child, reason: code == ELOOP ? "symlink loop" : "broken symlink", code: code))
                        } else if code != ENOENT {  // ENOENT: removed meanwhile
                            problems.append(
                                WalkProblem(path: child, reason: String(cString: strerror(code)), code: code))
                        }
                        return nil
                    }
                    return (child, info)
                }
            }
            guard let (child, info) = found else { continue }
            if isDirectory(info) {
                folders.append((child, DirectoryIdentity(info)))
            } else if isRegularFile(info) || !followsSymlinks {
                files.append(
                    WalkedFile(path: child, size: Int64(info.st_size), modifiedNanoseconds: info.modifiedNanoseconds))
            }
        }
    }
}

struct DirectoryIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

private let dot = UInt8(ascii: ".")
private let slashByte = UInt8(ascii: "/")

func isDirectory(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }
func isRegularFile(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFREG }
