import Foundation
import PhotoFormats
import PhotoSupport

extension Indexer {
    /// Reads the files on `options.jobs` threads (their renditions too, when asked).
    /// `places` is shared by the batches of one pass, so that the gazetteer loads once, and
    /// only when a file with a GPS position is read; `progressBase` counts files read before.
    func readFiles(
        _ toRead: [PendingFile], places: PlaceResolver? = nil, progressBase: Int = 0, progressTotal: Int? = nil,
        report: @escaping @Sendable (IndexEvent) -> Void
    ) -> [ReadOutcome] {
        readingJob(toRead, places: places, progressBase: progressBase, progressTotal: progressTotal, report: report)()
    }

    /// `readFiles` as work that any thread may run: it holds only what it needs of the
    /// indexer (the settings, the job count), not the indexer and its catalog.
    /// `team`, when given, runs the reading instead of the dispatch pool (`IndexPass`).
    func readingJob(
        _ toRead: [PendingFile], places: PlaceResolver? = nil, team: ThreadTeam? = nil, progressBase: Int = 0,
        progressTotal: Int? = nil, report: @escaping @Sendable (IndexEvent) -> Void
    ) -> @Sendable () -> [ReadOutcome] {
        guard !toRead.isEmpty else { return { [] } }
        let settings = library.settings
        let total = progressTotal ?? toRead.count
        let places = places ?? PlaceResolver(library: library)
        let renditionSettings = options.makeRenditions ? settings : nil
        let store = RenditionStore(library: library)
        let jobs = options.jobs
        return {
            Self.readAll(
                toRead, jobs: jobs, team: team, settings: settings, renditionSettings: renditionSettings,
                store: store, places: places, progressBase: progressBase, total: total, report: report)
        }
    }

    private static func readAll(
        _ toRead: [PendingFile], jobs: Int, team: ThreadTeam?, settings: LibrarySettings,
        renditionSettings: LibrarySettings?,
        store: RenditionStore, places: PlaceResolver, progressBase: Int, total: Int,
        report: @escaping @Sendable (IndexEvent) -> Void
    ) -> [ReadOutcome] {
        let readings = ParallelWork.map(
            toRead, jobs: jobs, on: team,
            makeWorker: {
                ReadingWorker(renditions: renditionSettings.map { RenditionMaker(settings: $0, store: store) })
            },
            progress: { done in report(.progress(done: progressBase + done, total: total)) }
        ) { worker, pending in
            var outcome = Self.read(pending, pixelLimit: settings.pixelLimit) {
                worker.places.place($0, resolver: places)
            }
            if let maker = worker.renditions { outcome.render(pending.absolutePath, with: maker) }
            return outcome
        }
        if let error = places.loadError, places.claimWarning() {
            report(.warning(message: "cities of GPS positions not filled in: \(error)"))
        }
        return readings
    }

    /// Reads one file, its sidecar when it is a photo, and weighs their text (on a reading thread).
    private static func read(
        _ pending: PendingFile, pixelLimit: PixelLimit,
        place: (GPSCoordinate) -> PlaceMatch?
    ) -> ReadOutcome {
        var image = Result { () throws(ImageReadError) in
            try ImageFileReader.read(pending.absolutePath, pixelLimit: pixelLimit)
        }
        guard case .success(var reading) = image else { return ReadOutcome(image: image) }
        if let movie = pending.liveMovie, let clip = ImageFileReader.clipFacts(movie) {
            // A Live Photo: its clip's facts from the movie's header (no child process). A
            // companion named like a movie that is none leaves the photo a photo.
            reading.metadata.kind = .live
            reading.metadata.video = clip
        }
        // A date the file gives no offset gets the offset of where it was taken.
        if let date = reading.metadata.takenAt, date.utcOffset == nil, let gps = reading.metadata.gps,
            !gps.isNoFixPlaceholder
        {
            reading.metadata.takenAt = date.placed(inZone: place(gps)?.timeZone)
            image = .success(reading)
        }
        var sidecarText: PhotoText?
        var sidecarProblem: String?
        if let sidecar = pending.sidecar {
            do { sidecarText = try Sidecar.read(sidecar.path) } catch { sidecarProblem = "\(error)" }
        }
        let text = TextPrecedence.resolve(
            sidecar: sidecarText, embedded: reading.embeddedText,
            exifCaption: reading.metadata.caption, gps: reading.metadata.gps,
            make: reading.metadata.cameraMake, model: reading.metadata.cameraModel, place: place)
        var outcome = ReadOutcome(image: .success(reading), text: text, sidecarProblem: sidecarProblem)
        outcome.textProblems = reading.embeddedText.problems + (sidecarText?.problems ?? [])
        return outcome
    }
}

/// What each reading thread keeps between files.
struct ReadingWorker {
    var places = PlaceCache()
    /// Nil when the pass makes no renditions.
    var renditions: RenditionMaker?
}
