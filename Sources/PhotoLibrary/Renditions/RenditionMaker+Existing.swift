import PhotoFormats
import PhotoSupport

/// The renditions a photo already has, described without decoding it, for `make` to report
/// when none is missing: their sizes follow from the photo's displayed size, which a JPEG's
/// frame header (or another format's header) gives.
extension RenditionMaker {
    /// The files in `paths` with the sizes the renditions of `source` have.
    func describeExisting(
        _ paths: [RenditionKind: RawPath], source: RawPath,
        orientation: ImageOrientation
    ) throws -> RenditionOutcome {
        var outcome = RenditionOutcome()
        guard !paths.isEmpty else { return outcome }
        let display: (width: Int, height: Int)
        var format = ImageFormat.jpeg
        if let stored = try SourceFile.frameSize(of: source) {
            display = orientation.displayed(width: stored.width, height: stored.height)
        } else {
            let bytes = try FileSystem.readFile(source)
            (format, display) = try bytes.withUnsafeBytes { data in
                guard
                    let format = ImageFormat.detect(
                        UnsafeRawBufferPointer(rebasing: data.prefix(ContentFingerprint.windowSize))),
                    format != .jpeg
                else { throw ImagingError(path: source, reason: .undecodable("no JPEG frame header")) }
                let display = try FormatDecoder.displaySize(
                    format, data: data, orientation: orientation.value, path: source)
                return (format, display)
            }
        }
        for (kind, path) in paths {
            let size = spec(kind).fittedSize(displayWidth: display.width, displayHeight: display.height, format: format)
            outcome[kind] = RenditionFile(path: path, width: size.width, height: size.height)
        }
        return outcome
    }
}
