import Dispatch
import PhotoFormats
import PhotoSupport
import Synchronization

extension Library {
    /// A finer gazetteer made by `places import`; when present it replaces the shipped one.
    public var gazetteerPath: RawPath { controlDirectory.appending(Gazetteer.fileName) }
}

extension Gazetteer {
    /// The gazetteer a library resolves positions with: its own (`Library.gazetteerPath`) when
    /// it has one, else the shipped one its `dataFiles` find.
    public static func load(for library: Library) throws -> Gazetteer {
        if FileSystem.exists(library.gazetteerPath) { return try load(from: library.gazetteerPath) }
        return try loadShipped(from: library.dataFiles)
    }

    /// The file `load(for:)` reads, nil when there is none.
    public static func path(for library: Library) -> RawPath? {
        FileSystem.exists(library.gazetteerPath) ? library.gazetteerPath : library.dataFiles.locate(fileName)
    }
}

/// The gazetteer a pass placed positions with: its version and the stamp (`PlaceRefresh.stamp`)
/// its file had before and after it was read.
struct PlacedGazetteer: Sendable, Equatable {
    var version: String
    var stamp: String
}

/// Resolves GPS positions for one indexing run, loading the gazetteer the first time a
/// photo needs it, so that a run with no photo to place never reads the file. Shared by
/// the reading threads: the first to need the gazetteer loads it, the others wait for it.
final class PlaceResolver: Sendable {
    private struct State {
        var attempted = false
        /// True once a position was to be placed: a load started ahead that failed is only
        /// reported then.
        var asked = false
        var gazetteer: Gazetteer?
        var loaded: PlacedGazetteer?
        var loadError: String?
        var warned = false
    }

    private let library: Library
    private let state = Mutex(State())

    init(library: Library) {
        self.library = library
    }

    /// Why the gazetteer could not be loaded, once a position was to be placed and it failed.
    var loadError: String? { state.withLock { $0.asked ? $0.loadError : nil } }

    /// The gazetteer it placed positions with, nil when it loaded none (or its file changed
    /// while it was read).
    var loaded: PlacedGazetteer? { state.withLock { $0.loaded } }

    /// True the first time it is asked: a resolver shared by a pass's batches warns once.
    func claimWarning() -> Bool {
        state.withLock { state in
            defer { state.warned = true }
            return !state.warned
        }
    }

    /// Loads the gazetteer on another thread, for a pass about to read many files: the
    /// first photo with a position would otherwise load it on a reading thread while the
    /// others wait for it.
    func loadInBackground() {
        DispatchQueue.global(qos: .userInitiated).async { [self] in _ = gazetteer(placing: false) }
    }

    /// The place for `position`, nil when none is near or no gazetteer could be loaded.
    func place(_ position: GPSCoordinate) -> PlaceMatch? {
        gazetteer(placing: true)?.lookup(position)
    }

    private func gazetteer(placing: Bool) -> Gazetteer? {
        state.withLock { state -> Gazetteer? in
            if placing { state.asked = true }
            if !state.attempted {
                state.attempted = true
                let path = Gazetteer.path(for: library)
                let before = path.flatMap(PlaceRefresh.stamp(of:))
                do {
                    let gazetteer = try Gazetteer.load(for: library)
                    state.gazetteer = gazetteer
                    if let before, before == path.flatMap(PlaceRefresh.stamp(of:)) {
                        state.loaded = PlacedGazetteer(version: gazetteer.version, stamp: before)
                    }
                } catch {
                    state.loadError = "\(error)"
                }
            }
            return state.gazetteer
        }
    }
}

/// One reading thread's memory of the positions it has placed: photos come in bursts
/// taken at one spot, and a repeated position costs a dictionary probe, not a lookup.
struct PlaceCache {
    private struct Key: Hashable {
        var latitude: UInt64
        var longitude: UInt64
    }

    /// Emptied when full, so a library of scattered positions cannot grow it without bound.
    static let capacity = 4096
    private var places: [Key: PlaceMatch?] = [:]

    mutating func place(_ position: GPSCoordinate, resolver: PlaceResolver) -> PlaceMatch? {
        let key = Key(latitude: position.latitude.bitPattern, longitude: position.longitude.bitPattern)
        if let known = places[key] { return known }
        if places.count >= Self.capacity { places.removeAll(keepingCapacity: true) }
        let match = resolver.place(position)
        places[key] = match
        return match
    }
}
