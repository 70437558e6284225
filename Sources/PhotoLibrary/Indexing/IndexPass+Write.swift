import PhotoCatalog
import PhotoFormats
import PhotoSupport

extension IndexPass {
    /// Decides what each read file of a batch is and writes the batch.
    func write(
        _ batchFiles: [PendingFile], _ batchReadings: [ReadOutcome], recordsByPath: [RawPath: IndexRecord]
    ) throws {
        let (toRead, readings) = holdBackUnfinished(batchFiles, batchReadings)

        // A file new at its path may be an asset moved from anywhere in the library: the
        // candidates are the assets with its fingerprint that no move took yet.
        let known = Set(recordsByPath.values.map(\.id))
        // Looked for only when the catalog held assets before the pass: each fingerprint's
        // records are read to check when they were indexed, and where many files share a
        // fingerprint (hard links, copies) a first index of a million files read every
        // earlier record again for each batch.
        let candidates =
            catalogWasEmpty
            ? []
            : try ChangePlan.candidates(
                forNew: newReadings(toRead, readings, recordsByPath: recordsByPath), catalog: catalog,
                indexedBefore: startedAt
            )
            .filter { !claimed.contains($0.id) && !known.contains($0.id) }
        var plan = ChangePlan(
            records: Array(recordsByPath.values) + candidates, seenPaths: Set(toRead.map(\.relativePath)),
            library: library)
        let newFailures = indexer.place(
            toRead, readings, plan: &plan, recordsByPath: recordsByPath, summary: &summary, report: report)
        for file in plan.refreshed where recordsByPath[file.file.relativePath]?.id != file.id {
            claimed.insert(file.id)
        }
        if written != nil {
            for file in plan.refreshed {
                // The content it had: its renditions go once the new ones are made, if it changed.
                let previous = try catalog.asset(id: file.id)?.contentHash
                written?.append(
                    WrittenAsset(id: file.id, relativePath: file.file.relativePath, previousContentHash: previous))
            }
            for file in plan.added {
                written?.append(
                    WrittenAsset(id: file.id, relativePath: file.file.relativePath, previousContentHash: nil))
            }
        }
        try indexer.write(plan, missing: [])
        if !newFailures.isEmpty { try catalog.updateIndexFailures(recording: newFailures, clearing: []) }
    }

    /// The readings of the files new at their paths.
    private func newReadings(
        _ files: [PendingFile], _ readings: [ReadOutcome], recordsByPath: [RawPath: IndexRecord]
    ) -> [ImageFileReading] {
        var found: [ImageFileReading] = []
        for (file, outcome) in zip(files, readings) where recordsByPath[file.relativePath] == nil {
            if case .success(let reading) = outcome.image { found.append(reading) }
        }
        return found
    }
}
