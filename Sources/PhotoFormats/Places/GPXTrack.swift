import Foundation
import PhotoSupport

/// One point of a GPS track: where the logger was at an instant.
public struct TrackPoint: Sendable, Equatable {
    /// Seconds since 1970, UTC.
    public var time: Double
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level, when the track gives it.
    public var elevation: Double?

    public init(time: Double, latitude: Double, longitude: Double, elevation: Double? = nil) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
    }
}

/// The timed points of one or more GPX files, segment by segment (`trkseg`): a photo is
/// placed between two points of one segment, never across the gap between two segments.
public struct GPXTrack: Sendable, Equatable {
    /// Each segment's points in time order (checked when read), none empty.
    public var segments: [[TrackPoint]]

    public init(segments: [[TrackPoint]]) {
        self.segments = segments.filter { !$0.isEmpty }
    }

    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// Where a photo taken at `time` was: between the two points of a segment around it
    /// (linear in latitude, longitude and elevation, as exiftool's `-geotag` interpolates),
    /// else at the nearest end of a segment; nil when the nearest point is more than
    /// `maximumGap` seconds away. With the distance to the nearest point in time.
    public func position(at time: Double, maximumGap: Double) -> TrackFix? {
        var best: TrackFix?
        for points in segments {
            guard let fix = Self.position(in: points, at: time), fix.secondsToNearest <= maximumGap else { continue }
            if best == nil || fix.secondsToNearest < best!.secondsToNearest { best = fix }
        }
        return best
    }

    private static func position(in points: [TrackPoint], at time: Double) -> TrackFix? {
        guard let first = points.first, let last = points.last else { return nil }
        if time <= first.time { return TrackFix(point: first, nearest: first, secondsToNearest: first.time - time) }
        if time >= last.time { return TrackFix(point: last, nearest: last, secondsToNearest: time - last.time) }
        // The first point after `time`: binary search, the points being in time order.
        var low = 0
        var high = points.count - 1
        while low < high {
            let middle = (low + high) / 2
            if points[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        let after = points[low]
        let before = points[low - 1]
        let fraction = (time - before.time) / (after.time - before.time)
        let nearest = fraction < 0.5 ? before : after
        let elevation: Double? =
            if let start = before.elevation, let end = after.elevation { start + (end - start) * fraction } else {
                nil
            }
        let point = TrackPoint(
            time: time, latitude: before.latitude + (after.latitude - before.latitude) * fraction,
            longitude: before.longitude + (after.longitude - before.longitude) * fraction, elevation: elevation)
        return TrackFix(point: point, nearest: nearest, secondsToNearest: abs(nearest.time - time))
    }
}

/// Where a track puts a photo, and the recorded point nearest in time.
public struct TrackFix: Sendable, Equatable {
    public var point: TrackPoint
    public var nearest: TrackPoint
    public var secondsToNearest: Double

    /// From the position given to the nearest recorded point.
    public var metresToNearest: Double {
        GeoDistance.kilometres(
            latitude: point.latitude, longitude: point.longitude, toLatitude: nearest.latitude,
            longitude: nearest.longitude) * 1000
    }
}
