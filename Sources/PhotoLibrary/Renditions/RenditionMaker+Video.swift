import PhotoFormats
import PhotoSupport

extension RenditionMaker {
    /// The renditions of a video, in the same cache and naming as a photo's: from its poster
    /// frame (`VideoPosterSource`, in the video worker), which comes upright and already at
    /// the largest missing rendition's size. The content hash is read from the file in
    /// chunks (a clip is not read into memory whole); when every rendition exists, only the
    /// probe runs, for their sizes.
    func makeVideo(
        source: RawPath, contentHash knownHash: String?, kinds: Set<RenditionKind>, force: Bool
    ) throws -> RenditionOutcome {
        let contentHash = try knownHash ?? ContentHash.ofFile(at: source).hash.description
        let (paths, missing) = try plan(contentHash, kinds: kinds, force: force)
        let videos = VideoPosterSource()
        var outcome: RenditionOutcome
        if missing.isEmpty {
            let probe = try videos.probe(source)
            outcome = RenditionOutcome()
            for (kind, path) in paths {
                // Sized as any picture but a raw's.
                let size = spec(kind).fittedSize(displayWidth: probe.width, displayHeight: probe.height, format: .jpeg)
                outcome[kind] = RenditionFile(path: path, width: size.width, height: size.height)
            }
        } else {
            var poster = try videos.poster(source, side: largestSide(of: missing), limit: settings.pixelLimit)
            let (width, height) = (poster.width, poster.height)
            let display = (width: poster.displayWidth, height: poster.displayHeight)
            outcome = try poster.pixels.withUnsafeMutableBufferPointer { pixels in
                let decoded = FormatDecoder.Decoded(
                    image: RGBImage(pixels: pixels.baseAddress!, width: width, height: height), isUpright: true,
                    damage: nil, displaySize: display)
                return try write(
                    decoded, format: .jpeg, orientation: ImageOrientation(exif: 1), missing: missing, kinds: kinds,
                    paths: paths)
            }
        }
        outcome.contentHash = contentHash
        return outcome
    }
}
