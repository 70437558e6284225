import Foundation
import PhotoCatalog
import PhotoSupport

/// Paths read from the catalog are checked before use: the library folder is not trusted
/// (see `ConfinedPath`). Reading may go through a symlinked folder (indexing one is fine);
/// writing, moving and deleting go through none.
extension Library {
    /// Where the asset's original is now (absolute): in the trash when it is trashed, else at
    /// its path. Every reader of an original (renditions, peek, pop, export) goes through this.
    /// Throws `ConfinedPathError` for a catalog path that leads outside the library.
    public func originalPath(of asset: Asset) throws(ConfinedPathError) -> RawPath {
        let relative = asset.trashed ? (asset.trashLocation ?? asset.file.relativePath) : asset.file.relativePath
        try ConfinedPath.check(relative)
        return absolutePath(of: relative)
    }

    /// The folder that holds `relative` (opened through no symlink) and its name there, to
    /// create, move or delete it; with `create`, missing folders on the way are made.
    public func place(of relative: RawPath, create: Bool = false) throws -> FileTransfer.Place {
        try ConfinedPath.check(relative)
        let folder = try DirectoryHandle.open(root: root, relative: relative.parent, create: create)
        return FileTransfer.Place(folder: folder, name: relative.lastComponent)
    }
}

/// Held while a command has file moves recorded and not yet finished: shared by every such
/// command, taken alone by `FileMoveRecovery`, so that recovery never touches a move a
/// running command is making. The kernel lets go of it when its process dies, even by SIGKILL.
final class FileMoveLock {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Waits for the lock shared (a mover); nil when the lock file cannot be made.
    static func shared(in library: Library) throws -> FileMoveLock {
        let path = library.controlDirectory.appending("moves.lock")
        let descriptor = path.withCString { open($0, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno, operation: "open") }
        while flock(descriptor, LOCK_SH) != 0, errno == EINTR {}
        return FileMoveLock(descriptor: descriptor)
    }

    /// The lock alone, when no mover holds it now; nil otherwise.
    static func exclusive(in library: Library) -> FileMoveLock? {
        let path = library.controlDirectory.appending("moves.lock")
        let descriptor = path.withCString { open($0, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return FileMoveLock(descriptor: descriptor)
    }
}
