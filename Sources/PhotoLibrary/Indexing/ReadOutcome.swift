import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// What a reading thread learnt of one file.
struct ReadOutcome: Sendable {
    var image: Result<ImageFileReading, ImageReadError>
    var text = AssetText()
    /// Why the sidecar could not be read; the photo is indexed without it.
    var sidecarProblem: String?
    /// What was wrong in the text of the file's XMP or of its sidecar (a packet not read,
    /// names past the bounds dropped): one warning line, the photo indexed all the same.
    var textProblems: [String] = []
    /// What became of the file's thumbnail and preview in this pass.
    var renditions = Renditions.notTried
    /// True when the decoder could not decode the image data at all (see `Asset.undecodable`).
    var undecodable = false
    /// The content hash of the file, when making its renditions read it whole.
    var contentHash: String?
    /// The picture's perceptual fingerprint, when making its renditions decoded it.
    var visualHash: String?
    /// Why the file's colour description could not be used for its renditions (see
    /// `RenditionOutcome.colourWarning`): one warning line, the photo indexed all the same.
    var colourWarning: String?

    enum Renditions: Sendable, Equatable {
        /// Not asked for, the file could not be read, or it is over the pixel limit.
        case notTried
        case made
        /// Both were there already.
        case existing
        /// They could not be written, for a reason that is not the photo's (a full disk, a
        /// folder in the way): the asset is not damaged, and `verify --repair` makes them later.
        case failed(reason: String)
    }

    /// Makes the file's renditions while it is in the page cache. What the decoder finds wrong
    /// with the original's bytes is added to the file's problems, so the asset is flagged
    /// damaged with the reason; a failure to write the renditions is kept apart, in `renditions`.
    /// A file over the pixel limit is not decoded (its reading already says so).
    mutating func render(_ path: RawPath, with maker: RenditionMaker) {
        guard case .success(var reading) = image else { return }
        let metadata = reading.metadata
        guard maker.settings.allowsDecoding(width: metadata.pixelWidth, height: metadata.pixelHeight) else { return }
        do {
            let made = try maker.make(
                source: path, contentHash: nil, orientation: metadata.orientation,
                kinds: Set(RenditionKind.allCases), force: false)
            renditions = made.madeAnything ? .made : .existing
            contentHash = made.contentHash
            visualHash = made.visualHash
            colourWarning = made.colourWarning
            if let damage = made.damage {
                // The reading may have found the same cut (a GIF's or WebP's frame walk): say it once.
                reading.problems.removeAll { $0 == damage }
                reading.problems.append("decoded in part (\(damage))")
            }
        } catch let error as ImagingError where error.kind == .badData {
            // The original's bytes: libjpeg gave up on them, or their colour model cannot be shown.
            reading.problems.append(error.reasonDescription)
            if case .tooManyPixels = error.reason {} else { undecodable = true }
        } catch let error as ImagingError {
            renditions = .failed(reason: error.reasonDescription)
        } catch {
            renditions = .failed(reason: "\(error)")
        }
        image = .success(reading)
    }
}
