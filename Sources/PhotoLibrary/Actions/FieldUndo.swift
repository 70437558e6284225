import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// Gives assets back a field's value from before its last logged change (`action gps --undo`,
/// `action person undo`), read from the action log as `action date --undo` reads dates: the
/// value and its source as that change found them. The undo is itself logged, so a second
/// undo gives back what the first took away.
public struct FieldUndo {
    /// The fields an undo can give back.
    public enum Field: Sendable {
        /// The position, with whose it was (user, track, file) and its city, from the last
        /// `action gps` or `geotag` change.
        case position
        /// The people, with where they came from, from the last change by any action.
        case people

        /// The action-log name of the undo: the position's is `action gps`'s, so that the
        /// next undo finds it; the people's is its own.
        public var actionName: String {
            switch self {
            case .position: PositionSetter.actionName
            case .people: "person-undo"
            }
        }

        /// The logged fields of the value and of its source.
        var fields: (value: String, source: String) {
            switch self {
            case .position: (FieldChange.gpsField, FieldChange.gpsSourceField)
            case .people: (FieldChange.peopleField, FieldChange.peopleSourceField)
            }
        }

        /// The actions whose changes are undone (nil: any).
        var actions: Set<String>? {
            switch self {
            case .position: [PositionSetter.actionName, GeoTagger.actionName]
            case .people: nil
            }
        }
    }

    /// An asset whose history holds no change of the field to undo; the others go ahead.
    public struct NothingToUndo: PhotolibError {
        public var path: RawPath
        public var field: Field

        public var kind: ErrorKind { .failure }

        public var description: String {
            let what =
                switch field {
                case .position: "no change of its position by 'action gps' or 'geotag'"
                case .people: "no change of its people"
                }
            return "\(path): \(what) to undo in the history"
        }
    }

    public let library: Library
    public let catalog: any Catalog

    public init(library: Library, catalog: any Catalog) {
        self.library = library
        self.catalog = catalog
    }

    /// The edit of each asset with a change to undo, and a failure for each other one.
    /// `gazetteer` names the cities of positions given back (nil: left unnamed).
    public func edits(
        _ field: Field, on assets: [Asset], gazetteer: Gazetteer?
    ) throws -> (edits: [(Asset, AssetEdit)], problems: [ActionPerformer.Failure]) {
        var edits: [(Asset, AssetEdit)] = []
        var problems: [ActionPerformer.Failure] = []
        for asset in assets {
            if let change = try change(field, of: asset, gazetteer: gazetteer) {
                edits.append((asset, AssetEdit(id: asset.id, change: change)))
            } else {
                let problem = NothingToUndo(path: asset.file.relativePath, field: field)
                problems.append(ActionPerformer.Failure(asset: asset, error: problem))
            }
        }
        return (edits, problems)
    }

    /// What the undo would do, changing nothing.
    public func plan(_ field: Field, on assets: [Asset], gazetteer: Gazetteer?) throws -> ActionPerformer.Report {
        let (edits, problems) = try edits(field, on: assets, gazetteer: gazetteer)
        return EditBatch(edits: edits, problems: problems).plan()
    }

    /// Makes the changes in one transaction, then updates the sidecars (with `sidecars:
    /// write`; the catalog's change stands if a sidecar cannot be written).
    public func perform(_ field: Field, on assets: [Asset], gazetteer: Gazetteer?) throws -> ActionPerformer.Report {
        let (edits, problems) = try edits(field, on: assets, gazetteer: gazetteer)
        return try EditBatch(edits: edits, problems: problems).perform(
            action: field.actionName, library: library, catalog: catalog, writingDateAndPosition: field == .position)
    }

    /// The change that gives `asset` back the field as its last logged change found it;
    /// nil when there is none. A change that left the source as it was logged no source
    /// entry: the source then is the asset's own.
    private func change(_ field: Field, of asset: Asset, gazetteer: Gazetteer?) throws -> AssetEdit.Change? {
        let (valueField, sourceField) = field.fields
        let events = try catalog.history(for: asset.id, limit: nil)
        guard
            let last = events.last(where: { event in
                (event.change.field == valueField || event.change.field == sourceField)
                    && field.actions.map { $0.contains(event.action) } ?? true
            })
        else { return nil }
        let inBatch = events.filter { $0.batch == last.batch }
        let value = inBatch.last { $0.change.field == valueField }.map { $0.change.oldValue }
        let source = inBatch.last { $0.change.field == sourceField }.map { $0.change.oldValue }
        switch field {
        case .position:
            let gps = value.map { $0.flatMap(FieldChange.position) } ?? asset.metadata.gps
            let sourceName = source ?? asset.gpsSourceName
            let byUser = sourceName == TextSource.user.rawValue || sourceName == Self.trackSource
            let place = gps.flatMap { $0.isNoFixPlaceholder ? nil : gazetteer?.lookup($0) }
            return .restoredPosition(gps, place: place, byUser: byUser, fromTrack: sourceName == Self.trackSource)
        case .people:
            let people = value.map { PeopleColumns.people(fromLog: $0) } ?? asset.people
            let peopleSource = source.map { $0.flatMap(TextSource.init(rawValue:)) } ?? asset.peopleSource
            return .restoredPeople(people, source: peopleSource)
        }
    }

    /// `gpsSource` of a position found on a track.
    static let trackSource = "track"
}
