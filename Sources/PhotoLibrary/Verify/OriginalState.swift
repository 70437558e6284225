import Foundation
import PhotoCatalog
import PhotoSupport

/// How an original on disk compares with the facts the catalog recorded when it was indexed.
enum OriginalState: Equatable {
    case unchanged
    case missing
    /// Says what differs: size, modification time or fingerprint.
    case changed(String)
    /// It is there but cannot be opened or read.
    case unreadable(String)

    /// Compares `path` with `recorded`: a `stat`, then the fingerprint of its first and
    /// last 64 KiB (never the whole file), as the indexer computed it. With
    /// `ignoringModificationTime`, the same size and fingerprint are enough (is this the
    /// asset's file, wherever it lies now?).
    static func of(_ path: RawPath, recorded: FileFacts, ignoringModificationTime: Bool = false) -> OriginalState {
        let file: RegularFile
        do { file = try RegularFile(path) } catch {
            switch error.reason {
            case .notFound, .notADirectory: return .missing
            case .special(let kind): return .changed("no longer a regular file: \(kind)")
            default: return .unreadable(error.explanation)
            }
        }
        defer { withExtendedLifetime(file) {} }
        let descriptor = file.descriptor
        let info = file.status
        let size = Int64(info.st_size)
        if size != recorded.size { return .changed("size \(recorded.size) is now \(size)") }
        let modified = info.modifiedNanoseconds
        let fingerprint = ContentFingerprint.withWindows(of: descriptor, size: size) { $0.map(\.fingerprint) }
        switch fingerprint {
        case .failure(let failure): return .unreadable(String(cString: strerror(failure.code)))
        case .success(let fingerprint) where fingerprint != recorded.fingerprint:
            return .changed("content fingerprint differs")
        case .success: break
        }
        if modified != recorded.modifiedNanoseconds, !ignoringModificationTime {
            return .changed("modification time differs")
        }
        return .unchanged
    }
}
