import Foundation

/// A run of one folder's files, handed out by `FileWalker.walkInPathOrder`.
public struct FolderRun: Sendable {
    /// Every regular file directly in the folder, sorted by name (the same array for each run of one folder).
    public var folderFiles: [WalkedFile]
    /// The files of this run: `folderFiles[range]`.
    public var range: Range<Int>

    /// True for the folder's first run: the moment to look at `folderFiles` as a whole.
    public var isFirstOfFolder: Bool { range.lowerBound == 0 }
}

extension FileWalker {
    /// Sibling folders listed at once, in parallel; what the walk holds per level of depth.
    static let siblingChunk = 64

    /// Walks the folder `root` depth first and hands `visit` its regular files in runs, so
    /// that over the whole walk the files come in the byte order of their paths: the order of
    /// a catalog's unique index on paths, which can then be read alongside and compared file by
    /// file without a lookup per file or all of it in memory.
    ///
    /// A folder's files are interleaved with its subfolders' (`a/b.jpg` < `a/b/c.jpg`, as '.'
    /// < '/'), so a folder may come in several runs. Sibling folders are listed up to
    /// `siblingChunk` at a time on `jobs` threads; memory holds at most that many listings per
    /// level of depth, never the whole tree. Symlinks to folders are followed, each folder
    /// entered once, as `walk` does.
    public func walkInPathOrder(
        _ root: RawPath, problem: (WalkProblem) -> Void, visit: (FolderRun) throws -> Void
    ) rethrows {
        guard let info = FileSystem.status(root), isDirectory(info) else {
            let code = errno
            problem(WalkProblem(path: root, reason: String(cString: strerror(code)), code: code))
            return
        }
        var visited: Set<DirectoryIdentity> = [DirectoryIdentity(info)]
        let listing = FolderListing(
            root, includeHidden: includeHidden, skippedNames: skippedNames, followsSymlinks: followsSymlinks)
        try descend(listing, visited: &visited, problem: problem, visit: visit)
    }

    private func descend(
        _ listing: FolderListing, visited: inout Set<DirectoryIdentity>, problem: (WalkProblem) -> Void,
        visit: (FolderRun) throws -> Void
    ) rethrows {
        for item in listing.problems { problem(item) }
        let files = listing.files.sorted { RawPath.bytesPrecede($0.path.bytes, $1.path.bytes) }
        // A folder sorts as its name and a slash: where its files fall among the paths.
        let folders = listing.folders.filter { visited.insert($0.identity).inserted }
            .map { $0.path.bytes + [UInt8(ascii: "/")] }
            .sorted { RawPath.bytesPrecede($0, $1) }
        var next = 0
        var chunkStart = 0
        while chunkStart < folders.count {
            let chunk = Array(folders[chunkStart..<min(chunkStart + Self.siblingChunk, folders.count)])
            chunkStart += chunk.count
            let includeHidden = self.includeHidden
            let skippedNames = self.skippedNames
            let followsSymlinks = self.followsSymlinks
            let listings = ParallelWork.map(chunk, jobs: jobs, makeWorker: { () }) { _, key in
                FolderListing(
                    RawPath(bytes: Array(key.dropLast())), includeHidden: includeHidden,
                    skippedNames: skippedNames, followsSymlinks: followsSymlinks)
            }
            for (key, sublisting) in zip(chunk, listings) {
                let start = next
                while next < files.count && RawPath.bytesPrecede(files[next].path.bytes, key) { next += 1 }
                if next > start { try visit(FolderRun(folderFiles: files, range: start..<next)) }
                try descend(sublisting, visited: &visited, problem: problem, visit: visit)
            }
        }
        if next < files.count { try visit(FolderRun(folderFiles: files, range: next..<files.count)) }
    }
}
