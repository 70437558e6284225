import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// The content hashes that `duplicates` and the `--duplicates` filter need, computed for the
/// originals that have none yet.
enum UnhashedOriginals {
    /// Hashes the present originals that lack a content hash and may be a copy of another
    /// (`ContentHashing.candidates`; progress on a terminal's stderr)
    /// and reports those that could not be read or changed since the last index. The hashes
    /// are stored; in a library nobody may write they are only returned when `readOnlyAllowed`
    /// (else that is an error: the catalog could not use them).
    static func hash(
        context: CommandContext, library: Library, catalog: any Catalog, jobs: Int = IndexOptions.defaultJobs,
        readOnlyAllowed: Bool = false
    ) throws -> ContentHashing.Summary {
        let hashing = ContentHashing(library: library)
        // Only the originals that may be a copy are read whole: a size or ends of its own is none.
        var (assets, summary) = try hashing.candidates(catalog: catalog, jobs: jobs)
        if !assets.isEmpty {
            if !readOnlyAllowed { try library.requireWritable() }
            let progress = context.progressBar(label: "hashing", total: assets.count)
            let hashed = try hashing.hash(assets, catalog: catalog, jobs: jobs, store: library.isWritable) {
                progress?.setCompleted($0)
            }
            progress?.finish()
            summary.hashed = hashed.hashed
            summary.hashes = hashed.hashes
            summary.changed += hashed.changed
            summary.failed += hashed.failed
        }
        for (path, reason) in summary.failed { context.diagnostics.problem("\(path): cannot read: \(reason)") }
        if !summary.changed.isEmpty {
            context.diagnostics.warning(
                "\(summary.changed.count) original\(summary.changed.count == 1 ? "" : "s") changed since the "
                    + "last index, left out (run 'photolib index'): \(summary.changed.prefix(3).map(\.description).joined(separator: ", "))"
                    + (summary.changed.count > 3 ? ", …" : ""))
        }
        return summary
    }
}
