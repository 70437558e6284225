import Foundation
import PhotoCatalog
import PhotoSupport

/// `RenditionStore.existingRenditions` for many assets in a row (a list): the specs worked
/// out once, each file's name built in one buffer and looked up relative to the open
/// renditions folder, which spares the kernel walking the library's path every time.
/// Same answers as the store's; half of what listing an asset cost was these lookups.
public final class RenditionLookup {
    private let store: RenditionStore
    private let specs: [(spec: RenditionSpec, suffix: [UInt8])]
    /// The renditions folder, reached from the root through no symlink; nil when there is
    /// none (so no rendition exists).
    private let handle: DirectoryHandle?
    private var folder: Int32 { handle?.descriptor ?? -1 }
    private var name: [UInt8] = []

    public init(library: Library) {
        store = RenditionStore(library: library)
        specs = RenditionKind.allCases.map { kind in
            let spec = RenditionSpec.standard(kind, settings: library.settings)
            return (spec, Array("-\(spec).jpg".utf8))
        }
        handle = try? DirectoryHandle.open(
            root: library.root, relative: Library.renditionsRelativeDirectory, create: false)
    }

    /// The asset's renditions that exist now, in `RenditionKind.allCases` order (nil: not made).
    public func existing(of asset: Asset) -> [RenditionFile?] {
        guard folder >= 0, let width = asset.metadata.displayWidth, let height = asset.metadata.displayHeight,
            let contentHash = asset.contentHash, RenditionStore.isValid(key: contentHash)
        else { return Array(repeating: nil, count: specs.count) }
        return specs.map { spec, suffix in
            // `ab/cd/<content hash>-<spec>.jpg`, as `RenditionStore.path(contentHash:spec:)` names it.
            let digits = contentHash.utf8
            name.removeAll(keepingCapacity: true)
            name.append(contentsOf: digits.prefix(2))
            name.append(UInt8(ascii: "/"))
            name.append(contentsOf: digits.dropFirst(2).prefix(2))
            name.append(UInt8(ascii: "/"))
            name.append(contentsOf: digits)
            name.append(contentsOf: suffix)
            name.append(0)
            var info = stat()
            let found = name.withUnsafeBufferPointer { buffer in
                // A symlink at a rendition's name is no rendition (`RenditionStore.isRendition`).
                buffer.withMemoryRebound(to: CChar.self) {
                    fstatat(folder, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW)
                }
            }
            guard found == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
            let path = store.directory.appending(RawPath(bytes: Array(name.dropLast())))
            let size = spec.fittedSize(displayWidth: width, displayHeight: height, format: asset.metadata.format)
            return RenditionFile(path: path, width: size.width, height: size.height)
        }
    }

    /// The kinds, in the order `existing(of:)` answers.
    public let kinds = RenditionKind.allCases
}
