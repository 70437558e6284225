extension Library {
    /// A finer gazetteer made by `places import`; when present it replaces the shipped one.
    public var gazetteerPath: RawPath { controlDirectory.appending(Gazetteer.fileName) }
}

extension Gazetteer {
    /// The gazetteer a library resolves positions with: its own (`Library.gazetteerPath`) when
    /// it has one, else the shipped one. With no library, the shipped one.
    public static func load(for library: Library?) throws -> Gazetteer {
        if let library, FileSystem.exists(library.gazetteerPath) { return try load(from: library.gazetteerPath) }
        return try loadShipped()
    }
}

/// Resolves GPS positions for one indexing run, loading the gazetteer the first time a
/// photo needs it, so that a run with no photo to place never reads the file.
/// One run uses it from one thread.
final class PlaceResolver {
    private let library: Library
    private var gazetteer: Gazetteer?
    private var attempted = false
    /// Why the gazetteer could not be loaded, once it was tried and failed.
    private(set) var loadError: (any Error)?

    init(library: Library) {
        self.library = library
    }

    /// The place for `position`, nil when none is near or no gazetteer could be loaded.
    func place(_ position: GPSCoordinate) -> PlaceMatch? {
        if !attempted {
            attempted = true
            do { gazetteer = try Gazetteer.load(for: library) } catch { loadError = error }
        }
        return gazetteer?.lookup(position)
    }
}
