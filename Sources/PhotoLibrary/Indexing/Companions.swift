import Foundation
import PhotoSupport

/// Files that belong to another file's photo rather than being photos of their own: a
/// camera's `.THM` thumbnail beside its `.CRW`/`.AVI`/`.MOV`, a RAW beside the JPEG or HEIC
/// the camera wrote with it, an Apple Live Photo's `.MOV` beside its `.HEIC`/`.JPG`. Grouped
/// by name (same folder, same name before the extension, any case): no library is involved.
public enum Companions {
    /// What a companion is to its primary.
    public enum Kind: String, Sendable, Equatable {
        case raw, thumbnail, video
    }

    /// A companion file of an asset's original.
    public struct File: Sendable, Equatable {
        public var path: RawPath
        public var kind: Kind
        public var size: Int64
    }

    /// Extensions whose files are primaries when a companion shares their name.
    static let primaryExtensions: Set<String> = ["jpg", "jpeg", "jpe", "heic", "heif", "hif", "avif"]
    static let rawExtensions: Set<String> = [
        "dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "orf", "rw2", "raf", "pef", "kdc", "dcr",
        "srw", "3fr", "erf", "mef", "mos", "iiq", "x3f", "mrw", "rwl", "gpr",
    ]
    static let videoExtensions: Set<String> = ["mov", "mp4", "m4v", "avi", "3gp", "mts", "m2ts"]

    static func kind(of path: RawPath) -> Kind? {
        let suffix = path.lowercasedExtension
        if suffix == "thm" { return .thumbnail }
        if rawExtensions.contains(suffix) { return .raw }
        if videoExtensions.contains(suffix) { return .video }
        return nil
    }

    /// The kind of companion the file at `path` (absolute) is, by its name and, for a raw's
    /// name, by its bytes: a JPEG saved under a raw's name (`DSC_0001.nef`) is a photo of its
    /// own, never a RAW companion. A raw LibRaw cannot read (a GoPro `.GPR`) is one still.
    static func kind(ofFileAt path: RawPath) -> Kind? {
        let kind = kind(of: path)
        return kind == .raw && holdsJPEG(path) ? nil : kind
    }

    /// True when the regular file at `path` begins as a JPEG does (three bytes read; a file
    /// that cannot be opened is judged by its name).
    static func holdsJPEG(_ path: RawPath) -> Bool {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        var head = [UInt8](repeating: 0, count: 3)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 3) }
        return count == 3 && head == [0xFF, 0xD8, 0xFF]
    }

    /// The folder and the name without its extension, lowercased: what companions share.
    static func stem(of path: RawPath) -> [UInt8] {
        var bytes = path.bytes
        let name = path.lastComponent.bytes
        if let dot = name.lastIndex(of: UInt8(ascii: ".")) { bytes.removeLast(name.count - dot) }
        return bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }

    /// The walked files that are companions and so never assets: every `.THM`, and every RAW
    /// with a primary of the same name in its folder (a RAW alone is a photo of its own).
    static func companionPaths(among files: [RawPath]) -> Set<RawPath> {
        // Most folders hold no .THM and no RAW: one look at each extension settles them.
        guard files.contains(where: { kind(of: $0) != nil }) else { return [] }
        let primaries = Set(files.filter { primaryExtensions.contains($0.lowercasedExtension) }.map(stem(of:)))
        var companions = Set<RawPath>()
        for file in files {
            switch kind(of: file) {
            case .thumbnail?: companions.insert(file)
            case .raw? where primaries.contains(stem(of: file)) && !holdsJPEG(file): companions.insert(file)
            default: break
            }
        }
        return companions
    }

    /// The companions of the original at `path` (absolute) that exist now, by name.
    public static func of(_ path: RawPath) -> [File] {
        CompanionFinder().companions(of: path)
    }

    /// True for a camera's `.THM` thumbnail: always a companion, never an asset.
    public static func isThumbnail(_ path: RawPath) -> Bool { kind(of: path) == .thumbnail }

    /// The file whose companion the file at `path` (absolute) is, when it is one: for a
    /// `.THM`, the file of the same name beside it (the photo or the movie); for a RAW or a
    /// Live Photo movie, the JPEG or HEIC of the same name. Nil for a file that is no companion.
    public static func primary(of path: RawPath) -> RawPath? {
        guard let kind = kind(ofFileAt: path),
            let names = try? FileManager.default.contentsOfDirectory(atPath: path.parent.description)
        else { return nil }
        let stem = stem(of: path.lastComponent)
        return names.sorted().map(RawPath.init).first { name in
            name != path.lastComponent && Self.stem(of: name) == stem
                && (kind == .thumbnail
                    ? Self.kind(of: name) != .thumbnail : primaryExtensions.contains(name.lowercasedExtension))
        }.map { path.parent.appending($0) }
    }

    /// The names among `names` (one folder's entries) that are companions of the photo named
    /// `primary` in that folder: a JPEG or HEIC has its RAW, `.THM` and Live Photo movie; a
    /// RAW (or anything else that is an asset of its own) only its `.THM`. With `folder` (the
    /// folder's absolute path), a raw's name on a JPEG's bytes is no companion.
    public static func companionNames(
        of primary: RawPath, among names: [RawPath], folder: RawPath? = nil
    ) -> [(RawPath, Kind)] {
        let stem = stem(of: primary)
        let isPrimary = primaryExtensions.contains(primary.lastComponent.lowercasedExtension)
        return names.compactMap { name in
            let kind = folder.map { Self.kind(ofFileAt: $0.appending(name)) } ?? Self.kind(of: name)
            guard name != primary, let kind, isPrimary || kind == .thumbnail,
                Self.stem(of: name) == stem
            else { return nil }
            return (name, kind)
        }
    }
}

/// Finds the companions of many originals, listing each folder once: a list of 100,000
/// photos in folders of 50 spent most of its time listing each folder once a photo.
///
/// A folder's listing is kept for the finder's life (one command), and only its names
/// that could be companions, so it stays small; whether each exists, and its size, is asked
/// when it is wanted.
public final class CompanionFinder {
    private struct Candidate {
        var path: RawPath
        var kind: Companions.Kind
        var stem: [UInt8]
    }

    private var folders: [RawPath: [Candidate]] = [:]

    public init() {}

    /// What `Companions.of(path)` returns.
    public func companions(of path: RawPath) -> [Companions.File] {
        let isPrimary = Companions.primaryExtensions.contains(path.lowercasedExtension)
        let candidates = candidates(in: path.parent)
        guard !candidates.isEmpty else { return [] }
        let stem = Companions.stem(of: path)
        var found: [Companions.File] = []
        for candidate in candidates where candidate.stem == stem && candidate.path != path {
            // A RAW or video asset of its own may still have a .THM beside it.
            guard isPrimary || candidate.kind == .thumbnail,
                let info = FileSystem.status(candidate.path), info.st_mode & S_IFMT == S_IFREG
            else { continue }
            found.append(Companions.File(path: candidate.path, kind: candidate.kind, size: Int64(info.st_size)))
        }
        return found
    }

    /// The names in `folder` that could be companions, in name order.
    private func candidates(in folder: RawPath) -> [Candidate] {
        if let known = folders[folder] { return known }
        var candidates: [Candidate] = []
        if let names = try? FileManager.default.contentsOfDirectory(atPath: folder.description) {
            for name in names.sorted() {
                let path = folder.appending(name)
                guard let kind = Companions.kind(ofFileAt: path) else { continue }
                candidates.append(Candidate(path: path, kind: kind, stem: Companions.stem(of: path)))
            }
        }
        folders[folder] = candidates
        return candidates
    }
}
