import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// Carries out `photolib action date`: a new capture date for each asset, worked out from
/// its own (shift, time zone, file name, undo), all written in one transaction with one
/// action-log entry per changed field, and given to the sidecar where sidecars are written.
public struct DateChanger {
    /// What to do to each asset's date.
    public enum Operation: Sendable {
        /// This date, for every asset.
        case set(CaptureDate)
        /// The wall-clock reading moved by so many seconds (the camera's clock was wrong).
        case shift(seconds: Int)
        /// The wall-clock reading kept, the offset this one (the camera was on home time).
        case offset(String)
        /// The wall-clock reading kept, the offset this zone has on that day.
        case zone(TimeZone)
        /// The date in the file's name.
        case fromFileName(FileNameDates)
        /// Back to the date before the last date change.
        case undo
    }

    /// Why one asset's date could not be worked out; the others go ahead.
    public struct Problem: PhotolibError {
        public enum Reason: Error, Sendable, Equatable {
            case noDate
            case outOfRange
            case nameHasNoDate
            case nothingToUndo
        }

        public var path: RawPath
        public var reason: Reason

        public var kind: ErrorKind { .failure }

        public var description: String {
            let why =
                switch reason {
                case .noDate: "has no date to change (give one with --set or --from-filename)"
                case .outOfRange: "the new date would fall outside the years \(CaptureDateText.years)"
                case .nameHasNoDate: "its name matches none of the patterns in \(FileNameDates.fileName)"
                case .nothingToUndo: "no date change to undo in the history"
                }
            return "\(path): \(why)"
        }
    }

    /// The action-log name of the changes.
    public static let actionName = "date"

    public let library: Library
    public let catalog: any Catalog

    public init(library: Library, catalog: any Catalog) {
        self.library = library
        self.catalog = catalog
    }

    /// The edit of each asset whose date can be worked out, and a problem for each other one.
    public func edits(
        _ operation: Operation, on assets: [Asset]
    ) throws -> (
        edits: [(Asset, AssetEdit)], problems: [ActionPerformer.Failure]
    ) {
        var edits: [(Asset, AssetEdit)] = []
        var problems: [ActionPerformer.Failure] = []
        // Loaded only when a date may need the zone of where it was taken.
        let gazetteer = assets.contains { $0.metadata.gps != nil } ? try? Gazetteer.load(for: library) : nil
        for asset in assets {
            switch try change(operation, of: asset, gazetteer: gazetteer) {
            case .success(let change): edits.append((asset, AssetEdit(id: asset.id, change: change)))
            case .failure(let reason):
                problems.append(
                    ActionPerformer.Failure(
                        asset: asset, error: Problem(path: asset.file.relativePath, reason: reason)))
            }
        }
        return (edits, problems)
    }

    /// What the operation would do, changing nothing.
    public func plan(_ operation: Operation, on assets: [Asset]) throws -> ActionPerformer.Report {
        let (edits, problems) = try edits(operation, on: assets)
        return EditBatch(edits: edits, problems: problems).plan()
    }

    /// Makes the changes in one transaction, then updates the sidecars (with `sidecars:
    /// write`; the catalog's change stands if a sidecar cannot be written).
    public func perform(_ operation: Operation, on assets: [Asset]) throws -> ActionPerformer.Report {
        let (edits, problems) = try edits(operation, on: assets)
        return try EditBatch(edits: edits, problems: problems).perform(
            action: Self.actionName, library: library, catalog: catalog, writingDateAndPosition: true)
    }

    private func change(
        _ operation: Operation, of asset: Asset, gazetteer: Gazetteer?
    ) throws -> Result<AssetEdit.Change, Problem.Reason> {
        let current = asset.metadata.takenAt
        // A new date with no offset takes the one of where the photo was taken, that day.
        func placed(_ date: CaptureDate) -> CaptureDate {
            guard date.utcOffset == nil || date.zone != nil else { return date }
            guard let gps = asset.metadata.gps, !gps.isNoFixPlaceholder else { return date.placed(inZone: nil) }
            return date.placed(inZone: gazetteer?.lookup(gps)?.timeZone ?? date.zone)
        }
        switch operation {
        case .set(let date):
            return .success(.takenAt(placed(date), byUser: true))
        case .shift(let seconds):
            guard let current else { return .failure(.noDate) }
            guard let moved = CaptureDateText.shifted(current, by: seconds) else { return .failure(.outOfRange) }
            return .success(.takenAt(placed(moved), byUser: true))
        case .offset(let offset):
            guard let current else { return .failure(.noDate) }
            return .success(.takenAt(CaptureDate(localTime: current.localTime, utcOffset: offset), byUser: true))
        case .zone(let zone):
            guard let current else { return .failure(.noDate) }
            let offset = CaptureDateText.offset(in: zone, at: current)
            return .success(.takenAt(CaptureDate(localTime: current.localTime, utcOffset: offset), byUser: true))
        case .fromFileName(let patterns):
            guard let date = patterns.date(in: asset.file.relativePath.lastComponent.bytes) else {
                return .failure(.nameHasNoDate)
            }
            return .success(.takenAt(placed(date), byUser: true))
        case .undo:
            return try undoChange(of: asset)
        }
    }

    /// The date and its source as the last logged date change found them.
    private func undoChange(of asset: Asset) throws -> Result<AssetEdit.Change, Problem.Reason> {
        let events = try catalog.history(for: asset.id, limit: nil)
        // A date change of this command's, not the offset a new position brought along.
        guard
            let last = events.last(where: {
                $0.change.field == FieldChange.takenAtField && $0.action == Self.actionName
            })
        else {
            return .failure(.nothingToUndo)
        }
        let source = events.last { $0.batch == last.batch && $0.change.field == FieldChange.takenAtSourceField }
        // Without a source entry the change kept the source: the user's, or the file's.
        let byUser = source.map { $0.change.oldValue == TextSource.user.rawValue } ?? asset.takenAtByUser
        let old = last.change.oldValue.flatMap(CaptureDate.init(iso8601:))
        return .success(.takenAt(old, byUser: byUser))
    }
}
