import Foundation
import PhotoCatalog
import PhotoSupport

/// The action log as a witness (issue 11, item 4): an edit and its log entries are written
/// in one transaction, so the asset's row holds, field by field, the value of the last logged
/// action on that field. A row that disagrees lost part of a commit (a flipped bit in the
/// write-ahead log, which SQLite cannot always detect) or was edited by another program.
///
/// Compared: favourite and liked (no one else writes them), and a caption or city once a
/// person set it (the index and the gazetteer never touch one whose source is the user's).
/// Whether an asset is trashed is judged from where its file is (`LibraryVerifier+TrashState`).
extension LibraryVerifier {
    /// One field the catalog and the log disagree on.
    struct HistoryDifference {
        var field: String
        var catalogValue: String?
        var event: AssetEvent

        /// The edit that gives the field its logged value again.
        var edit: AssetEdit {
            let logged = event.change.newValue
            let change: AssetEdit.Change =
                switch field {
                case "favourite": .favourite(logged == "true")
                case "liked": .liked(logged == "true")
                case "caption": .caption(logged)
                default: .city(logged)
                }
            return AssetEdit(id: event.assetID, change: change)
        }
    }

    static let witnessedFields = ["favourite", "liked", "caption", "city"]

    /// Where `asset` differs from the last entry `events` (the log, oldest first) has for
    /// each witnessed field.
    static func historyDifferences(of asset: Asset, events: [AssetEvent]) -> [HistoryDifference] {
        var last: [String: AssetEvent] = [:]
        for event in events where event.assetID == asset.id { last[event.change.field] = event }
        var differences: [HistoryDifference] = []
        for field in witnessedFields {
            guard let event = last[field] else { continue }
            let (value, isUsers): (String?, Bool) =
                switch field {
                case "favourite": (String(asset.favourite), true)
                case "liked": (String(asset.liked), true)
                case "caption": (asset.caption, asset.captionSource == .user)
                default: (asset.city, asset.citySource == .user)
                }
            if value != event.change.newValue || !isUsers {
                differences.append(HistoryDifference(field: field, catalogValue: value, event: event))
            }
        }
        return differences
    }

    /// `history-disagrees` for each asset whose row says otherwise than its last logged
    /// values, and `asset-lost` for each logged asset gone from the catalog without a logged
    /// purge or forget.
    func checkHistory(_ assets: [Asset]) throws -> [VerifyFinding] {
        let witnesses = try historyWitnesses()
        let known = Dictionary(assets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let catalogPlace = (try? library.catalogLocation()).map { RawPath($0.description) } ?? library.catalogPath
        var findings: [VerifyFinding] = []
        for (id, witness) in witnesses.sorted(by: { $0.key.hex < $1.key.hex }) {
            guard let asset = known[id] else {
                // purge and forget log the path they removed, with no new value.
                let last = witness.last
                guard !(last.change.field == "path" && last.change.newValue == nil) else { continue }
                findings.append(
                    VerifyFinding(
                        kind: .assetLost, path: catalogPlace, assetID: id,
                        detail: "the action log has \(witness.count) entries of asset \(id.hex) (the last: "
                            + "\(Self.describe(last))), but the catalog has no such asset and logged no purge "
                            + "or forget of it"))
                continue
            }
            let events = witness.lastByField.values.sorted { $0.sequence < $1.sequence }
            let differences = Self.historyDifferences(of: asset, events: events)
            guard !differences.isEmpty else { continue }
            let path = (try? library.originalPath(of: asset)) ?? library.absolutePath(of: asset.file.relativePath)
            let detail = differences.map { difference in
                "the catalog's \(difference.field) is \(Self.quoted(difference.catalogValue)), but the action "
                    + "log's last entry (\(Self.describe(difference.event))) set it to "
                    + Self.quoted(difference.event.change.newValue)
            }
            findings.append(
                VerifyFinding(
                    kind: .historyDisagrees, path: path, assetID: id, detail: detail.joined(separator: "; ")))
        }
        return findings
    }

    /// What the log says of one asset, all a check needs: its number of entries, the last
    /// one, and the last of each witnessed field.
    struct HistoryWitness {
        var count: Int
        var last: AssetEvent
        var lastByField: [String: AssetEvent]
    }

    /// The log read page by page (a page of events at a time, however long the log), folded
    /// into one witness per asset.
    func historyWitnesses(pageSize: Int = 10_000) throws -> [AssetID: HistoryWitness] {
        var witnesses: [AssetID: HistoryWitness] = [:]
        var after = Int64.min
        while true {
            let page = try catalog.history(after: after, limit: pageSize)
            for event in page {
                var witness =
                    witnesses[event.assetID] ?? HistoryWitness(count: 0, last: event, lastByField: [:])
                witness.count += 1
                witness.last = event
                if Self.witnessedFields.contains(event.change.field) { witness.lastByField[event.change.field] = event }
                witnesses[event.assetID] = witness
            }
            guard page.count == pageSize, let last = page.last else { return witnesses }
            after = last.sequence
        }
    }

    /// Applies the logged values again, as one `repair` action (logged too, so the history
    /// says what happened), then checks once more.
    func reapplyHistory(_ indices: [Int], in report: inout VerifyReport) {
        for index in indices {
            guard let id = report.findings[index].assetID else { continue }
            do {
                guard let asset = try catalog.asset(id: id) else {
                    report.findings[index].repairProblem = .failed("the asset is no longer in the catalog")
                    continue
                }
                let events = try catalog.history(for: id, limit: nil)
                let edits = Self.historyDifferences(of: asset, events: events).map(\.edit)
                if !edits.isEmpty { _ = try catalog.apply(edits, action: "repair") }
                guard let after = try catalog.asset(id: id),
                    Self.historyDifferences(of: after, events: try catalog.history(for: id, limit: nil)).isEmpty
                else {
                    report.findings[index].repairProblem = .failed("the catalog still disagrees with the action log")
                    continue
                }
                report.findings[index].repaired = true
            } catch {
                report.findings[index].repairProblem = .failed("\(error)")
            }
        }
    }

    /// `'action favourite' at 2026-12-01T06:14:52Z`
    static func describe(_ event: AssetEvent) -> String {
        "'\(event.action)' at \(ISO8601DateFormatter().string(from: event.date))"
    }

    static func quoted(_ value: String?) -> String {
        guard let value else { return "unset" }
        return value == "true" || value == "false" ? value : "\"\(value)\""
    }
}
