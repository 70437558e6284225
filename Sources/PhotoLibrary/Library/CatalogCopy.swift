import Foundation
import PhotoCatalog
import PhotoCatalogPostgres
import PhotoSupport

/// Moves a library's catalog to another store (`photolib catalog copy`): every asset with its
/// flags, captions, cities and times, the whole action log, `catalog_info` (with the library
/// id the library's settings are checked against), the files `index` could not read, the
/// file moves recorded and not finished (a mover's, which the next command settles) and the
/// export records, then checks
/// that the copy reads back identical and only then switches the library's settings over.
///
/// The source stays frozen for the whole copy (writers on every machine wait, readers do
/// not), so the copy is one state and nothing written meanwhile is lost. A copy that fails
/// leaves no trace: the new schema is dropped, the new SQLite file removed, the settings untouched.
public enum CatalogCopy {
    /// Assets and events moved per round trip.
    static let pageSize = 5_000

    public struct Summary: Sendable, Equatable {
        public var from: CatalogLocation
        public var to: CatalogLocation
        public var assets: Int
        public var events: Int
    }

    /// Copies `library`'s catalog to `target` and makes the library use it.
    public static func run(library: Library, to target: CatalogLocation) throws -> Summary {
        let sourceLocation = try library.catalogLocation()
        guard sourceLocation != target else { throw CatalogCopyError(.sameCatalog(target)) }
        let source = try Library.openTransferableCatalog(at: sourceLocation)
        let destination = try Destination(target, library: library)
        do {
            let counts = try source.whileFrozen {
                let counts = try copyAndCheck(from: source, into: try destination.open())
                try destination.putInPlace()
                var settings = library.settings
                switch target {
                case .sqlite:
                    settings.catalog = nil
                    settings.postgresSchema = nil
                case .postgres(let address):
                    settings.catalog = address.url
                    settings.postgresSchema = address.schema
                }
                try library.writeSettings(settings)
                return counts
            }
            return Summary(from: sourceLocation, to: target, assets: counts.assets, events: counts.events)
        } catch {
            destination.remove()
            throw error
        }
    }

    /// Copies page by page, then compares counts and every row read back from both sides.
    private static func copyAndCheck(
        from source: any Catalog & CatalogTransfer, into target: any Catalog & CatalogTransfer
    ) throws -> (assets: Int, events: Int) {
        let empty = try target.contentCounts()
        guard empty == (0, 0) else { throw CatalogCopyError(.targetNotEmpty(assets: empty.assets)) }
        try eachAssetPage(source) { try target.importAssets($0) }
        try eachEventPage(source) { try target.importEvents($0) }
        try target.importInfo(source.exportInfo())
        try copyBookkeeping(from: source, into: target)
        let exportRecords = try source.allExportRecords()
        try target.recordExports(exportRecords)

        let expected = try source.contentCounts()
        let copied = try target.contentCounts()
        guard expected == copied else {
            throw CatalogCopyError(.countsDiffer(expected: expected, copied: copied))
        }
        var lastAsset: AssetID?
        try eachAssetPage(source) { page in
            guard try target.exportAssets(after: lastAsset, limit: pageSize) == page else {
                throw CatalogCopyError(.contentDiffers("assets after \(lastAsset?.hex ?? "the first")"))
            }
            lastAsset = page.last?.asset.id
        }
        var lastEvent: Int64 = 0
        try eachEventPage(source) { page in
            guard try target.exportEvents(after: lastEvent, limit: pageSize) == page else {
                throw CatalogCopyError(.contentDiffers("log events after \(lastEvent)"))
            }
            lastEvent = page.last?.event.sequence ?? lastEvent
        }
        guard try target.exportInfo() == source.exportInfo() else {
            throw CatalogCopyError(.contentDiffers("catalog_info"))
        }
        guard try target.allExportRecords() == exportRecords else {
            throw CatalogCopyError(.contentDiffers("export records"))
        }
        return expected
    }

    /// The index failures and the recorded file moves, which no output shows but which keep
    /// `index` from reading an unreadable file again and let the next command finish a move
    /// a kill (or the copy's freeze) cut short; read back and compared like the rest.
    private static func copyBookkeeping(from source: any Catalog, into target: any Catalog) throws {
        let failures = try source.indexFailures()
        if !failures.isEmpty { try target.updateIndexFailures(recording: failures, clearing: []) }
        // New row numbers: they only name the records.
        let moves = try source.pendingMoves().map {
            FileMove(assetID: $0.assetID, kind: $0.kind, source: $0.source, target: $0.target)
        }
        _ = try target.recordMoves(moves)
        func same(_ left: IndexFailure, _ right: IndexFailure) -> Bool {
            left.relativePath == right.relativePath && left.size == right.size
                && left.modifiedNanoseconds == right.modifiedNanoseconds && left.reason == right.reason
                && abs(left.failedAt.timeIntervalSince(right.failedAt)) < 0.001
        }
        let copiedFailures = try target.indexFailures()
        guard copiedFailures.count == failures.count, zip(copiedFailures, failures).allSatisfy(same) else {
            throw CatalogCopyError(.contentDiffers("index failures"))
        }
        let copiedMoves = try target.pendingMoves().map {
            FileMove(assetID: $0.assetID, kind: $0.kind, source: $0.source, target: $0.target)
        }
        guard copiedMoves == moves else { throw CatalogCopyError(.contentDiffers("recorded file moves")) }
    }

    private static func eachAssetPage(_ catalog: any CatalogTransfer, _ body: ([StoredAsset]) throws -> Void) throws {
        var last: AssetID?
        while true {
            let page = try catalog.exportAssets(after: last, limit: pageSize)
            if page.isEmpty { return }
            try body(page)
            last = page.last?.asset.id
        }
    }

    private static func eachEventPage(_ catalog: any CatalogTransfer, _ body: ([StoredEvent]) throws -> Void) throws {
        var last: Int64 = 0
        while true {
            let page = try catalog.exportEvents(after: last, limit: pageSize)
            if page.isEmpty { return }
            try body(page)
            last = page.last?.event.sequence ?? last
        }
    }
}

/// Where a copy is written, and how it is put in place or taken away again.
private struct Destination {
    let target: CatalogLocation
    /// For SQLite: the file written first, renamed over `.photolib/catalog.sqlite` at the end.
    let temporaryPath: RawPath?

    init(_ target: CatalogLocation, library: Library) throws {
        self.target = target
        switch target {
        case .sqlite(let path):
            // Named with this process's id, as every temporary of photolib's: what a killed copy
            // left (the file and its -wal, -shm, -journal) goes with the next write in
            // `.photolib` (`AbandonedTemporaries`), this one's first.
            AbandonedTemporaries.removeAbandoned(inFolder: path.parent)
            temporaryPath = path.parent.appending(
                ".catalog.sqlite.photolib-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        case .postgres(let address):
            temporaryPath = nil
            try PostgresCatalog.refuseExisting(at: address)
        }
    }

    /// The new, empty catalog (created with the latest schema).
    func open() throws -> any Catalog & CatalogTransfer {
        switch target {
        case .sqlite: try SQLiteCatalog(path: temporaryPath!)
        case .postgres(let address): try PostgresCatalog(address: address)
        }
    }

    /// For SQLite, the finished file takes the catalog's place. An older catalog.sqlite there
    /// (from before the library moved to PostgreSQL) is replaced, its stale log files first,
    /// so that SQLite can never apply them to the new file.
    func putInPlace() throws {
        guard case .sqlite(let path) = target, let temporaryPath else { return }
        do {
            // A connection of its own, closed before the rename, that folds the log in.
            try SQLiteCatalog(path: temporaryPath).detachLog()
        }
        for suffix in ["-wal", "-shm"] {
            let stale = RawPath(bytes: path.bytes + Array(suffix.utf8))
            _ = stale.withCString { unlink($0) }
        }
        let renamed = temporaryPath.withCString { from in path.withCString { to in rename(from, to) } }
        guard renamed == 0 else {
            throw FileSystemError(path: path, reason: .system(code: errno, operation: "rename"))
        }
    }

    /// Takes away what a failed copy made.
    func remove() {
        switch target {
        case .sqlite:
            guard let temporaryPath else { return }
            for suffix in ["", "-wal", "-shm", "-journal"] {
                _ = RawPath(bytes: temporaryPath.bytes + Array(suffix.utf8)).withCString { unlink($0) }
            }
        case .postgres(let address):
            try? PostgresCatalog.dropSchema(at: address)
        }
    }
}

/// Why a catalog copy stopped (nothing was switched).
public struct CatalogCopyError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        case sameCatalog(CatalogLocation)
        case targetNotEmpty(assets: Int)
        case countsDiffer(expected: (assets: Int, events: Int), copied: (assets: Int, events: Int))
        case contentDiffers(String)

        public static func == (lhs: Reason, rhs: Reason) -> Bool { "\(lhs)" == "\(rhs)" }
    }

    public var reason: Reason

    public init(_ reason: Reason) { self.reason = reason }

    public var kind: ErrorKind {
        switch reason {
        case .sameCatalog: .usage
        default: .failure
        }
    }

    public var description: String {
        switch reason {
        case .sameCatalog(let location): "the library's catalog is already \(location)"
        case .targetNotEmpty(let assets): "the new catalog is not empty (\(assets) assets): nothing copied"
        case .countsDiffer(let expected, let copied):
            "copy incomplete: \(copied.assets) of \(expected.assets) assets and \(copied.events) of \(expected.events) log events arrived; the library still uses its catalog"
        case .contentDiffers(let what):
            "the copy does not read back as the original (\(what)); the library still uses its catalog"
        }
    }
}
