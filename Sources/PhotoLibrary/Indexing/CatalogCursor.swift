import PhotoCatalog
import PhotoSupport

/// What the catalog holds for a walked file.
enum CatalogMatch {
    /// Its record says it is as it was last read.
    case unchanged
    /// It must be read: its record, nil when the catalog has none at its path.
    case changed(IndexRecord?)
}

extension IndexRecord {
    /// True when the walked `file` is as this record last read it: there, same size, same
    /// modification time, same sidecar (`sidecarStamp`, nil for none).
    func isUnchanged(_ file: WalkedFile, sidecarStamp: String?) -> Bool {
        !missing && self.file.size == file.size && self.file.modifiedNanoseconds == file.modifiedNanoseconds
            && self.sidecarStamp == sidecarStamp
    }
}

/// The catalog's records under one root, read in path order a page at a time, beside an ordered walk.
struct CatalogCursor {
    static let pageSize = 2000

    let catalog: any Catalog
    let range: IndexPathRange
    private var page: [IndexRecord] = []
    private var next = 0
    private var exhausted = false

    init(catalog: any Catalog, range: IndexPathRange) {
        self.catalog = catalog
        self.range = range
    }

    /// What the catalog holds for the walked `file` at `path` (library-relative); the records
    /// before it, which the walk did not meet, go to `passing`. Paths must come in increasing
    /// byte order. Records are compared where they lie in the page: an unchanged file copies
    /// nothing out (copying each out, with the reference counting of its path and strings,
    /// was a twentieth of an unchanged re-index).
    mutating func match(
        _ file: WalkedFile, at path: ArraySlice<UInt8>, sidecarStamp: String?, passing: (IndexRecord) -> Void
    ) throws -> CatalogMatch {
        while try loadNext() {
            let order = path.withUnsafeBytes { wanted in
                page[next].file.relativePath.bytes.withUnsafeBytes { RawPath.compareBytes($0, wanted) }
            }
            if order < 0 {
                passing(page[next])
                next += 1
            } else if order == 0 {
                next += 1
                return page[next - 1].isUnchanged(file, sidecarStamp: sidecarStamp)
                    ? .unchanged : .changed(page[next - 1])
            } else {
                return .changed(nil)
            }
        }
        return .changed(nil)
    }

    /// Hands every record not met yet to `passing`.
    mutating func drain(passing: (IndexRecord) -> Void) throws {
        while try loadNext() {
            passing(page[next])
            next += 1
        }
    }

    /// True when `page[next]` is a record, reading a page when the last is used up. Once the
    /// range is read to its end it is not read again: what this pass wrote since lies behind the walk.
    private mutating func loadNext() throws -> Bool {
        if next < page.count { return true }
        guard !exhausted else { return false }
        let after = page.last?.file.relativePath
        page = try catalog.indexRecords(in: range, after: after, limit: Self.pageSize)
        next = 0
        if page.count < Self.pageSize { exhausted = true }
        return !page.isEmpty
    }
}
