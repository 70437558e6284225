import Foundation
import PhotoFormats
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

    /// The walked files that are companions and so never assets: every `.THM`, every RAW
    /// with a primary of the same name in its folder (a RAW alone is a photo of its own), and
    /// every Live Photo movie beside its photo (a movie alone is a video of its own).
    static func companionPaths(among files: [RawPath]) -> FolderCompanions {
        // Most folders hold no .THM, RAW nor movie: one look at each extension settles them.
        guard files.contains(where: { kind(of: $0) != nil }) else { return FolderCompanions() }
        var primaries: [[UInt8]: RawPath] = [:]
        for file in files where primaryExtensions.contains(file.lowercasedExtension) {
            primaries[stem(of: file)] = primaries[stem(of: file)] ?? file
        }
        var companions = FolderCompanions()
        for file in files {
            switch kind(of: file) {
            case .thumbnail?: companions.paths.insert(file)
            case .raw? where primaries[stem(of: file)] != nil && !holdsJPEG(file): companions.paths.insert(file)
            case .video?:
                guard let photo = primaries[stem(of: file)] else { continue }
                companions.paths.insert(file)
                companions.liveMovies[photo] = file
            default: break
            }
        }
        pairByIdentity(files, into: &companions)
        return companions
    }

    /// A Live Photo movie is at most this big (an iPhone's 3 s are a few MB): a bigger movie
    /// is a video of its own, never read for an identity.
    static let liveMovieSizeLimit: Int64 = 32 << 20

    /// Pairs Live Photos whose names were changed apart (users rename, export tools add
    /// suffixes) by the identity the photo's Apple MakerNote and the movie's header share. Only
    /// a QuickTime movie no photo's name claims, small enough to be a Live Photo's, is read
    /// (its header), and the folder's unpaired photos only when one such movie has an identity:
    /// a folder of photos alone, or of videos without one, costs nothing more.
    static func pairByIdentity(_ files: [RawPath], into companions: inout FolderCompanions) {
        let strays = files.filter { file in
            file.lowercasedExtension == "mov" && !companions.paths.contains(file)
                && (FileSystem.status(file).map { Int64($0.st_size) <= liveMovieSizeLimit } ?? false)
        }
        guard !strays.isEmpty else { return }
        let photos = files.filter {
            primaryExtensions.contains($0.lowercasedExtension) && companions.liveMovies[$0] == nil
        }
        guard !photos.isEmpty else { return }
        var movies: [String: RawPath] = [:]
        for movie in strays {
            guard let identity = ImageFileReader.movieContentIdentifier(movie) else { continue }
            movies[identity] = movies[identity] ?? movie
        }
        guard !movies.isEmpty else { return }
        for photo in photos {
            guard let identity = AppleMakerNote.contentIdentifier(photo), let movie = movies[identity] else { continue }
            movies[identity] = nil
            companions.paths.insert(movie)
            companions.liveMovies[photo] = movie
        }
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
    /// A Live Photo movie renamed apart is found by identity, read from `photo` (where the
    /// photo is now, when it has moved already) or else from the photo in `folder`.
    public static func companionNames(
        of primary: RawPath, among names: [RawPath], folder: RawPath? = nil, photo: RawPath? = nil
    ) -> [(RawPath, Kind)] {
        let stem = stem(of: primary)
        let isPrimary = primaryExtensions.contains(primary.lastComponent.lowercasedExtension)
        var found: [(RawPath, Kind)] = names.compactMap { name in
            let kind = folder.map { Self.kind(ofFileAt: $0.appending(name)) } ?? Self.kind(of: name)
            guard name != primary, let kind, isPrimary || kind == .thumbnail,
                Self.stem(of: name) == stem
            else { return nil }
            return (name, kind)
        }
        // A Live Photo movie renamed apart goes with its photo too: paired by identity, among
        // the movies no photo's name claims.
        guard isPrimary, let folder, !found.contains(where: { $0.1 == .video }) else { return found }
        let claimed = Set(names.filter { primaryExtensions.contains($0.lowercasedExtension) }.map(Self.stem(of:)))
        let strays = names.filter { $0.lowercasedExtension == "mov" && !claimed.contains(Self.stem(of: $0)) }
        guard !strays.isEmpty, let identity = AppleMakerNote.contentIdentifier(photo ?? folder.appending(primary))
        else { return found }
        let movie = strays.first { name in
            let path = folder.appending(name)
            return (FileSystem.status(path).map { Int64($0.st_size) <= liveMovieSizeLimit } ?? false)
                && ImageFileReader.movieContentIdentifier(path) == identity
        }
        if let movie { found.append((movie, .video)) }
        return found
    }
}

/// One folder's companions, as an index pass sorts its files (`Companions.companionPaths`).
struct FolderCompanions {
    /// The files that are companions, never assets.
    var paths = Set<RawPath>()
    /// The Live Photos among the folder's photos, with their movie.
    var liveMovies: [RawPath: RawPath] = [:]

    var isEmpty: Bool { paths.isEmpty }

    func contains(_ path: RawPath) -> Bool { paths.contains(path) }
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
        // A Live Photo whose movie was renamed apart: paired by identity (only looked for
        // when the folder holds a movie no name claims).
        if isPrimary, !found.contains(where: { $0.kind == .video }),
            candidates.contains(where: { $0.kind == .video && $0.stem != stem }),
            let movie = identityMovies(in: path.parent)[path], let info = FileSystem.status(movie)
        {
            found.append(Companions.File(path: movie, kind: .video, size: Int64(info.st_size)))
        }
        return found
    }

    private var identityPairs: [RawPath: [RawPath: RawPath]] = [:]

    /// The Live Photos of `folder` and their movies, as an index pairs them.
    private func identityMovies(in folder: RawPath) -> [RawPath: RawPath] {
        if let known = identityPairs[folder] { return known }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.description)) ?? []
        let pairs = Companions.companionPaths(among: names.sorted().map { folder.appending(RawPath($0)) }).liveMovies
        identityPairs[folder] = pairs
        return pairs
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
