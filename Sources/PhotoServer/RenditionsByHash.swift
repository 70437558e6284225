import Foundation
import PhotoLibrary
import PhotoSupport

/// Thumbnails and previews found by the content hash the page already has (`?v=` of their
/// URL), without the catalog: a rendition's file is named by that hash, so the grid's
/// thumbnails need neither the server's lock nor a catalog query, and never queue behind a
/// grid page or the collection counts. The hash is only ever a name of hex digits under the
/// renditions folder (never a path), opened through no symlink from the library's root
/// down; what is not found there (not made yet, a hash from an old page) goes the slow way,
/// by asset id under the lock, which makes a missing preview as before.
///
/// Safe to call from any of libmicrohttpd's threads at once.
final class RenditionsByHash: @unchecked Sendable {
    private let library: Library
    private let store: RenditionStore
    private let specs: [RenditionKind: RenditionSpec]
    /// Open fan-out folders (`ab/cd`) by name; at most `folderLimit`, each one descriptor,
    /// dropped all together when full (a library has at most 65,536 of them).
    private var folders: [String: DirectoryHandle] = [:]
    private let lock = NSLock()
    static let folderLimit = 256

    init(library: Library) {
        self.library = library
        store = RenditionStore(library: library)
        specs = Dictionary(
            uniqueKeysWithValues: RenditionKind.allCases.map {
                ($0, RenditionSpec.standard($0, settings: library.settings))
            }
        )
    }

    /// The `kind` rendition of the content `hash` (or its preview, which the grid scales down,
    /// when a thumbnail was not made), open as a regular file; nil when `hash` is not a
    /// content hash (32 hex digits) or neither file is there.
    func open(hash: String, kind: RenditionKind) -> RegularFile? {
        guard Self.isContentHash(hash) else { return nil }
        let kinds: [RenditionKind] = kind == .thumbnail ? [.thumbnail, .preview] : [kind]
        for kind in kinds {
            guard let spec = specs[kind], let path = try? store.path(contentHash: hash, spec: spec),
                let relative = path.relative(to: store.directory)
            else { continue }
            if let file = open(path.lastComponent, in: relative.parent) { return file }
        }
        return nil
    }

    /// 32 lower-case hex digits, as `Asset.contentHash` writes XXH3-128: nothing else is
    /// looked up (no dot, no slash, no older partial fingerprint).
    static func isContentHash(_ text: String) -> Bool {
        let digits = text.utf8
        return digits.count == 32
            && digits.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }

    /// The file `name` of the fan-out folder `ab/cd` under the renditions folder, reached from
    /// the library's root through no symlink (`DirectoryHandle`), which is kept open for the
    /// next request. When the file is not in the folder kept open, the folder is opened again
    /// once: it may have been removed and made again since (`verify --repair`, a new index).
    private func open(_ name: RawPath, in relative: RawPath) -> RegularFile? {
        let key = relative.description
        if let kept = lock.withLock({ folders[key] }), let file = Self.open(name, in: kept) { return file }
        let whole = Library.renditionsRelativeDirectory.appending(relative)
        guard let folder = try? DirectoryHandle.open(root: library.root, relative: whole, create: false) else {
            _ = lock.withLock { folders.removeValue(forKey: key) }
            return nil
        }
        lock.withLock {
            if folders.count >= Self.folderLimit { folders.removeAll() }
            folders[key] = folder
        }
        return Self.open(name, in: folder)
    }

    /// A non-empty regular file (not a symlink) of `folder`: what `RenditionStore` counts as made.
    private static func open(_ name: RawPath, in folder: DirectoryHandle) -> RegularFile? {
        guard let file = try? RegularFile(name, in: folder), file.size > 0 else { return nil }
        return file
    }
}
