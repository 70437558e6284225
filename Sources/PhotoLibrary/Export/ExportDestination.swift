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

    /// Opens `path`, making it (and its parents) when `create` and it is missing; without
    /// `create`, a missing folder is one with nothing in it.
    public init(path: RawPath, create: Bool) throws {
        if create, !FileSystem.exists(path) { try FileSystem.createDirectory(path) }
        root = create || FileSystem.exists(path) ? try DirectoryHandle.open(root: path) : nil
        self.path = path
        let resolved = path.withCString { realpath($0, nil) }
        defer { free(resolved) }
        identity =
            resolved.map {
                RawPath(bytes: UnsafeBufferPointer(start: $0, count: strlen($0)).map(UInt8.init(bitPattern:)))
            }
            ?? path
    }

    /// The folder holding `relative` (a confined path), made when `create`; nil when it does
    /// not exist and `create` is false.
    func folder(of relative: RawPath, create: Bool) throws -> DirectoryHandle? {
        guard let root else {
            if create { throw FileSystemError(path: path, reason: .notFound) }
            return nil
        }
        let parent = relative.parent
        if parent.description == "." { return root }
        if let open = folders[parent] { return open }
        do {
            let handle = try DirectoryHandle.open(root: path, relative: parent, create: create)
            folders[parent] = handle
            return handle
        } catch let error as FileSystemError where !create && error.reason == .notFound {
            return nil
        }
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
