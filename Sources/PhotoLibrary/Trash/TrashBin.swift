import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// The library's trash, `.photolib/trash/`: where `action delete` puts originals until
/// `restore` brings them back or `trash empty` deletes them for good.
///
/// A trashed original lies in a folder of its own named by the asset's id,
/// `.photolib/trash/<id>/<file name>`, with the XMP sidecars that were beside it: two photos
/// of the same name never meet, and the name always fits (it fitted where it came from).
/// The catalog keeps where it lies (`Asset.trashLocation`); libraries trashed into before
/// this layout keep their `<id>-<file name>` entries, which restore and empty still handle.
///
/// Every path is the catalog's, checked (`Library.place(of:)`): nothing outside the library
/// is moved or deleted, and nothing through a symlinked folder.
public struct TrashBin: Sendable {
    public let library: Library

    public init(library: Library) { self.library = library }

    /// Where `action delete` puts the asset's original, relative to the library root.
    public func location(for asset: Asset) -> RawPath {
        Library.trashRelativeDirectory.appending(asset.id.hex).appending(asset.file.relativePath.lastComponent)
    }

    // MARK: - Carrying out a recorded move

    /// Makes the recorded move. Throws `TrashError` when the file to move is not there or
    /// its target is taken, `ConfinedPathError` for a path that leads outside the library or
    /// through a symlink, and `FileSystemError` for I/O failures; the original then stays.
    func carryOut(_ move: FileMove) throws {
        switch move.kind {
        case .trash, .restore:
            guard let targetPath = move.target else { return }
            let source = try library.place(of: move.source)
            guard source.status != nil else {
                throw TrashError(
                    path: source.path, reason: move.kind == .trash ? .originalMissing : .trashedFileMissing)
            }
            let target = try library.place(of: targetPath, create: true)
            AbandonedTemporaries.removeAbandoned(in: target.folder)
            if target.status != nil { throw TrashError(path: target.path, reason: .pathTaken) }
            do {
                try FileTransfer.move(source, to: target)
            } catch let error as FileSystemError where error.reason == .alreadyExists {
                throw TrashError(path: target.path, reason: .pathTaken)
            }
            moveSidecars(from: source, to: target)
            moveCompanions(from: source, to: target)
            removeFolderIfEmpty(of: move.kind == .restore ? move.source : nil)
        case .purge:
            let source = try library.place(of: move.source)
            guard source.status.map({ ($0.st_mode & S_IFMT) == S_IFREG || ($0.st_mode & S_IFMT) == S_IFLNK }) ?? true
            else { throw TrashError(path: source.path, reason: .notAFile) }
            // Named while the photo is there: a Live Photo movie paired by identity needs it.
            let companions = companionNames(of: source)
            guard try source.folder.unlink(source.name) else {
                throw TrashError(path: source.path, reason: .trashedFileMissing)
            }
            source.folder.sync()
            removeSidecars(beside: source)
            removeCompanions(companions, beside: source)
            removeFolderIfEmpty(of: move.source)
        }
    }

    /// After a kill: whether the recorded move had reached its point of no return (the
    /// original linked at its target; for a purge, unlinked), finishing what follows it
    /// (the source's unlink, the sidecars); false when it had not, and nothing needs undoing.
    func carryOn(_ move: FileMove) throws -> Bool {
        try ConfinedPath.check(move.source)
        // The source's folder may be gone already (a trashed asset's own folder is removed
        // once its last file left): then nothing is left there.
        let source = try? library.place(of: move.source)
        switch move.kind {
        case .trash, .restore:
            guard let targetPath = move.target else { return false }
            guard let target = try? library.place(of: targetPath), let arrived = target.status else {
                // Never arrived: the asset's own trash folder may have been made for it.
                removeFolderIfEmpty(of: move.kind == .trash ? targetPath : nil)
                return false
            }
            if let source, let left = source.status {
                // Linked but not yet unlinked: the same file under both names. Anything else
                // at the target is not this move's: leave both alone, the move never happened.
                guard left.st_dev == arrived.st_dev, left.st_ino == arrived.st_ino else { return false }
                try source.folder.unlink(source.name)
                source.folder.sync()
            }
            if let source {
                moveSidecars(from: source, to: target)
                moveCompanions(from: source, to: target)
            }
            removeFolderIfEmpty(of: move.kind == .restore ? move.source : nil)
            return true
        case .purge:
            guard source?.status == nil else { return false }
            if let source {
                removeSidecars(beside: source)
                removeCompanions(companionNames(of: source), beside: source)
            }
            removeFolderIfEmpty(of: move.source)
            return true
        }
    }

    // MARK: - Companions, sidecars and folders

    /// The companions of the photo at `place` (its RAW twin, `.THM`, Live Photo movie: see
    /// `Companions`), by name; none for a photo in the trash's old flat layout, where names
    /// carry the asset's id and nothing else belongs to it.
    /// `photo`: where the photo is now, when it has moved already (its Live Photo identity
    /// is read from it; the movie is found among the names at `place`).
    private func companionNames(of place: FileTransfer.Place, photo: RawPath? = nil) -> [RawPath] {
        guard place.folder.path != library.trashDirectory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: place.folder.path.description)
        else { return [] }
        return Companions.companionNames(
            of: place.name, among: names.sorted().map(RawPath.init), folder: place.folder.path, photo: photo
        ).map(\.0)
    }

    /// Moves the companions of the photo `from` (and their own sidecars) to the folder of
    /// `to`, after the photo itself: the photo's move is the one the catalog records, so a
    /// kill between the two leaves a move that the next command finishes (`carryOn`)
    /// companions and all. A companion that cannot move (its name taken there) stays.
    /// Each companion's own sidecars go before it: found by its name, they would be left
    /// behind by a kill once it had gone.
    private func moveCompanions(from: FileTransfer.Place, to: FileTransfer.Place) {
        for name in companionNames(of: from, photo: to.path) {
            let companion = FileTransfer.Place(folder: from.folder, name: name)
            moveSidecars(from: companion, to: FileTransfer.Place(folder: to.folder, name: name))
            moveFile(name, from: from.folder, to: to.folder)
        }
    }

    /// Deletes the companions that went into the trash with a photo (only in a folder of its own).
    private func removeCompanions(_ names: [RawPath], beside original: FileTransfer.Place) {
        for name in names {
            guard let info = original.folder.status(name), (info.st_mode & S_IFMT) == S_IFREG else { continue }
            removeSidecars(beside: FileTransfer.Place(folder: original.folder, name: name))
            _ = try? original.folder.unlink(name)
        }
        original.folder.sync()
    }

    /// The bytes a purge of the trashed photo at `place` deletes: the photo, its companions
    /// and the sidecars of both (only the photo for the old flat layout, where nothing else
    /// went into the trash with it).
    func trashedBytes(at place: FileTransfer.Place) -> Int64 {
        func size(_ name: RawPath) -> Int64 {
            guard let info = place.folder.status(name), (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
            return Int64(info.st_size)
        }
        var total = size(place.name)
        guard place.folder.path != library.trashDirectory else { return total }
        for name in [place.name] + companionNames(of: place) {
            if name != place.name { total += size(name) }
            for sidecar in Sidecar.candidates(for: name).map(\.lastComponent) { total += size(sidecar) }
        }
        return total
    }

    /// Moves the regular file `name` from one folder to another under the same name; one
    /// already linked there by a move a kill cut short is finished, a different file there stays.
    private func moveFile(_ name: RawPath, from: DirectoryHandle, to: DirectoryHandle) {
        guard let info = from.status(name), (info.st_mode & S_IFMT) == S_IFREG else { return }
        if let there = to.status(name) {
            if there.st_dev == info.st_dev, there.st_ino == info.st_ino { _ = try? from.unlink(name) }
            return
        }
        try? FileTransfer.move(
            FileTransfer.Place(folder: from, name: name), to: FileTransfer.Place(folder: to, name: name))
    }

    /// Moves the regular-file sidecars of the photo named `from.name` beside it to the
    /// folder of `to`, under the names they had; one that cannot move stays where it is.
    private func moveSidecars(from: FileTransfer.Place, to: FileTransfer.Place) {
        for name in Sidecar.candidates(for: from.name).map(\.lastComponent) {
            moveFile(name, from: from.folder, to: to.folder)
        }
    }

    /// Deletes the sidecars that went into the trash with a photo (only in a folder of its own).
    private func removeSidecars(beside original: FileTransfer.Place) {
        guard original.folder.path != library.trashDirectory else { return }
        for name in Sidecar.candidates(for: original.name).map(\.lastComponent) {
            guard let info = original.folder.status(name), (info.st_mode & S_IFMT) == S_IFREG else { continue }
            _ = try? original.folder.unlink(name)
        }
    }

    /// Removes a trashed asset's own folder (`.photolib/trash/<id>/`) once it is empty.
    private func removeFolderIfEmpty(of location: RawPath?) {
        guard let location, location.parent.parent == Library.trashRelativeDirectory,
            let trash = try? DirectoryHandle.open(
                root: library.root, relative: Library.trashRelativeDirectory, create: false)
        else { return }
        trash.removeEmptyFolder(location.parent.lastComponent)
    }
}

/// Why a file could not go into the trash or come out of it.
public struct TrashError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        case originalMissing, notInTrash, trashedFileMissing, pathTaken, notAFile
        /// `trash empty` found the trashed file gone and the original back at its path.
        case originalBack
    }

    public var path: RawPath
    public var reason: Reason

    public init(path: RawPath, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var kind: ErrorKind {
        switch reason {
        case .originalMissing, .trashedFileMissing: .noSuchInput
        case .notInTrash, .pathTaken, .notAFile, .originalBack: .failure
        }
    }

    public var description: String {
        switch reason {
        case .originalMissing: "\(path): the original is not there; nothing to move into the trash"
        case .notInTrash: "\(path): not in the trash"
        case .trashedFileMissing: "\(path): the trashed original is gone from the trash"
        case .pathTaken: "\(path): cannot restore: another file is at this path now; move it away first"
        case .notAFile: "\(path): not a file; photolib deletes only the files it put in the trash"
        case .originalBack:
            "\(path): not deleted: the trashed original is not in the trash, and a file is at its path again "
                + "(see 'photolib verify')"
        }
    }
}
