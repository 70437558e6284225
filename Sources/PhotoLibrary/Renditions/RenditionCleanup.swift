import Foundation
import PhotoCatalog
import PhotoSupport

/// Removes the renditions of contents no asset has any more, in the command that made them
/// stale: an index that found an original edited (its content hash changed), `trash empty`
/// (the asset is gone). Byte-identical copies share renditions, so a content's files go only
/// when no asset, trashed or not, still has its hash.
///
/// Crash-safe by order: the catalog is written first, the files removed after. A kill between
/// the two leaves files no asset claims, which `verify` reports as stale and `--repair` removes;
/// never an asset without its renditions.
struct RenditionCleanup {
    let library: Library
    let catalog: any Catalog

    /// Removes every rendition file of each hash in `hashes` that no asset has now; returns how
    /// many files went. Failures to remove are left for `verify` (the files are only stale).
    @discardableResult
    func removeUnclaimed(_ hashes: Set<String>) -> Int {
        guard !hashes.isEmpty else { return 0 }
        var everything = AssetQuery()
        everything.trash = .included
        var claimed = Set<String>()
        do {
            try catalog.forEachAsset(matching: everything) { asset in
                if let hash = asset.contentHash, hashes.contains(hash) { claimed.insert(hash) }
                return true
            }
        } catch {
            return 0  // Nothing is removed unless the catalog says no asset has the content.
        }
        var removed = 0
        for hash in hashes.subtracting(claimed) where RenditionStore.isValid(key: hash) && hash.utf8.count >= 4 {
            removed += removeFiles(of: hash)
        }
        return removed
    }

    /// The files `<hash>-<spec>.jpg` in the hash's fan-out folder, at whatever spec made them.
    private func removeFiles(of hash: String) -> Int {
        let digits = Array(hash.utf8)
        let folder = library.renditionsDirectory.appending(RawPath(bytes: Array(digits[0..<2])))
            .appending(RawPath(bytes: Array(digits[2..<4])))
        // Opened without following a link, so a planted symlink is never a way out of the library.
        let descriptor = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0, let directory = fdopendir(descriptor) else {
            if descriptor >= 0 { close(descriptor) }
            return 0
        }
        defer { closedir(directory) }
        let prefix = digits + [UInt8(ascii: "-")]
        let suffix = Array(".jpg".utf8)
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard name.count > prefix.count + suffix.count, name.starts(with: prefix),
                name.suffix(4).elementsEqual(suffix)
            else { continue }
            names.append(name)
        }
        var removed = 0
        for name in names {
            let unlinked = (name + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { unlinkat(dirfd(directory), $0.baseAddress!, 0) }
            }
            if unlinked == 0 { removed += 1 }
        }
        return removed
    }
}
