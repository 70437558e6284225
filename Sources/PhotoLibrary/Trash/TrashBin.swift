import Foundation
import PhotoCatalog
import PhotoSupport

/// The library's trash, `.photolib/trash/`: where `action delete` puts originals until
/// `restore` brings them back or `trash empty` deletes them for good.
///
/// A trashed original is named `<id>-<file name>`, so two photos of the same name never
/// meet, and the catalog keeps where it lies (`Asset.trashLocation`).
public struct TrashBin: Sendable {
    public let library: Library

    public init(library: Library) { self.library = library }

    /// Moves the asset's original into the trash; returns where it now lies, relative to
    /// the library root.
    public func moveIn(_ asset: Asset) throws -> RawPath {
        let original = library.absolutePath(of: asset.file.relativePath)
        guard FileSystem.exists(original) else { throw TrashError(path: original, reason: .originalMissing) }
        try FileSystem.createDirectory(library.trashDirectory)
        let location = location(for: asset)
        try FileTransfer.move(original, to: library.absolutePath(of: location))
        return location
    }

    /// Where `moveIn` puts the asset's original, relative to the library root.
    public func location(for asset: Asset) -> RawPath {
        let name = RawPath("\(asset.id.hex)-").bytes + asset.file.relativePath.lastComponent.bytes
        return Library.trashRelativeDirectory.appending(RawPath(bytes: name))
    }

    /// Puts a trashed original back at its path. Refuses when that path is taken now.
    public func moveOut(_ asset: Asset) throws {
        let original = library.absolutePath(of: asset.file.relativePath)
        guard let location = asset.trashLocation else { throw TrashError(path: original, reason: .notInTrash) }
        let trashed = library.absolutePath(of: location)
        guard FileSystem.exists(trashed) else { throw TrashError(path: trashed, reason: .trashedFileMissing) }
        if FileSystem.exists(original) { throw TrashError(path: original, reason: .pathTaken) }
        try FileSystem.createDirectory(original.parent)
        do {
            try FileTransfer.move(trashed, to: original)
        } catch let error as FileSystemError where error.reason == .alreadyExists {
            throw TrashError(path: original, reason: .pathTaken)
        }
    }

    /// Deletes a trashed original for good. A file already gone is no error.
    public func deleteForGood(_ asset: Asset) throws {
        guard let location = asset.trashLocation else { return }
        let trashed = library.absolutePath(of: location)
        if trashed.withCString({ unlink($0) }) != 0, errno != ENOENT {
            throw FileSystemError(path: trashed, errno: errno, operation: "unlink")
        }
    }
}

/// Why a file could not go into the trash or come out of it.
public struct TrashError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        case originalMissing, notInTrash, trashedFileMissing, pathTaken
    }

    public var path: RawPath
    public var reason: Reason

    public var kind: ErrorKind {
        switch reason {
        case .originalMissing, .trashedFileMissing: .noSuchInput
        case .notInTrash, .pathTaken: .failure
        }
    }

    public var description: String {
        switch reason {
        case .originalMissing: "\(path): the original is not there; nothing to move into the trash"
        case .notInTrash: "\(path): not in the trash"
        case .trashedFileMissing: "\(path): the trashed original is gone from the trash"
        case .pathTaken: "\(path): cannot restore: another file is at this path now; move it away first"
        }
    }
}
