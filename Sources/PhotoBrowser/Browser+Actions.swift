import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport
import PhotoTerminal

extension Browser {
    /// Runs an action on one asset exactly as `photolib action` does (the same performer, the
    /// same transaction, the same history entry), then reads the grid again at once.
    ///
    /// A failure (a file that cannot be moved, a catalog another process keeps locked past the
    /// busy timeout) is shown on the status line and the session goes on, as the command line
    /// would report it and leave the library as it was.
    func perform(_ action: AssetAction, on asset: Asset, value: String? = nil) throws {
        let report: ActionPerformer.Report
        do {
            report = try ActionPerformer(library: library, catalog: catalog).perform(action, value: value, on: [asset])
        } catch let error as any PhotolibError {
            show(error.description, style: TextStyle(bold: true, foreground: .red), seconds: 8)
            return
        }
        let name = asset.file.relativePath.lastComponent.description
        if let failure = report.failures.first {
            show(failure.error.description, style: TextStyle(bold: true, foreground: .red), seconds: 8)
        } else if let outcome = report.outcomes.first, outcome.changes.isEmpty {
            show("\(name): unchanged")
        } else {
            show("\(name): " + Self.done(action, value: value), style: TextStyle(foreground: .green))
        }
        try reloadAll()
        if action == .delete || action == .restore { mode = .grid }
    }

    /// What a finished action says, in the preview's words.
    static func done(_ action: AssetAction, value: String?) -> String {
        switch action {
        case .favourite: "★ now a favourite"
        case .unfavourite: "☆ no longer a favourite"
        case .toggleFavourite: "favourite toggled"
        case .like: "♥ liked"
        case .unlike: "♡ no longer liked"
        case .delete: "moved to the trash (u in Trash restores it)"
        case .restore: "restored from the trash"
        case .caption: value?.isEmpty == false ? "caption saved" : "caption cleared"
        case .city: "city saved"
        case .rating: value.flatMap(Int.init).map { $0 == 0 ? "rating cleared" : "rated \($0)" } ?? "rating cleared"
        case .keywordAdd: "keyword added"
        case .keywordRemove: "keyword removed"
        case .personAdd: "person added"
        case .personRemove: "person removed"
        }
    }

    /// Enter. In `browse`, the detail view (recorded as a pop, as `photolib pop` records it);
    /// in `pick`, the choice: the marked assets, else the one under the cursor, as they are now.
    func pop() throws -> BrowserOutcome? {
        guard let current = window.asset(at: cursor) else {
            return options.isPick ? .nothingToPick : nil
        }
        guard options.isPick else {
            detailAsset = try catalog.recordPop(id: current.id) ?? current
            detailScroll = 0
            mode = .detail
            // Recently Popped has one more.
            try reloadAll()
            return nil
        }
        var chosen: [Asset] = []
        for asset in marked.isEmpty ? [current] : marked {
            if let now = try catalog.recordPop(id: asset.id) { chosen.append(now) }
        }
        return chosen.isEmpty ? .nothingToPick : .picked(chosen)
    }
}
