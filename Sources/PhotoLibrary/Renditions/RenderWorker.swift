import Foundation
import PhotoCatalog
import PhotoSupport

/// One of several processes making a library's renditions together: `photolib render
/// --worker`. The first worker starts a run whose items are slices of the assets to render;
/// each worker claims a slice, renders it (temporary file and rename, so two workers
/// rendering the same asset after a takeover write the same bytes harmlessly) and completes
/// the item while its lease holds. The worker that finds the queue empty closes the run.
public final class RenderWorker {
    public let library: Library
    public let catalog: any WorkQueueCatalog
    public let jobs: Int
    public let leaseSeconds: Double
    public var idlePause: Double = 0.25
    /// Assets per item: enough to keep the cores busy, few enough to share the work out.
    public static let sliceSize = 32

    public init(library: Library, catalog: any WorkQueueCatalog, jobs: Int, leaseSeconds: Double = 60) {
        self.library = library
        self.catalog = catalog
        self.jobs = jobs
        self.leaseSeconds = leaseSeconds
    }

    /// Works until the run has no open item; returns what this worker made.
    public func run(
        kinds: Set<RenditionKind>, force: Bool, report: @escaping @Sendable (RenditionBatch.Event) -> Void = { _ in }
    ) throws -> RenditionBatch.Summary {
        let identity = WorkerIdentity.current()
        let run = try catalog.joinRun(kind: .render, worker: identity) { try slices() }
        let keeper = LeaseKeeper(connect: catalog.reconnector, leaseSeconds: leaseSeconds)
        defer {
            keeper.stop()
            try? catalog.leave(identity)
        }
        var summary = RenditionBatch.Summary()
        while true {
            if let lease = try catalog.claim(run: run, worker: identity, leaseSeconds: leaseSeconds) {
                keeper.hold(lease)
                let ids = String(decoding: lease.target.bytes, as: UTF8.self).split(separator: ",")
                    .compactMap { AssetID(hex: String($0)) }
                let assets = try ids.compactMap { try catalog.asset(id: $0) }.filter { !$0.missing }
                let made = RenditionBatch(library: library).run(
                    assets, kinds: kinds, force: force, jobs: jobs, removingAbandoned: false, report: report)
                try catalog.recordContentHashes(made.contentHashes)
                try catalog.recordVisualHashes(made.visualHashes)
                keeper.hold(nil)
                let error = made.failed > 0 ? "\(made.failed) of \(assets.count) assets failed" : nil
                if try catalog.completeItem(lease, filesDone: assets.count, error: error) {
                    summary.made += made.made
                    summary.existing += made.existing
                    summary.failed += made.failed
                    summary.damaged += made.damaged
                    summary.findings += made.findings
                }
            } else if try catalog.openItemCount(run: run) == 0 {
                _ = try catalog.finishRun(run) { _, _ in [] }
                return summary
            } else {
                Thread.sleep(forTimeInterval: idlePause)
            }
        }
    }

    /// The assets `render` would make renditions of (present, with a known size), by slices.
    private func slices() throws -> [WorkTarget] {
        var query = AssetQuery()
        query.trash = .included
        let ids = try catalog.assets(matching: query).filter { !$0.missing && $0.metadata.pixelWidth != nil }
            .map(\.id.hex)
        return stride(from: 0, to: ids.count, by: Self.sliceSize).map { start in
            WorkTarget(bytes: Array(ids[start..<min(start + Self.sliceSize, ids.count)].joined(separator: ",").utf8))
        }
    }
}
