import Foundation
import PhotoCatalog
import PhotoSupport

/// The folders an export must not write into: the library's root and every folder on the way
/// to an original (a symlinked NAS folder holds originals outside the root), known by device
/// and inode, so that no spelling of a path (`..`, a symlinked DEST, a bind mount) gets a copy
/// past it. A folder is in the library when it or one of its ancestors is one of these.
public struct LibraryFence: Sendable {
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Linux's `O_PATH` (Glibc's module leaves it out): a folder opened only to be looked at
    /// and climbed from, which needs no read permission (a home folder of mode 0711).
    static let pathOnly: Int32 = 0o10000000

    /// The library's root, for messages.
    public let root: RawPath
    private let folders: Set<Identity>

    /// The fence of `library`: its root and the folders of every original `catalog` knows
    /// (each prefix of its path, symlinks followed as index follows them).
    public init(library: Library, catalog: any Catalog) throws {
        root = library.root
        var prefixes: Set<RawPath> = []
        for record in try catalog.indexRecords() {
            var folder = record.file.relativePath.parent
            while !folder.bytes.isEmpty, folder.description != ".", prefixes.insert(folder).inserted {
                folder = folder.parent
            }
        }
        var folders: Set<Identity> = []
        for path in [library.root] + prefixes.map(library.absolutePath(of:)) {
            var info = stat()
            if path.withCString({ stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                folders.insert(Identity(info))
            }
        }
        self.folders = folders
    }

    /// True when the open folder `descriptor` is one of the fence's folders (not its ancestors).
    func holds(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && folders.contains(Identity(info))
    }

    /// True when the open folder `descriptor`, or any folder above it up to `/`, is one of
    /// the fence's: walked by `..` from the folder itself, not by its path's text.
    func encloses(_ descriptor: Int32) -> Bool {
        var current = dup(descriptor)
        guard current >= 0 else { return true }
        defer { close(current) }
        var previous: Identity?
        // A bound for a tree that never reaches its top (a loop the kernel should forbid).
        for _ in 0..<4096 {
            var info = stat()
            guard fstat(current, &info) == 0 else { return true }
            let identity = Identity(info)
            if folders.contains(identity) { return true }
            if identity == previous { return false }  // `/`: its own parent
            previous = identity
            let parent = openat(current, "..", Self.pathOnly | O_DIRECTORY | O_CLOEXEC)
            guard parent >= 0 else { return true }
            close(current)
            current = parent
        }
        return true
    }
}

/// An export's copy would land in the library (or in a folder of its originals).
public struct ExportIntoLibraryError: PhotolibError {
    public var path: RawPath
    public var library: RawPath

    public var kind: ErrorKind { .cannotCreate }
    public var description: String {
        "\(path): refused: inside the library (\(library)); export writes only outside it"
    }
}
