import Foundation
import PhotoSupport

/// The folder an export writes into, opened once: every folder below it is reached through
/// no symlink (`DirectoryHandle`), so neither a hostile template nor a symlink planted in the
/// folder sends a copy elsewhere; files are written whole under a temporary name and put in
/// place with `linkat` (which refuses an existing name) or `renameat` (to replace).
public final class ExportDestination {
    /// The folder as given, for messages.
    public let path: RawPath
    /// The folder with symlinks resolved: what the export records are kept under.
    public let identity: RawPath
    /// nil for a folder that does not exist yet, in a dry run (which makes nothing).
    private let root: DirectoryHandle?
    private var folders: [RawPath: DirectoryHandle] = [:]
    private let fence: LibraryFence

    /// Opens `path`, making it (and its parents) when `create` and it is missing; without
    /// `create`, a missing folder is one with nothing in it. A folder `fence` encloses is
    /// refused before anything is made in it (`ExportIntoLibraryError`).
    public init(path: RawPath, create: Bool, fence: LibraryFence) throws {
        self.path = path
        self.fence = fence
        // The nearest folder that exists decides for the ones about to be made below it.
        var existing = path
        while !FileSystem.exists(existing), existing.bytes.count > 1 { existing = existing.parent }
        let nearest = try DirectoryHandle.open(root: existing)
        if fence.encloses(nearest.descriptor) { throw ExportIntoLibraryError(path: path, library: fence.root) }
        if create, !FileSystem.exists(path) { try FileSystem.createDirectory(path) }
        root = create || FileSystem.exists(path) ? try DirectoryHandle.open(root: path) : nil
        if let root, fence.encloses(root.descriptor) { throw ExportIntoLibraryError(path: path, library: fence.root) }
        let resolved = path.withCString { realpath($0, nil) }
        defer { free(resolved) }
        identity =
            resolved.map {
                RawPath(bytes: UnsafeBufferPointer(start: $0, count: strlen($0)).map(UInt8.init(bitPattern:)))
            }
            ?? path
    }

    /// The folder holding `relative` (a confined path), made when `create`; nil when it does
    /// not exist and `create` is false. Opened one folder at a time, each checked against the
    /// fence before a folder is made in it, so that a template leading back into the library
    /// (`..` as DEST, `Pictures/2015` as folder) makes nothing there and writes nothing there.
    func folder(of relative: RawPath, create: Bool) throws -> DirectoryHandle? {
        guard let root else {
            if create { throw FileSystemError(path: path, reason: .notFound) }
            return nil
        }
        let parent = relative.parent
        if parent.description == "." { return root }
        if let open = folders[parent] { return open }
        var prefix = RawPath(bytes: [])
        var handle = root
        // Each step from DEST through no symlink (not by the path's text, which a swapped
        // folder could redirect), and each folder kept: the one checked is the one written in.
        for part in parent.bytes.split(separator: UInt8(ascii: "/")) {
            let name = RawPath(bytes: Array(part))
            prefix = prefix.bytes.isEmpty ? name : prefix.appending(name)
            if let open = folders[prefix] {
                handle = open
                continue
            }
            do {
                handle = try DirectoryHandle.open(root: path, relative: prefix, create: create)
            } catch let error as FileSystemError where !create && error.reason == .notFound {
                return nil
            } catch let error as ConfinedPathError {
                guard case .throughSymlink(let link) = error.reason else { throw error }
                throw ExportThroughSymlinkError(path: path.appending(relative), link: link, destination: path)
            }
            // Its parent is outside the fence, so only the folder itself can be in it.
            if fence.holds(handle.descriptor) {
                throw ExportIntoLibraryError(path: path.appending(relative), library: fence.root)
            }
            folders[prefix] = handle
        }
        return handle
    }

    /// `lstat` of the entry at `relative`; nil when it (or a folder on the way) is not there.
    func status(_ relative: RawPath) throws -> stat? {
        try folder(of: relative, create: false)?.status(relative.lastComponent)
    }

    /// True when the regular file at `relative` holds exactly `bytes`.
    func holds(_ relative: RawPath, bytes: [UInt8]) throws -> Bool {
        guard let folder = try folder(of: relative, create: false), let info = folder.status(relative.lastComponent),
            (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count
        else { return false }
        return try Self.readFile(relative.lastComponent, in: folder) == bytes
    }

    /// Writes `bytes` at `relative` unless something is there: false when it is. The folder
    /// is synced later, once (`syncFolders`).
    func create(_ relative: RawPath, bytes: [UInt8]) throws -> Bool {
        try folder(of: relative, create: true)!.createExclusively(bytes, name: relative.lastComponent)
    }

    /// Makes the names of the files written durable, one `fsync` a folder.
    func syncFolders() {
        root?.sync()
        for folder in folders.values { folder.sync() }
    }

    /// Replaces the regular file at `relative` (or creates it) with `bytes`, atomically.
    func replace(_ relative: RawPath, bytes: [UInt8]) throws {
        let folder = try folder(of: relative, create: true)!
        try folder.writeAtomically(bytes, name: relative.lastComponent)
    }

    /// Gives the file at `relative` the modification (and access) time `nanoseconds` since
    /// 1970, as `cp -p` does; a failure costs only the time.
    func setModified(_ relative: RawPath, nanoseconds: Int64) {
        guard let folder = try? folder(of: relative, create: false) else { return }
        let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        let times = [time, time]
        _ = relative.lastComponent.withCString { utimensat(folder.descriptor, $0, times, AT_SYMLINK_NOFOLLOW) }
    }

    /// Removes the regular file at `relative` (an earlier copy moved to its new name) and the
    /// folders it leaves empty, up to DEST; a folder still holding anything stays.
    func remove(_ relative: RawPath) throws {
        guard let folder = try folder(of: relative, create: false) else { return }
        try folder.unlink(relative.lastComponent)
        var emptied = relative.parent
        while emptied.description != ".", !emptied.bytes.isEmpty,
            let above = try self.folder(of: emptied, create: false)
        {
            folders[emptied] = nil
            above.removeEmptyFolder(emptied.lastComponent)
            guard above.status(emptied.lastComponent) == nil else { return }
            emptied = emptied.parent
        }
    }

    /// The open folder that holds `relative`, for sidecars written beside a copy.
    func openFolder(of relative: RawPath) throws -> DirectoryHandle {
        try folder(of: relative, create: true)!
    }

    private static func readFile(_ name: RawPath, in folder: DirectoryHandle) throws -> [UInt8] {
        let descriptor = name.withCString { openat(folder.descriptor, $0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw FileSystemError(path: folder.path.appending(name), errno: errno, operation: "open")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw FileSystemError(path: folder.path.appending(name), errno: errno, operation: "read")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}

/// A folder under DEST is a symlink: export writes through none (it could lead anywhere).
public struct ExportThroughSymlinkError: PhotolibError {
    public var path: RawPath
    public var link: String
    public var destination: RawPath

    public var kind: ErrorKind { .cannotCreate }
    public var description: String {
        "\(path): refused: '\(link)' is a symlink, and export writes through no symlink inside \(destination)"
    }
}
