import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// Finds the asset a person or a script meant: an id or any unique prefix of one, or a path
/// (absolute, or relative to the working directory or the library root) of a file in the library.
public struct AssetReferenceResolver {
    public let library: Library
    public let catalog: any Catalog
    public let workingDirectory: RawPath

    /// How many candidates an "ambiguous" error names.
    public static let candidateLimit = 10

    public init(library: Library, catalog: any Catalog, workingDirectory: RawPath) {
        self.library = library
        self.catalog = catalog
        self.workingDirectory = workingDirectory
    }

    /// The asset `reference` names. Throws `AssetReferenceError` (exit status 66) when it names
    /// none, or more than one (naming the candidates). The path of a companion (a RAW twin, a
    /// `.THM`, a Live Photo movie) names the asset it belongs to.
    public func resolve(_ reference: RawPath) throws -> Asset {
        try resolveNotingCompanion(reference).asset
    }

    /// As `resolve`, saying also when `reference` was a companion's path: then `companionOf`
    /// is the path (relative to the library) of the asset it belongs to, for `--verbose`.
    public func resolveNotingCompanion(_ reference: RawPath) throws -> (asset: Asset, companionOf: RawPath?) {
        do {
            return (try resolveDirectly(reference), nil)
        } catch let error as AssetReferenceError {
            guard case .companion(of: _?) = error.reason, let (asset, primary) = try owner(ofCompanion: reference)
            else { throw error }
            return (asset, primary)
        }
    }

    /// The asset a companion's file belongs to, with its path; nil when that photo is no asset.
    private func owner(ofCompanion reference: RawPath) throws -> (Asset, RawPath)? {
        var absolute = reference.absolute(currentDirectory: workingDirectory)
        if !FileSystem.exists(absolute), !reference.isAbsolute {
            absolute = reference.absolute(currentDirectory: library.root)
        }
        // A `.THM` beside a RAW+JPEG pair names the RAW first, itself the JPEG's companion.
        var candidate = absolute
        for _ in 0..<2 {
            guard let primary = Companions.primary(of: candidate), let relative = relativeToLibrary(primary) else {
                return nil
            }
            if let asset = try catalog.asset(atRelativePath: relative) { return (asset, relative) }
            candidate = primary
        }
        return nil
    }

    private func resolveDirectly(_ reference: RawPath) throws -> Asset {
        let text = reference.description.trimmingCharacters(in: .whitespaces)
        if AssetID.isPossiblePrefix(text) {
            let matches = try catalog.ids(withPrefix: text, limit: Self.candidateLimit + 1)
            if matches.count == 1, let asset = try catalog.asset(id: matches[0]) { return asset }
            // A file may have a name made of hex digits: an existing file wins over no match or many.
            if let asset = try assetAtPath(reference) { return asset }
            if matches.count > 1 {
                let candidates = try matches.prefix(Self.candidateLimit).compactMap { try catalog.asset(id: $0) }
                    .map { AssetReferenceError.Candidate(id: $0.id, relativePath: $0.file.relativePath) }
                throw AssetReferenceError(
                    reference: text, reason: .ambiguous(candidates, more: matches.count > Self.candidateLimit))
            }
            throw AssetReferenceError(reference: text, reason: .unknown)
        }
        if let asset = try assetAtPath(reference) { return asset }
        var absolute = reference.absolute(currentDirectory: workingDirectory)
        // As for assets: a relative path is also taken from the library root.
        if !FileSystem.exists(absolute), !reference.isAbsolute {
            absolute = reference.absolute(currentDirectory: library.root)
        }
        if FileSystem.exists(absolute) {
            guard let relative = relativeToLibrary(absolute) else {
                throw AssetReferenceError(reference: text, reason: .outsideLibrary(library.root))
            }
            throw AssetReferenceError(reference: text, reason: try whyNotIndexed(absolute, relative: relative))
        }
        throw AssetReferenceError(reference: text, reason: .unknown)
    }

    /// Why a file inside the library is no asset: a companion of another file's photo, a
    /// file that `index` could not read (remembered), one in no format photolib reads, or
    /// simply one not indexed yet.
    private func whyNotIndexed(_ absolute: RawPath, relative: RawPath) throws -> AssetReferenceError.Reason {
        if let primary = Companions.primary(of: absolute) { return .companion(of: primary.lastComponent) }
        if Companions.isThumbnail(absolute) { return .companion(of: nil) }
        if let failure = try catalog.indexFailures().first(where: { $0.relativePath == relative }) {
            return .failedToIndex(library.reason(of: failure))
        }
        switch FileKind.of(absolute) {
        case .empty?: return .notAPhoto(detected: "an empty file")
        case .other(let detected)?: return .notAPhoto(detected: detected)
        default: return .notIndexed
        }
    }

    /// The asset with the id `id`, which `reference` wrote; throws `AssetReferenceError`
    /// (`unknown`) when the catalog has none.
    public func resolve(id: AssetID, named reference: String) throws -> Asset {
        guard let asset = try catalog.asset(id: id) else {
            throw AssetReferenceError(reference: reference, reason: .unknown)
        }
        return asset
    }

    /// The asset whose file is at `path`, nil when the catalog has none there. A relative
    /// path is taken from the working directory, else from the library root (so that
    /// `--library DIR 2015/a.jpg` works from anywhere, as `list` prints relative paths).
    private func assetAtPath(_ path: RawPath) throws -> Asset? {
        let absolute = path.absolute(currentDirectory: workingDirectory)
        if let relative = relativeToLibrary(absolute), let asset = try catalog.asset(atRelativePath: relative) {
            return asset
        }
        guard !path.isAbsolute, let relative = path.absolute(currentDirectory: library.root).relative(to: library.root)
        else {
            return nil
        }
        return try catalog.asset(atRelativePath: relative)
    }

    /// The path inside the library, also when a symlink (such as a library reached through a
    /// linked folder) makes the names differ.
    private func relativeToLibrary(_ absolute: RawPath) -> RawPath? {
        if let relative = absolute.relative(to: library.root) { return relative }
        guard let resolvedRoot = Self.realPath(library.root),
            let resolvedParent = Self.realPath(absolute.parent)
        else { return nil }
        return resolvedParent.appending(absolute.lastComponent).relative(to: resolvedRoot)
    }

    private static func realPath(_ path: RawPath) -> RawPath? {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return RawPath(
            bytes: Array(UnsafeBufferPointer(start: resolved, count: strlen(resolved))).map { UInt8(bitPattern: $0) })
    }
}

/// A reference that names no asset, or more than one.
public struct AssetReferenceError: PhotolibError {
    public struct Candidate: Sendable, Equatable {
        public var id: AssetID
        public var relativePath: RawPath
    }

    public enum Reason: Sendable, Equatable {
        case unknown
        /// Several ids start with the prefix (the first few; `more` when there are others).
        case ambiguous([Candidate], more: Bool)
        /// The file exists inside the library but is not in the catalog.
        case notIndexed
        /// The file exists but lies outside the library at this root.
        case outsideLibrary(RawPath)
        /// The file is a companion of the photo of that name beside it (a `.THM`, a RAW twin).
        case companion(of: RawPath?)
        /// The file is in no format photolib reads; what it looks like, when recognisable.
        case notAPhoto(detected: String?)
        /// `index` could not read the file (remembered while it is unchanged); the reason.
        case failedToIndex(String)
    }

    public var reference: String
    public var reason: Reason

    public var kind: ErrorKind { .noSuchInput }

    public var description: String {
        switch reason {
        case .unknown:
            return "no asset matches '\(reference)' (not an id, an id prefix or the path of an indexed file)"
        case .ambiguous(let candidates, let more):
            let listed = candidates.map { "\($0.id.hex) (\($0.relativePath))" }.joined(separator: ", ")
            return "ambiguous asset '\(reference)': it could be \(listed)\(more ? ", and more" : ""); give more digits"
        case .notIndexed:
            return "\(reference): not in the catalog yet"
        case .outsideLibrary(let root):
            return "\(reference): not inside the library at \(root)"
        case .companion(let primary?):
            return "\(reference): not an asset: a companion of \(primary) beside it"
        case .companion(nil):
            return "\(reference): not an asset: a camera's thumbnail (.THM), never a photo of its own"
        case .notAPhoto(let detected?) where detected.hasSuffix(" video"):
            return "\(reference): not an asset: \(detected) (photolib catalogues photos, not videos)"
        case .notAPhoto(let detected?):
            return "\(reference): not an asset: \(detected), a format photolib does not read"
        case .notAPhoto(nil):
            return "\(reference): not an asset: not in a format photolib reads"
        case .failedToIndex(let reason):
            return "\(reference): not an asset: index could not read it (\(reason))"
        }
    }
}
