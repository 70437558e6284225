import Foundation
import PhotoFormats
import PhotoSupport

/// Where renditions live: `<library>/.photolib/renditions/ab/cd/<content hash>-<spec>.jpg`.
///
/// A file's name is its source's content hash (`Asset.contentHash`, XXH3-128 of every byte)
/// plus the spec that made it, so an edited original gets new files, an unchanged one is never
/// rendered twice, and byte-identical copies share theirs; two different photos never do (the
/// partial fingerprint of earlier versions did, for equal sizes and ends). The two fan-out
/// levels (the hash's first four hex digits) keep folders small. Files are only ever written
/// whole: to a temporary file in the same folder, then renamed into place. Files named by an
/// older key are stale: `verify` reports them and `verify --repair` removes them.
///
/// The library folder is not trusted: every write and delete goes through folders opened
/// from the library's root down with `O_NOFOLLOW` (`DirectoryHandle`), so that a symlink
/// planted for `renditions/` or a fan-out folder sends nothing elsewhere; a file is found
/// only when it is a regular file itself (a symlink at a rendition's name is no rendition).
public struct RenditionStore: Sendable {
    /// The folder that holds the fan-out tree (`Library.renditionsDirectory`).
    public let directory: RawPath
    /// Where writes are confined from (the library's root), and the folder below it.
    private let root: RawPath
    private let relativeDirectory: [UInt8]

    /// A store in `directory` itself, trusted as it is given (tests, a workbench).
    public init(directory: RawPath) {
        self.directory = directory
        root = directory
        relativeDirectory = []
    }

    public init(library: Library) {
        directory = library.renditionsDirectory
        root = library.root
        relativeDirectory = Array(Library.renditionsRelativeDirectory.bytes)
    }

    /// The file of the `spec` rendition of the content `contentHash` (hex digits, at least 4).
    public func path(contentHash: String, spec: RenditionSpec) throws -> RawPath {
        guard RenditionStore.isValid(key: contentHash) else {
            throw ImagingError(path: directory, reason: .invalidFingerprint(contentHash))
        }
        let digits = Array(contentHash.utf8)
        return
            directory
            .appending(RawPath(bytes: Array(digits[0..<2])))
            .appending(RawPath(bytes: Array(digits[2..<4])))
            .appending("\(contentHash)-\(spec).jpg")
    }

    /// The rendition when its file exists, with the size it was made at for a `format` photo
    /// displayed at `displayWidth` x `displayHeight`; nil when not made yet (or the hash is invalid).
    /// Only a `stat`: no catalog column and no decoding.
    public func existingFile(
        contentHash: String, spec: RenditionSpec,
        displayWidth: Int, displayHeight: Int, format: ImageFormat
    ) -> RenditionFile? {
        guard let path = try? path(contentHash: contentHash, spec: spec), isRendition(path) else { return nil }
        let size = spec.fittedSize(displayWidth: displayWidth, displayHeight: displayHeight, format: format)
        return RenditionFile(path: path, width: size.width, height: size.height)
    }

    /// True when `path` holds a finished rendition (a non-empty regular file, not a symlink).
    func isRendition(_ path: RawPath) -> Bool {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0
    }

    /// Writes a rendition's bytes so that readers see the whole file or none of it, in its
    /// fan-out folder (made if missing) reached from the root through no symlink.
    /// What a killed writer left in that folder goes first (each folder is looked at once a
    /// process: a first index lists each fan-out folder it writes in once, not once a file).
    func write(_ bytes: UnsafeRawBufferPointer, to path: RawPath) throws {
        let folder = try folder(of: path, create: true)
        AbandonedTemporaries.removeAbandoned(in: folder)
        try folder.replace(with: bytes, name: path.lastComponent)
    }

    /// Deletes the rendition at `path` (a path of this store's), through no symlink; false
    /// when it was not there.
    func remove(_ path: RawPath) throws -> Bool {
        try folder(of: path, create: false).unlink(path.lastComponent)
    }

    /// The open folder that holds `path`, one of this store's paths, reached from the root
    /// with `O_NOFOLLOW` at every step (`ConfinedPathError.throughSymlink` for a planted link).
    private func folder(of path: RawPath, create: Bool) throws -> DirectoryHandle {
        guard let inStore = path.parent.relative(to: directory) else {
            throw ConfinedPathError(path: path, reason: .notConfined)
        }
        // A directory given as it is (no library root) is made as it is, as before.
        if create, relativeDirectory.isEmpty, !FileSystem.isDirectory(root) { try FileSystem.createDirectory(root) }
        let parts = [relativeDirectory, inStore.bytes].filter { !$0.isEmpty }
        let relative = RawPath(bytes: Array(parts.joined(separator: [UInt8(ascii: "/")])))
        return try DirectoryHandle.open(root: root, relative: relative, create: create)
    }

    /// True for a name's key: hex digits, at least 4 (a content hash has 32; the partial
    /// fingerprints that named renditions before have 16, and parse too, to be found stale).
    static func isValid(key: String) -> Bool {
        let digits = key.utf8
        return digits.count >= 4
            && digits.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            }
    }
}

/// A rendition on disk and its pixel size.
public struct RenditionFile: Sendable, Equatable {
    public var path: RawPath
    public var width: Int
    public var height: Int

    public init(path: RawPath, width: Int, height: Int) {
        self.path = path
        self.width = width
        self.height = height
    }
}
