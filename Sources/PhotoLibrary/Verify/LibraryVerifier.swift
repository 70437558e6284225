import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// Checks that a library's catalog, originals, renditions and trash agree with each other:
/// `photolib verify`. Checking changes nothing; `repair` (in `LibraryVerifier+Repair.swift`)
/// puts right what it safely can.
///
/// Originals are compared by size, modification time and the content fingerprint, which reads
/// only the first and last 64 KiB of each file, so a pass costs about what an index that
/// finds nothing new costs.
public final class LibraryVerifier {
    public let library: Library
    public let catalog: any Catalog
    /// Stale and orphaned rendition files younger than this are left alone by `repair`: they
    /// may belong to an index or render running now (its temporary file, or a rendition
    /// whose asset is not committed yet).
    public var minimumRemovalAge: TimeInterval

    public init(library: Library, catalog: any Catalog, minimumRemovalAge: TimeInterval = 60) {
        self.library = library
        self.catalog = catalog
        self.minimumRemovalAge = minimumRemovalAge
    }

    /// Runs every check and returns what it found, catalog problems first, then by asset
    /// and file. Throws only when the catalog cannot be read at all.
    public func check() throws -> VerifyReport {
        var report = VerifyReport()
        let problems = try catalog.catalogProblems()
        // Counts are recounted only from a catalog whose assets pass every other check.
        let recountable = problems.allSatisfy { $0.kind == .storedCounts }
        for problem in problems {
            let place = (try? library.catalogLocation()).map { RawPath($0.description) } ?? library.catalogPath
            report.findings.append(
                VerifyFinding(
                    kind: .catalogDamaged, path: place, detail: problem.description, recountable: recountable))
        }
        var everything = AssetQuery()
        everything.trash = .included
        let assets = try catalog.assets(matching: everything)
        report.assetsChecked = assets.count
        report.findings += try checkHistory(assets)
        // Assets a running command is moving the files of are between two states on purpose.
        let moving = Set(try catalog.pendingMoves().map(\.assetID))
        var inTrash = Set<RawPath>()
        for asset in assets where !asset.trashed {
            var findings = asset.missing ? [] : checkOriginal(of: asset)
            if asset.missing || findings.first?.kind == .originalMissing, !moving.contains(asset.id),
                let location = unrecordedTrashFile(of: asset)
            {
                findings = [trashUnrecordedFinding(asset, location: location)]
                let path = library.absolutePath(of: location)
                inTrash.insert(path)
                // The sidecars that went with it, in its own folder.
                if location.parent != Library.trashRelativeDirectory {
                    inTrash.formUnion(Sidecar.candidates(for: path))
                }
            }
            report.findings += findings
            if !asset.missing, library.settings.sidecars == .write, let finding = checkSidecar(of: asset) {
                report.findings.append(finding)
            }
        }
        report.findings += try checkRenditionFiles(
            claimedKeys: Set(assets.compactMap(\.contentHash)),
            filesChecked: &report.renditionFilesChecked)
        report.findings += try checkTrash(
            assets.filter(\.trashed), accountedFor: inTrash, moving: moving, filesChecked: &report.trashFilesChecked)
        report.findings += checkTemporaries()
        report.findings += checkControlLinks()
        return report
    }

    // MARK: - Originals and their renditions

    /// An original gone or changed; else the renditions a readable original should have.
    func checkOriginal(of asset: Asset) -> [VerifyFinding] {
        // A path that leads outside the library is reported as catalog damage, and never read.
        guard let path = try? library.originalPath(of: asset) else { return [] }
        switch OriginalState.of(path, recorded: asset.file) {
        case .missing:
            return [
                VerifyFinding(
                    kind: .originalMissing, path: path, assetID: asset.id,
                    detail: "original not found (the catalog does not know it is gone)")
            ]
        case .changed(let how):
            return [
                VerifyFinding(
                    kind: .originalChanged, path: path, assetID: asset.id,
                    detail: "original changed since indexing (\(how))")
            ]
        case .unreadable(let why):
            return [
                VerifyFinding(
                    kind: .originalChanged, path: path, assetID: asset.id,
                    detail: "original cannot be read (\(why))")
            ]
        case .unchanged:
            let missized = missizedRenditions(of: asset)
            return staleSize(of: asset, path: path) + missingRenditions(of: asset) + missized
                + uncolouredRenditions(of: asset, except: Set(missized.map(\.path)))
        }
    }

    /// Thumbnail and preview of an asset that can have them but lacks them: any asset whose
    /// original decodes and is within the pixel limit, damaged or not (the renditions of a
    /// truncated file show what decoded).
    func missingRenditions(of asset: Asset) -> [VerifyFinding] {
        let metadata = asset.metadata
        guard !asset.undecodable,
            library.settings.allowsDecoding(width: metadata.pixelWidth, height: metadata.pixelHeight)
        else { return [] }
        let store = RenditionStore(library: library)
        var findings: [VerifyFinding] = []
        for kind in RenditionKind.allCases {
            let spec = RenditionSpec.standard(kind, settings: library.settings)
            guard store.existing(spec, for: asset) == nil else { continue }
            // Without a content hash the file has no name yet: making it reads the original.
            guard let contentHash = asset.contentHash,
                let expected = try? store.path(contentHash: contentHash, spec: spec)
            else {
                findings.append(
                    VerifyFinding(
                        kind: .renditionMissing, path: library.absolutePath(of: asset.file.relativePath),
                        assetID: asset.id, detail: "\(kind.rawValue) not made (\(spec)); no content hash yet"))
                continue
            }
            findings.append(
                VerifyFinding(
                    kind: .renditionMissing, path: expected, assetID: asset.id,
                    detail: "\(kind.rawValue) not made (\(spec))"))
        }
        return findings
    }

    /// The renditions of a raw smaller than twice the preview that are not the size they are
    /// made at now. Earlier versions enlarged such a raw's half-size picture to the preview
    /// size; the files keep their names (the spec did not change), so only their JPEG headers
    /// tell. Only these are read: every other rendition's size follows from its name.
    func missizedRenditions(of asset: Asset) -> [VerifyFinding] {
        let metadata = asset.metadata
        guard metadata.format == .raw, let width = metadata.displayWidth, let height = metadata.displayHeight,
            metadata.format.renditionSourceSide(displayWidth: width, displayHeight: height)
                < max(library.settings.previewSize, library.settings.thumbnailSize)
        else { return [] }
        let store = RenditionStore(library: library)
        return RenditionKind.allCases.compactMap { kind in
            guard let file = store.existing(RenditionSpec.standard(kind, settings: library.settings), for: asset),
                let made = try? SourceFile.frameSize(of: file.path), made != (file.width, file.height)
            else { return nil }
            return VerifyFinding(
                kind: .renditionStale, path: file.path, assetID: asset.id,
                detail:
                    "\(kind.rawValue) made at \(made.width)x\(made.height); this raw's is \(file.width)x\(file.height) "
                    + "now (its half-size picture, not enlarged)")
        }
    }

    /// The renditions made before renditions were colour-managed (without `RenditionMark`):
    /// their names did not change, so only their first bytes tell. Each is made again by
    /// `--repair` (or `render --force`), never by an index: a library's worth at once is
    /// for the person to ask for.
    func uncolouredRenditions(of asset: Asset, except reported: Set<RawPath>) -> [VerifyFinding] {
        let store = RenditionStore(library: library)
        return RenditionKind.allCases.compactMap { kind in
            guard let file = store.existing(RenditionSpec.standard(kind, settings: library.settings), for: asset),
                !reported.contains(file.path), !RenditionMark.isColourManaged(file.path)
            else { return nil }
            var finding = VerifyFinding(
                kind: .renditionStale, path: file.path, assetID: asset.id,
                detail: "\(kind.rawValue) made before colour management (its colours may be off)")
            finding.remake = true
            return finding
        }
    }

    // MARK: - Files photolib owns

    /// Every file in the renditions folder is a rendition of a content hash some asset has.
    func checkRenditionFiles(claimedKeys: Set<String>, filesChecked: inout Int) throws -> [VerifyFinding] {
        let directory = library.renditionsDirectory
        // Through a planted link the walk would list (and repair delete) files elsewhere.
        if Self.isSymlink(directory) {
            filesChecked = 0
            return [Self.symlinkFinding(directory)]
        }
        let files = try FileWalker.entries(under: directory)
        filesChecked = files.count
        var findings: [VerifyFinding] = []
        for file in files {
            switch RenditionName.parse(file, in: directory) {
            case .rendition(let key) where claimedKeys.contains(key):
                continue
            case .rendition(let key) where key.utf8.count != 32:
                findings.append(
                    VerifyFinding(
                        kind: .renditionStale, path: file,
                        detail:
                            "rendition named by the partial fingerprint \(key) (renditions are named by content hash now)"
                    ))
            case .rendition(let key):
                findings.append(
                    VerifyFinding(
                        kind: .renditionStale, path: file,
                        detail: "rendition of content \(key), which no asset has now"))
            case .notARendition where Self.isSymlink(file):
                findings.append(Self.symlinkFinding(file))
            case .notARendition(let why):
                findings.append(VerifyFinding(kind: .renditionOrphaned, path: file, detail: "not a rendition (\(why))"))
            }
        }
        return findings
    }

    /// The sidecar photolib writes says what the catalog says of what a person set: the
    /// caption, city, rating and keywords a user gave, and a favourite's rating of 5. A write lost to a kill or
    /// a race, or a commit lost to a damaged write-ahead log, shows up here: as a sidecar
    /// that says otherwise, one that cannot be read (over `Sidecar.maximumSize`), or none at
    /// all where the catalog holds something a person set.
    func checkSidecar(of asset: Asset) -> VerifyFinding? {
        guard let original = try? library.originalPath(of: asset) else { return nil }
        guard let path = Sidecar.locate(for: original) else {
            let owed = Self.userFields(of: asset)
            guard !owed.isEmpty else { return nil }
            return VerifyFinding(
                kind: .sidecarDisagrees, path: Sidecar.candidates(for: original)[0], assetID: asset.id,
                detail: "no sidecar, though the catalog holds the user's \(owed.joined(separator: ", "))")
        }
        let text: PhotoText
        do { text = try Sidecar.read(path) } catch {
            return VerifyFinding(
                kind: .sidecarDisagrees, path: path, assetID: asset.id,
                detail: "the sidecar cannot be read: \(Self.reason(error, path: path))")
        }
        var disagreements: [String] = []
        if asset.captionSource == .user, text.caption != asset.caption { disagreements.append("caption") }
        if asset.citySource == .user, text.city != asset.city { disagreements.append("city") }
        if asset.ratingSource == .user {
            if text.rating != asset.rating { disagreements.append("rating") }
        } else if asset.favourite, text.rating != SidecarWriter.favouriteRating {
            // (A 5 on a non-favourite may be another tool's rating: not photolib's to judge.)
            disagreements.append("rating")
        }
        if asset.keywordsSource == .user,
            Set(text.keywords.map { $0.lowercased() }) != Set(asset.keywords.map { $0.lowercased() })
        {
            disagreements.append("keywords")
        }
        guard !disagreements.isEmpty else { return nil }
        return VerifyFinding(
            kind: .sidecarDisagrees, path: path, assetID: asset.id,
            detail: "the sidecar's \(disagreements.joined(separator: ", ")) disagree with the catalog")
    }

    /// The fields a sidecar of `asset` must hold: what a person set that `SidecarWriter` writes.
    static func userFields(of asset: Asset) -> [String] {
        var fields: [String] = []
        if asset.captionSource == .user, asset.caption != nil { fields.append("caption") }
        if asset.citySource == .user, asset.city != nil { fields.append("city") }
        if asset.favourite || (asset.ratingSource == .user && (asset.rating ?? 0) != 0) { fields.append("rating") }
        if asset.keywordsSource == .user, !asset.keywords.isEmpty { fields.append("keywords") }
        return fields
    }

    /// An error's message without the path the finding names already.
    static func reason(_ error: any Error, path: RawPath) -> String {
        let text = "\(error)"
        let prefix = "\(path): "
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }

    /// True when `path` itself is a symlink.
    static func isSymlink(_ path: RawPath) -> Bool {
        var info = stat()
        return path.withCString { lstat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// A link where photolib writes. (Where it points is not shown: its text is the link's.)
    static func symlinkFinding(_ path: RawPath) -> VerifyFinding {
        VerifyFinding(
            kind: .controlSymlink, path: path,
            detail: "a symlink in the library's own folder, which photolib writes through none")
    }

    /// Links planted where photolib writes its own files (`writeControlFile`): the library's
    /// own folder, its settings and its gazetteer.
    func checkControlLinks() -> [VerifyFinding] {
        if Self.isSymlink(library.controlDirectory) { return [Self.symlinkFinding(library.controlDirectory)] }
        return [library.settingsPath, library.gazetteerPath].filter(Self.isSymlink).map(Self.symlinkFinding)
    }

    /// Temporary files whose writer is gone, anywhere but the renditions folder (whose own
    /// check reports them as orphaned renditions).
    func checkTemporaries() -> [VerifyFinding] {
        let renditions = library.renditionsDirectory
        return AbandonedTemporaries.find(under: library.root).filter { $0.relative(to: renditions) == nil }.map {
            VerifyFinding(kind: .temporaryLeft, path: $0, detail: "temporary file left by a photolib that was stopped")
        }
    }

    /// Each trashed asset's file is in the trash, and each file in the trash is an asset's.
    /// `accountedFor`: files found to be the originals of assets not recorded as trashed.
    func checkTrash(
        _ trashed: [Asset], accountedFor: Set<RawPath>, moving: Set<AssetID>, filesChecked: inout Int
    ) throws -> [VerifyFinding] {
        var findings: [VerifyFinding] = []
        var claimed = accountedFor
        for asset in trashed {
            // No location, or one outside the library: reported by integrityProblems.
            guard let location = asset.trashLocation, ConfinedPath.isConfined(location) else { continue }
            let path = library.absolutePath(of: location)
            claimed.insert(path)
            // The sidecars trashed with it, in its own folder.
            if location.parent != Library.trashRelativeDirectory {
                claimed.formUnion(Sidecar.candidates(for: path))
            }
            var info = stat()
            if path.withCString({ lstat($0, &info) }) != 0 {
                if !moving.contains(asset.id), let finding = restoreUnrecordedFinding(asset) {
                    findings.append(finding)
                    continue
                }
                findings.append(
                    VerifyFinding(
                        kind: .trashFileMissing, path: path, assetID: asset.id,
                        detail: "trashed original is not in the trash"))
            }
        }
        if Self.isSymlink(library.trashDirectory) {
            filesChecked = 0
            return findings + [Self.symlinkFinding(library.trashDirectory)]
        }
        let files = try FileWalker.entries(under: library.trashDirectory)
        filesChecked = files.count
        for file in files where !claimed.contains(file) {
            // A trashed original may be a symlink (to a file); a link to a folder is no original.
            if Self.isSymlink(file), FileSystem.isDirectory(file) {
                findings.append(Self.symlinkFinding(file))
                continue
            }
            findings.append(
                VerifyFinding(
                    kind: .trashFileUnclaimed, path: file,
                    detail: "in the trash but no asset claims it (left for you to keep or delete)"))
        }
        return findings
    }
}
