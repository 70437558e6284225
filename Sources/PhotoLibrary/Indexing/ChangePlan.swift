import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// Decides, file by file, whether a read file is an update, a move or a new asset,
/// and which assets went missing.
struct ChangePlan {
    /// Files at known paths (changed or returned) and moved files: existing ids.
    private(set) var refreshed: [ScannedFile] = []
    /// Files never seen before: fresh ids.
    private(set) var added: [ScannedFile] = []

    private let records: [IndexRecord]
    private let seenPaths: Set<RawPath>
    /// Assets whose file is gone, by fingerprint: the candidates a new path may be a move of.
    private var moveCandidates: [String: [IndexRecord]] = [:]
    private var claimed = Set<AssetID>()

    private let library: Library

    init(records: [IndexRecord], seenPaths: Set<RawPath>, library: Library) {
        self.records = records
        self.seenPaths = seenPaths
        self.library = library
        for record in records where !seenPaths.contains(record.file.relativePath) {
            moveCandidates[record.file.fingerprint, default: []].append(record)
        }
        // Prefer the asset indexed most recently when several copies went away.
        for key in moveCandidates.keys { moveCandidates[key]!.sort { $0.indexedAt > $1.indexedAt } }
    }

    /// Files this pass did not see, under its roots, that were not missing already and did not
    /// move (a path that holds no regular file, a FIFO say, counts as gone).
    func newlyMissing(in roots: [RawPath]) -> [AssetID] {
        records.filter { record in
            !record.missing && !record.trashed && !claimed.contains(record.id)
                && !seenPaths.contains(record.file.relativePath)
                && roots.contains { root in
                    root.bytes.isEmpty || record.file.relativePath == root
                        || record.file.relativePath.relative(to: root) != nil
                }
                && !FileSystem.isRegularFile(library.absolutePath(of: record.file.relativePath))
        }.map(\.id)
    }

    /// Gives a read file its asset: the one at its path (an update), the one whose file it
    /// is at a new path (a move), or, when neither, the fresh id `file` carries (a new asset).
    mutating func place(_ file: ScannedFile, recordsByPath: [RawPath: IndexRecord], summary: inout IndexSummary) {
        var file = file
        if let record = recordsByPath[file.file.relativePath] {
            claimed.insert(record.id)
            file.id = record.id
            refreshed.append(file)
            summary.updated += 1
        } else if let source = claimMove(fingerprint: file.file.fingerprint) {
            file.id = source.id
            refreshed.append(file)
            summary.moved += 1
        } else {
            added.append(file)
            summary.added += 1
        }
    }

    /// An asset with this fingerprint whose old path is gone (missing, or not found by
    /// this walk and not on disk): the file moved. Identical copies whose originals
    /// still exist are not moves; they become assets of their own.
    private mutating func claimMove(fingerprint: String) -> IndexRecord? {
        guard let candidates = moveCandidates[fingerprint] else { return nil }
        // The old path may lie outside this pass's folders: only a path that is gone counts.
        let source = candidates.first { candidate in
            !claimed.contains(candidate.id)
                && !FileSystem.isRegularFile(library.absolutePath(of: candidate.file.relativePath))
        }
        if let source { claimed.insert(source.id) }
        return source
    }
}
