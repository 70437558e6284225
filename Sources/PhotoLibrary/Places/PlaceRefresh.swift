import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// Looks up again the city and time zone of every asset with a GPS position, after the
/// gazetteer changed (`places import`, an upgrade, one installed where there was none).
public enum PlaceRefresh {
    /// What a refresh did.
    public struct Outcome: Sendable, Equatable {
        /// Positions looked up.
        public var checked = 0
        /// Assets that got another city (or lost one).
        public var changed = 0
        /// Capture dates whose offset was worked out again (the place's zone, that day).
        public var datesPlaced = 0
    }

    /// Looks every position up in `gazetteer` and writes what differs, then records the
    /// gazetteer's version in the catalog.
    public static func run(catalog: any Catalog, gazetteer: Gazetteer) throws -> Outcome {
        let assets = try catalog.gpsPlacedAssets()
        var outcome = Outcome(checked: assets.count)
        var places: [(id: AssetID, place: PlaceMatch?)] = []
        var dates: [(id: AssetID, takenAt: CaptureDate)] = []
        for asset in assets {
            let place = asset.position.isNoFixPlaceholder ? nil : gazetteer.lookup(asset.position)
            // Every one is written (a region or country may be named anew), few are counted.
            if asset.cityFromPosition {
                places.append((asset.id, place))
                if asset.city != place?.city { outcome.changed += 1 }
            }
            if let date = asset.takenAt {
                let placed = date.placed(inZone: place?.timeZone)
                if placed != date { dates.append((asset.id, placed)) }
            }
        }
        try catalog.updateGPSPlaces(places)
        try catalog.updateTakenZones(dates)
        try catalog.setInfo(.gazetteerVersion, to: gazetteer.version)
        outcome.datesPlaced = dates.count
        return outcome
    }

    /// Runs a refresh when the library's gazetteer is not the one the catalog's places were
    /// looked up in; nil when they are the same, or when there is no gazetteer to look in
    /// (the catalog keeps what it has, and the next run tries again).
    ///
    /// An index that changed nothing must not read the gazetteer: the file's path, size and
    /// time are recorded beside the version, and while they hold it is not even hashed.
    /// `placedWith` is the gazetteer that placed every position the catalog holds (a first
    /// index's); when it is this one, there is nothing to look up again.
    static func runIfGazetteerChanged(
        library: Library, catalog: any Catalog, placedWith: PlacedGazetteer? = nil
    ) throws -> Outcome? {
        guard let path = Gazetteer.path(for: library), let stamp = stamp(of: path) else { return nil }
        if try catalog.info(.gazetteerStamp) == stamp, try catalog.info(.gazetteerVersion) != nil { return nil }
        // The file the pass read, unchanged since: its version is known, not hashed again.
        let version = placedWith?.stamp == stamp ? placedWith!.version : try Gazetteer.version(ofFileAt: path)
        var outcome: Outcome?
        if try catalog.info(.gazetteerVersion) != version {
            if placedWith?.version == version {
                // Looking every position up again in the gazetteer that just placed it was a
                // twentieth of a first index, after everything else.
                try catalog.setInfo(.gazetteerVersion, to: version)
            } else if try catalog.gpsPlacedAssets().isEmpty {
                // Nothing to look up: no need to load it.
                try catalog.setInfo(.gazetteerVersion, to: version)
                outcome = Outcome()
            } else {
                // A gazetteer that does not load is the index pass's to report, when a photo
                // needs it (`places refresh` says why): nothing is recorded, the next run retries.
                guard let gazetteer = try? Gazetteer.load(from: path) else { return nil }
                outcome = try run(catalog: catalog, gazetteer: gazetteer)
            }
        }
        try catalog.setInfo(.gazetteerStamp, to: stamp)
        return outcome
    }

    /// The gazetteer file's size, modification time and path: while they are the ones the
    /// catalog recorded, the file is taken to be the one it recorded the version of.
    static func stamp(of path: RawPath) -> String? {
        guard let status = FileSystem.status(path) else { return nil }
        return "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) "
            + String(decoding: path.bytes, as: UTF8.self)
    }
}
