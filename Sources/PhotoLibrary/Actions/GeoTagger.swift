import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// Carries out `photolib geotag`: each photo's instant matched to a GPS track (linear
/// interpolation between the points around it, as exiftool's `-geotag`), the position
/// given as `gpsSource: track` with its city looked up at once, in one transaction with
/// one log entry per asset and field, then the sidecars.
public struct GeoTagger {
    /// The action-log name of the changes.
    public static let actionName = "geotag"

    public struct Options: Sendable {
        /// A photo whose nearest track point is farther than this, in seconds, is left alone.
        public var maximumGap: Double = 300
        /// Seconds added to a photo's time to give the logger's (exiftool's `-geosync`): a
        /// camera an hour behind the logger is `+3600`.
        public var offset: Double = 0
        /// Photos that have a position already are left alone unless this is set.
        public var overwrite = false
        /// The zone of a date with no offset, as exiftool takes the computer's own.
        public var localZone: TimeZone = TimeZone(identifier: "UTC")!

        public init() {}
    }

    /// What the track says of one photo.
    public struct Match: Sendable {
        public var asset: Asset
        public var fix: TrackFix
    }

    /// Why a photo was left alone.
    public struct Skipped: PhotolibError {
        public enum Reason: Sendable, Equatable {
            case noDate
            case hasPosition
            case notOnTrack(gap: Double?)
        }

        public var path: RawPath
        public var reason: Reason

        public var kind: ErrorKind { .failure }

        public var description: String {
            let why =
                switch reason {
                case .noDate: "has no capture date to match with the track"
                case .hasPosition: "has a position already (--overwrite replaces it)"
                case .notOnTrack(nil): "was taken when the track has no point near"
                case .notOnTrack(let gap?): "was taken \(Self.duration(gap)) from the nearest track point"
                }
            return "\(path): \(why)"
        }

        static func duration(_ seconds: Double) -> String {
            let whole = Int(seconds.rounded())
            if whole < 120 { return "\(whole) s" }
            if whole < 7200 { return "\(whole / 60) min" }
            return "\(whole / 3600) h \(whole % 3600 / 60) min"
        }
    }

    public let library: Library
    public let catalog: any Catalog

    public init(library: Library, catalog: any Catalog) {
        self.library = library
        self.catalog = catalog
    }

    /// The instant a photo was taken, in seconds since 1970, with the logger's clock.
    public static func instant(of asset: Asset, options: Options) -> Double? {
        guard let date = asset.metadata.takenAt else { return nil }
        let moment: Date
        if let known = CaptureDateText.instant(date) {
            moment = known
        } else {
            guard let offset = CaptureDateText.offset(in: options.localZone, at: date),
                let placed = CaptureDateText.instant(CaptureDate(localTime: date.localTime, utcOffset: offset))
            else { return nil }
            moment = placed
        }
        return moment.timeIntervalSince1970 + options.offset
    }

    /// The window of times the tracks are needed for: the photos' instants, widened by the gap.
    public static func window(for assets: [Asset], options: Options) -> ClosedRange<Double>? {
        let times = assets.compactMap { instant(of: $0, options: options) }
        guard let first = times.min(), let last = times.max() else { return nil }
        return (first - options.maximumGap)...(last + options.maximumGap)
    }

    /// Each photo's match, or why it is left alone.
    public func match(
        _ assets: [Asset], track: GPXTrack, options: Options
    ) -> (matches: [Match], skipped: [Skipped]) {
        var matches: [Match] = []
        var skipped: [Skipped] = []
        for asset in assets {
            let path = asset.file.relativePath
            if asset.metadata.gps != nil, !options.overwrite {
                skipped.append(Skipped(path: path, reason: .hasPosition))
                continue
            }
            guard let time = Self.instant(of: asset, options: options) else {
                skipped.append(Skipped(path: path, reason: .noDate))
                continue
            }
            guard let fix = track.position(at: time, maximumGap: options.maximumGap) else {
                let nearest = track.position(at: time, maximumGap: .infinity)?.secondsToNearest
                skipped.append(Skipped(path: path, reason: .notOnTrack(gap: nearest)))
                continue
            }
            matches.append(Match(asset: asset, fix: fix))
        }
        return (matches, skipped)
    }

    /// The edits that give the matched photos their positions, with the gazetteer's place.
    public func edits(_ matches: [Match], gazetteer: Gazetteer?) -> [AssetEdit] {
        matches.map { match in
            let point = match.fix.point
            let position = GPSCoordinate(
                latitude: (point.latitude * 1e7).rounded() / 1e7, longitude: (point.longitude * 1e7).rounded() / 1e7,
                altitude: point.elevation.map { ($0 * 100).rounded() / 100 })
            return AssetEdit(
                id: match.asset.id,
                change: .trackPosition(position, place: position.isNoFixPlaceholder ? nil : gazetteer?.lookup(position))
            )
        }
    }

    /// What the changes would do, changing nothing.
    public func plan(_ edits: [AssetEdit], on assets: [Asset]) -> ActionPerformer.Report {
        var report = ActionPerformer.Report()
        for (asset, edit) in zip(assets, edits) {
            report.outcomes.append(
                ActionPerformer.Outcome(
                    before: asset, after: edit.applied(to: asset, now: Date()), changes: edit.fieldChanges(to: asset)))
        }
        return report
    }

    /// Makes the changes in one transaction, then updates the sidecars (with `sidecars: write`).
    public func perform(_ edits: [AssetEdit], on assets: [Asset]) throws -> ActionPerformer.Report {
        var report = ActionPerformer.Report()
        guard !edits.isEmpty else { return report }
        let afters = try catalog.apply(edits, action: Self.actionName)
        for (before, after) in zip(assets, afters) {
            report.outcomes.append(
                ActionPerformer.Outcome(before: before, after: after, changes: FieldChange.between(before, after)))
            do {
                try library.updateSidecar(for: after.id, catalog: catalog, writingDateAndPosition: true)
            } catch let error as any PhotolibError {
                report.failures.append(ActionPerformer.Failure(asset: after, error: error))
            }
        }
        return report
    }
}
