import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// Copies assets into an export folder (`photolib export`), one at a time, each to the path
/// its caller worked out from the templates. Never overwrites unless told to: a taken name gets
/// `-1`, `-2`, …; a file that already holds the same bytes counts as exported. What was copied
/// where is remembered in the catalog (`ExportRecord`), so that `update` copies only what is
/// new or changed. Never marks an asset popped; never prints.
public final class AssetExporter {
    public let library: Library
    public let destination: ExportDestination
    public let options: ExportOptions
    let catalog: any Catalog
    let records: [AssetID: ExportRecord]
    private var pending: [ExportRecord] = []
    /// Assets whose copy `cleanUp` removed (or found gone): their records are forgotten.
    var forgotten: [AssetID] = []
    /// Paths claimed in this run, with what was (or would be) written there: a dry run writes
    /// nothing, yet two assets must not be planned onto one name (a real run finds the file).
    private var claimed: [RawPath: String] = [:]
    /// Names tried before giving up on `-N` suffixes.
    static let maximumSuffix = 9_999

    public init(library: Library, catalog: any Catalog, destination: ExportDestination, options: ExportOptions) throws {
        self.library = library
        self.catalog = catalog
        self.destination = destination
        self.options = options
        records = try catalog.exportRecords(destination: destination.identity)
    }

    /// The extension the copy of `asset` gets: the original's (as it is), `.jpg` for a preview.
    public func fileExtension(of asset: Asset) -> [UInt8] {
        options.variant == .preview ? Array(".jpg".utf8) : ExportName.fileExtension(of: asset.file.relativePath)
    }

    /// Exports `asset` to `target` (relative to the folder, from `ExportName.relativePath`).
    public func export(_ asset: Asset, to target: RawPath) -> ExportOutcome {
        var outcome = ExportOutcome(
            asset: asset, action: .fail, target: target, bytesWritten: 0, problem: nil, sidecarWritten: false,
            sidecarProblem: nil, trimmedEdges: false, movedFrom: nil)
        do {
            try ConfinedPath.check(target)
            try place(asset, at: target, into: &outcome)
            if let old = outcome.movedFrom { try removeMoved(from: old, outcome: &outcome) }
            if options.companions, let written = outcome.target,
                [.copy, .replace, .identical, .unchanged].contains(outcome.action)
            {
                do { try copyCompanions(of: asset, beside: written, into: &outcome) } catch {
                    outcome.companionProblem = (error as? any PhotolibError)?.description ?? "\(error)"
                }
            }
            if options.sidecars, !options.dryRun, let written = outcome.target,
                [.copy, .replace, .identical, .unchanged].contains(outcome.action)
            {
                // The copy is whole and stays (counted as what it is); only its sidecar is
                // missing, which the caller reports as a failure of its own.
                do {
                    try writeSidecar(for: asset, beside: written)
                    outcome.sidecarWritten = true
                } catch let error as any PhotolibError {
                    outcome.sidecarProblem = error.description
                } catch {
                    outcome.sidecarProblem = "\(error)"
                }
            }
        } catch let error as any PhotolibError {
            outcome.action = .fail
            outcome.problem = error.description
            outcome.bytesWritten = 0
        } catch {
            outcome.action = .fail
            outcome.problem = "\(error)"
            outcome.bytesWritten = 0
        }
        return outcome
    }

    /// Makes the copies' names durable and, when `recording`, writes the records of this run's
    /// copies to the catalog (nothing in a dry run).
    public func finish(recording: Bool) throws {
        guard !options.dryRun else { return }
        destination.syncFolders()
        guard recording else { return }
        if !pending.isEmpty {
            try catalog.recordExports(pending)
            pending = []
        }
        if !forgotten.isEmpty {
            try catalog.forgetExports(destination: destination.identity, assets: forgotten)
            forgotten = []
        }
    }

    private func place(_ asset: Asset, at target: RawPath, into outcome: inout ExportOutcome) throws {
        let record = records[asset.id].flatMap { $0.variant == options.variant.rawValue ? $0 : nil }
        // Exported before, the original unchanged since and the copy still as it was written.
        if options.update, let record, record.fingerprint == Self.sourceStamp(asset),
            ExportName.isNamed(record.relativePath, as: target, fileExtension: fileExtension(of: asset)),
            let info = try destination.status(record.relativePath), (info.st_mode & S_IFMT) == S_IFREG,
            Int64(info.st_size) == record.size, info.modifiedNanoseconds == record.modifiedNanoseconds
        {
            outcome.action = .unchanged
            outcome.target = record.relativePath
            claimed[record.relativePath] = claimKey(asset)
            return
        }
        // Exported before and unchanged, but the templates now name another place (the city
        // was set): the copy goes there and the earlier one, still as written, goes away.
        if options.update, let record, record.fingerprint == Self.sourceStamp(asset),
            record.relativePath != target, try intact(record)
        {
            outcome.movedFrom = record.relativePath
        }
        let content = try self.content(of: asset)
        outcome.trimmedEdges = content.trimmedEdges
        let fileExtension = fileExtension(of: asset)
        for number in 0...Self.maximumSuffix {
            let candidate = ExportName.suffixed(target, number: number, fileExtension: fileExtension)
            outcome.target = candidate
            // Written (or planned) by this run: the same bytes are already exported; other
            // bytes belong to an asset before this one, which keeps the name whatever the policy.
            if let owner = claimed[candidate] {
                let same =
                    options.dryRun ? owner == claimKey(asset) : try destination.holds(candidate, bytes: content.bytes)
                if same {
                    outcome.action = .identical
                    return
                }
                switch options.collision {
                case .suffix: continue
                case .skip, .overwrite:
                    outcome.action = .skip
                    outcome.problem = "\(candidate) is taken by another asset of this export"
                    return
                case .error: throw ExportCollisionError(path: destination.path.appending(candidate))
                }
            }
            guard let info = try destination.status(candidate) else {
                if try write(content.bytes, at: candidate, replacing: false, asset: asset, into: &outcome) { return }
                continue  // another process took the name meanwhile
            }
            if (info.st_mode & S_IFMT) == S_IFREG, try destination.holds(candidate, bytes: content.bytes) {
                outcome.action = .identical
                remember(asset, at: candidate, info: info)
                return
            }
            let ownEarlierCopy =
                options.update && record?.relativePath == candidate && (info.st_mode & S_IFMT) == S_IFREG
                && Int64(info.st_size) == record?.size && info.modifiedNanoseconds == record?.modifiedNanoseconds
            if ownEarlierCopy {
                _ = try write(content.bytes, at: candidate, replacing: true, asset: asset, into: &outcome)
                return
            }
            switch options.collision {
            case .suffix: continue
            case .skip:
                outcome.action = .skip
                outcome.problem = "\(destination.path.appending(candidate)) exists"
                return
            case .error: throw ExportCollisionError(path: destination.path.appending(candidate))
            case .overwrite:
                _ = try write(content.bytes, at: candidate, replacing: true, asset: asset, into: &outcome)
                return
            }
        }
        throw ExportCollisionError(path: destination.path.appending(target))
    }

    /// True when the copy `record` remembers is still there as it was written.
    private func intact(_ record: ExportRecord) throws -> Bool {
        guard let info = try destination.status(record.relativePath) else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG && Int64(info.st_size) == record.size
            && info.modifiedNanoseconds == record.modifiedNanoseconds
    }

    /// Removes the earlier copy (and its sidecar) of an asset whose copy moved: only once the
    /// new one is in place, and never one this run wrote or claimed.
    private func removeMoved(from old: RawPath, outcome: inout ExportOutcome) throws {
        guard outcome.target != old, claimed[old] == nil,
            [.copy, .identical].contains(outcome.action)
        else {
            outcome.movedFrom = nil
            return
        }
        if options.dryRun { return }
        if options.sidecars {
            let sidecar = RawPath(bytes: old.bytes + Array(".xmp".utf8))
            if let info = try destination.status(sidecar), (info.st_mode & S_IFMT) == S_IFREG {
                try destination.remove(sidecar)
            }
        }
        try destination.remove(old)
    }

    /// Writes (or, in a dry run, only claims) `candidate`; false when the name was taken
    /// between the look and the write.
    private func write(
        _ bytes: [UInt8], at candidate: RawPath, replacing: Bool, asset: Asset, into outcome: inout ExportOutcome
    ) throws -> Bool {
        outcome.action = replacing ? .replace : .copy
        outcome.bytesWritten = bytes.count
        claimed[candidate] = claimKey(asset)
        if options.dryRun { return true }
        if replacing {
            try destination.replace(candidate, bytes: bytes)
        } else if try !destination.create(candidate, bytes: bytes) {
            claimed[candidate] = nil
            return false
        }
        destination.setModified(candidate, nanoseconds: asset.file.modifiedNanoseconds)
        if let info = try destination.status(candidate) { remember(asset, at: candidate, info: info) }
        return true
    }

    private func remember(_ asset: Asset, at relative: RawPath, info: stat) {
        claimed[relative] = claimKey(asset)
        guard !options.dryRun else { return }
        pending.append(
            ExportRecord(
                destination: destination.identity, assetID: asset.id, relativePath: relative,
                variant: options.variant.rawValue, fingerprint: Self.sourceStamp(asset), size: Int64(info.st_size),
                modifiedNanoseconds: info.modifiedNanoseconds, exportedAt: Date().timeIntervalSince1970))
    }

    /// What the record keeps of the original: its fingerprint, size and modification time, so
    /// that any change index saw makes `update` look again (the fingerprint alone samples the
    /// file, and two edits of the same size can share one).
    static func sourceStamp(_ asset: Asset) -> String {
        "\(asset.file.fingerprint):\(asset.file.size):\(asset.file.modifiedNanoseconds)"
    }

    /// Two copies are the same when they come from the same content made the same way.
    private func claimKey(_ asset: Asset) -> String {
        "\(options.variant.rawValue):\(asset.file.fingerprint):\(asset.file.size)"
    }

    /// The bytes to write: the original (turned upright when asked), or its preview.
    private func content(of asset: Asset) throws -> (bytes: [UInt8], trimmedEdges: Bool) {
        switch options.variant {
        case .original, .upright:
            let (bytes, result) = try OriginalExport.bytes(
                of: try library.originalPath(of: asset), orientation: asset.metadata.orientation,
                upright: options.variant == .upright, pixelLimit: library.settings.pixelLimit)
            return (bytes, result.trimmedEdges)
        case .preview:
            let preview = try PreviewSource(library: library, catalog: library.isWritable ? catalog : nil)
                .preview(for: asset)
            return (try FileSystem.readFile(preview.path), false)
        }
    }
}

/// `--on-collision error`: the name is taken by a file with other bytes.
public struct ExportCollisionError: PhotolibError {
    public var path: RawPath
    public var kind: ErrorKind { .cannotCreate }
    public var description: String { "\(path) exists and holds another file (see --on-collision)" }
}
