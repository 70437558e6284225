import Foundation

/// A path inside a folder that photolib may write under, checked before use: the library
/// folder is not trusted, so a path read from its catalog, settings or sidecars may be
/// hostile (`../outside/x`, `/etc/passwd`), and a folder in it may be a symlink to elsewhere.
///
/// The rule: a confined path is relative, has no empty, `.` or `..` component and no NUL;
/// writing (creating, moving, deleting) goes through no symlink below the root, which
/// `DirectoryHandle.open` checks component by component with `openat(O_NOFOLLOW)` rather
/// than by looking at the text.
public enum ConfinedPath {
    /// Throws `ConfinedPathError.notConfined` unless `relative` is a plain relative path.
    public static func check(_ relative: RawPath) throws(ConfinedPathError) {
        let bytes = relative.bytes
        guard !bytes.isEmpty, !relative.isAbsolute, !bytes.contains(0) else {
            throw ConfinedPathError(path: relative, reason: .notConfined)
        }
        for part in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if part.isEmpty || part.elementsEqual([UInt8(ascii: ".")])
                || part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
            {
                throw ConfinedPathError(path: relative, reason: .notConfined)
            }
        }
    }

    /// True when `check` accepts `relative`.
    public static func isConfined(_ relative: RawPath) -> Bool {
        (try? check(relative)) != nil
    }
}

/// A path photolib refuses to use, and why.
public struct ConfinedPathError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        /// Absolute, empty, or with a `.`, `..` or empty component.
        case notConfined
        /// A folder on the way is a symlink (its component given); photolib writes through none.
        case throughSymlink(String)
        /// A component on the way is not a folder.
        case notAFolder(String)
    }

    public var path: RawPath
    public var reason: Reason

    public init(path: RawPath, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var kind: ErrorKind { .failure }

    public var description: String {
        switch reason {
        case .notConfined: "\(path): refused: not a path inside the library (absolute, or with '..')"
        case .throughSymlink(let folder):
            "\(path): refused: '\(folder)' is a symlink, and photolib writes through no symlink in the library"
        case .notAFolder(let folder): "\(path): refused: '\(folder)' is not a folder"
        }
    }
}

/// An open folder reached from a root through no symlink: the base of `openat`, `linkat`,
/// `renameat` and `unlinkat`, so that a folder swapped for a symlink after the check still
/// cannot send a write elsewhere.
public final class DirectoryHandle: Sendable {
    public let descriptor: Int32
    /// The folder's path (absolute), for messages.
    public let path: RawPath

    private init(descriptor: Int32, path: RawPath) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Opens `root` itself (its own path may hold symlinks: that is where the user put it).
    public static func open(root: RawPath) throws -> DirectoryHandle {
        let descriptor = root.withCString { Foundation.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw FileSystemError(path: root, errno: errno, operation: "open") }
        return DirectoryHandle(descriptor: descriptor, path: root)
    }

    /// Opens the folder `relative` under `root`, one component at a time, refusing a symlink
    /// at any step; with `create`, missing folders are made (mode 0755).
    public static func open(root: RawPath, relative: RawPath, create: Bool) throws -> DirectoryHandle {
        var handle = try open(root: root)
        if relative.bytes.isEmpty || relative.description == "." { return handle }
        try ConfinedPath.check(relative)
        for part in relative.bytes.split(separator: UInt8(ascii: "/")) {
            handle = try handle.child(RawPath(bytes: Array(part)), create: create, whole: root.appending(relative))
        }
        return handle
    }

    /// The sub-folder `name` (one component) of this folder, through no symlink.
    func child(_ name: RawPath, create: Bool, whole: RawPath) throws -> DirectoryHandle {
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        var descriptor = name.withCString { openat(self.descriptor, $0, flags) }
        if descriptor < 0, errno == ENOENT, create {
            if name.withCString({ mkdirat(self.descriptor, $0, 0o755) }) != 0, errno != EEXIST {
                throw FileSystemError(path: path.appending(name), errno: errno, operation: "mkdir")
            }
            descriptor = name.withCString { openat(self.descriptor, $0, flags) }
        }
        guard descriptor >= 0 else {
            let code = errno
            let child = path.appending(name)
            if code == ELOOP || code == ENOTDIR {
                var info = stat()
                let isLink =
                    name.withCString { fstatat(self.descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) } == 0
                    && (info.st_mode & S_IFMT) == S_IFLNK
                throw ConfinedPathError(
                    path: whole, reason: isLink ? .throughSymlink(child.description) : .notAFolder(child.description))
            }
            throw FileSystemError(path: child, errno: code, operation: "open")
        }
        return DirectoryHandle(descriptor: descriptor, path: path.appending(name))
    }

    /// `lstat` of the entry `name` in this folder; nil when there is none.
    public func status(_ name: RawPath) -> stat? {
        var info = stat()
        return name.withCString { fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) } == 0 ? info : nil
    }

    /// Removes the entry `name` (a file); false when it was not there.
    @discardableResult
    public func unlink(_ name: RawPath) throws -> Bool {
        if name.withCString({ unlinkat(descriptor, $0, 0) }) == 0 { return true }
        if errno == ENOENT { return false }
        throw FileSystemError(path: path.appending(name), errno: errno, operation: "unlink")
    }

    /// Removes the folder `name` if it is empty; anything else is left as it is.
    public func removeEmptyFolder(_ name: RawPath) {
        _ = name.withCString { unlinkat(descriptor, $0, AT_REMOVEDIR) }
    }

    /// Makes the folder's new or removed entries durable; a failure is not worth an error.
    public func sync() { _ = fsync(descriptor) }
}

extension DirectoryHandle {
    /// Replaces (or creates) the file `name` in this folder with `data` atomically: a temporary
    /// file beside it, synced, renamed into place. The file replaced keeps its permissions and
    /// owner; anything but a regular file with one link is refused (`FileSystemError`
    /// `.notARegularFile`, `.hasOtherLinks`), so that a FIFO, a symlink or a hard-linked file
    /// at that name is never replaced.
    public func writeAtomically(_ data: [UInt8], name: RawPath) throws {
        // What a killed writer left here goes with the next write (see `AbandonedTemporaries`).
        AbandonedTemporaries.removeAbandoned(in: self)
        let existing = status(name)
        if let existing {
            guard (existing.st_mode & S_IFMT) == S_IFREG else {
                throw FileSystemError(path: path.appending(name), reason: .notARegularFile)
            }
            guard existing.st_nlink <= 1 else {
                throw FileSystemError(path: path.appending(name), reason: .hasOtherLinks)
            }
        }
        let temporary = Self.temporaryName(for: name)
        try writeNewFile(data, name: temporary, mode: existing.map { $0.st_mode & 0o7777 } ?? 0o644, owner: existing)
        var done = false
        defer {
            if !done { _ = temporary.withCString { unlinkat(descriptor, $0, 0) } }
        }
        let renamed = temporary.withCString { from in
            name.withCString { to in renameat(descriptor, from, descriptor, to) }
        }
        guard renamed == 0 else { throw FileSystemError(path: path.appending(name), errno: errno, operation: "rename") }
        done = true
        sync()
    }

    /// Creates the file `name` holding `data` unless an entry of that name exists, and returns
    /// false then: written whole under a temporary name, synced, then linked into place with
    /// `linkat`, which never replaces anything. The folder is not synced: after many files,
    /// `sync()` once.
    public func createExclusively(_ data: [UInt8], name: RawPath) throws -> Bool {
        let temporary = Self.temporaryName(for: name)
        try writeNewFile(data, name: temporary, mode: 0o644, owner: nil)
        defer { _ = temporary.withCString { unlinkat(descriptor, $0, 0) } }
        let linked = temporary.withCString { from in
            name.withCString { to in linkat(descriptor, from, descriptor, to, 0) }
        }
        if linked == 0 { return true }
        if errno == EEXIST { return false }
        throw FileSystemError(path: path.appending(name), errno: errno, operation: "link")
    }

    /// Replaces (or creates) the file `name` in this folder with `data`, for a file photolib
    /// alone writes (a rendition): a temporary file beside it, synced, renamed over whatever
    /// is there. Unlike `writeAtomically`, nothing of the file replaced is kept and no abandoned
    /// temporary is looked for: what a rendition write costs is the write. The folder is not
    /// synced (a lost rendition is made again).
    public func replace(with data: UnsafeRawBufferPointer, name: RawPath) throws {
        let temporary = Self.temporaryName(for: name)
        try writeNewFile(data, name: temporary, mode: 0o644, owner: nil)
        let renamed = temporary.withCString { from in
            name.withCString { to in renameat(descriptor, from, descriptor, to) }
        }
        guard renamed == 0 else {
            let code = errno
            _ = temporary.withCString { unlinkat(descriptor, $0, 0) }
            throw FileSystemError(path: path.appending(name), errno: code, operation: "rename")
        }
    }

    private static func temporaryName(for name: RawPath) -> RawPath {
        RawPath(".\(name.description).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    }

    /// Writes `data` into the new file `name` (refused when it exists) and syncs it; with
    /// `owner`, the file takes its mode and owner (the file it is about to replace).
    private func writeNewFile(_ data: [UInt8], name: RawPath, mode: mode_t, owner: stat?) throws {
        try data.withUnsafeBytes { try writeNewFile($0, name: name, mode: mode, owner: owner) }
    }

    private func writeNewFile(_ data: UnsafeRawBufferPointer, name: RawPath, mode: mode_t, owner: stat?) throws {
        let output = name.withCString {
            openat(descriptor, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        }
        guard output >= 0 else {
            throw FileSystemError(path: path.appending(name), errno: errno, operation: "open")
        }
        var written = false
        defer {
            if !written { _ = name.withCString { unlinkat(descriptor, $0, 0) } }
        }
        defer { close(output) }
        var count = 0
        while count < data.count {
            let done = write(output, data.baseAddress! + count, data.count - count)
            if done < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path.appending(name), errno: errno, operation: "write")
            }
            count += done
        }
        if let owner {
            // The umask took bits from open's mode; and a file of another owner (we are
            // root, or its group) stays theirs. Failing to give it back is no error.
            _ = fchmod(output, owner.st_mode & 0o7777)
            _ = fchown(output, owner.st_uid, owner.st_gid)
        }
        guard fsync(output) == 0 else {
            throw FileSystemError(path: path.appending(name), errno: errno, operation: "fsync")
        }
        written = true
    }
}
