import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// Carries out `photolib action gps`: one position (or none) for each asset, its city looked
/// up again at once in the library's gazetteer, in one transaction with its log entries.
public struct PositionSetter {
    /// The action-log name of the changes.
    public static let actionName = "gps"

    /// Latitudes and longitudes a position may have.
    public static let latitudes = -90.0...90.0
    public static let longitudes = -180.0...180.0

    public let library: Library
    public let catalog: any Catalog

    public init(library: Library, catalog: any Catalog) {
        self.library = library
        self.catalog = catalog
    }

    /// The edits that give every asset `position`, with the gazetteer's place for it
    /// (none when `gazetteer` is nil: the city is then left unnamed).
    public func edits(_ position: GPSCoordinate?, gazetteer: Gazetteer?, on assets: [Asset]) -> [AssetEdit] {
        let place = position.flatMap { gazetteer?.lookup($0) }
        return assets.map { AssetEdit(id: $0.id, change: .position(position, place: place)) }
    }

    /// What the change would do, changing nothing.
    public func plan(_ edits: [AssetEdit], on assets: [Asset]) -> ActionPerformer.Report {
        EditBatch(edits: Array(zip(assets, edits))).plan()
    }

    /// Makes the changes in one transaction, then updates the sidecars (with `sidecars: write`).
    public func perform(_ edits: [AssetEdit], on assets: [Asset]) throws -> ActionPerformer.Report {
        try EditBatch(edits: Array(zip(assets, edits))).perform(
            action: Self.actionName, library: library, catalog: catalog, writingDateAndPosition: false)
    }
}
