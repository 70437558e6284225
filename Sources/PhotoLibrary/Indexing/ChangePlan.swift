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
    /// The same assets by the hash of their picture data (where the record carries it): a
    /// new path whose fingerprint matches none may be one of them renamed and edited at once.
    private var editedMoveCandidates: [String: [IndexRecord]] = [:]
    private var claimed = Set<AssetID>()

    private let library: Library

    init(records: [IndexRecord], seenPaths: Set<RawPath>, library: Library) {
        self.records = records
        self.seenPaths = seenPaths
        self.library = library
        // Room for every file seen to be new, as in a first index: the list is not grown and
        // copied again as it fills (a thousand bytes a file).
        added.reserveCapacity(seenPaths.count)
        for record in records where !seenPaths.contains(record.file.relativePath) {
            moveCandidates[record.file.fingerprint, default: []].append(record)
            if let hash = record.file.imageDataHash { editedMoveCandidates[hash, default: []].append(record) }
        }
        // Prefer the asset indexed most recently when several copies went away.
        for key in moveCandidates.keys { moveCandidates[key]!.sort { $0.indexedAt > $1.indexedAt } }
        for key in editedMoveCandidates.keys { editedMoveCandidates[key]!.sort { $0.indexedAt > $1.indexedAt } }
    }

    /// The records a file new at its path may be a move of, from anywhere in the library: the
    /// assets with its fingerprint (moved as it was) and those with its picture data's hash
    /// (renamed and edited in one step), each once, written before `indexedBefore`.
    static func candidates(
        forNew readings: [ImageFileReading], catalog: any Catalog, indexedBefore: Double?
    ) throws -> [IndexRecord] {
        guard !readings.isEmpty else { return [] }
        var records = try catalog.indexRecords(
            withFingerprints: Array(Set(readings.map(\.fingerprint))), indexedBefore: indexedBefore)
        let hashes = Set(readings.compactMap(\.imageDataHash))
        guard !hashes.isEmpty else { return records }
        var positions: [AssetID: Int] = [:]
        for (position, record) in records.enumerated() { positions[record.id] = position }
        for record in try catalog.indexRecords(withImageDataHashes: Array(hashes), indexedBefore: indexedBefore) {
            if let position = positions[record.id] {
                records[position].file.imageDataHash = record.file.imageDataHash
            } else {
                positions[record.id] = records.count
                records.append(record)
            }
        }
        return records
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
        } else if let source = claimMove(fingerprint: file.file.fingerprint, in: moveCandidates)
            ?? file.file.imageDataHash.flatMap({ claimMove(fingerprint: $0, in: editedMoveCandidates) })
        {
            // The same picture at a new path: moved, and when only the picture data's hash
            // matched, its metadata rewritten on the way (read again below, edits kept).
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
    private mutating func claimMove(fingerprint: String, in table: [String: [IndexRecord]]) -> IndexRecord? {
        guard let candidates = table[fingerprint] else { return nil }
        // The old path may lie outside this pass's folders: only a path that is gone counts.
        let source = candidates.first { candidate in
            !claimed.contains(candidate.id)
                && !FileSystem.isRegularFile(library.absolutePath(of: candidate.file.relativePath))
        }
        if let source { claimed.insert(source.id) }
        return source
    }
}
