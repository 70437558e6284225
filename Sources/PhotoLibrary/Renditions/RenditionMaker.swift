import PhotoFormats
import PhotoSupport

/// Makes the renditions of one photo at a time: one decode, then each rendition from it.
///
/// One maker per worker thread: it keeps its libjpeg objects and pixel buffers between
/// photos, so it is not `Sendable`; make one per task instead of sharing one.
public final class RenditionMaker {
    public let settings: LibrarySettings
    public let store: RenditionStore

    private var decoder: DownscalingDecoder?
    private var formatDecoder: FormatDecoder?
    private var encoder: JPEGEncoder?
    private let thumbnailResizer = StreamingResizer()
    private let sourceStorage = PixelStorage<UInt8>()
    private let baseStorage = PixelStorage<UInt8>()
    private let orientedStorage = PixelStorage<UInt8>()
    private let halvedStorage = PixelStorage<UInt8>()
    private let smallerStorage = PixelStorage<UInt8>()
    /// The largest rendition's pixels in the renditions' colours (`RenditionMaker+Colour`).
    let colourStorage = PixelStorage<UInt8>()

    /// Source files above this size are read into memory that is given back afterwards: a
    /// camera's JPEG or HEIC is under it, a TIFF or PNG of a phone's size is not, and each
    /// worker keeping one of those between photos (64 MiB were kept) added theirs to the
    /// index's peak while the next photos' metadata was read (issue 26, item 20).
    private static let keptSourceCapacity = 16 << 20

    public init(settings: LibrarySettings, store: RenditionStore) {
        self.settings = settings
        self.store = store
    }

    /// Makes the `kinds` renditions of the photo at `source` (a JPEG, or any format
    /// `ImageFormat` recognises), whose content hash (`ContentHash`, naming the files) is
    /// `knownHash` when the catalog has one, and EXIF orientation `orientation` (values outside
    /// 1...8 count as 1).
    ///
    /// Without a known hash the original is read whole first and those bytes are hashed (the
    /// read serves the decode too); `outcome.contentHash` is the hash that names the files, for
    /// the catalog to keep. A known hash is trusted: an index clears it when the file changes.
    /// Renditions whose file exists are kept unless `force`; when all exist, only the frame
    /// header is read, to report their sizes. `[.preview]` alone does no thumbnail work.
    /// Whenever the original is decoded, `outcome.visualHash` is its fingerprint, from the
    /// thumbnail's pixels (or the preview's when no thumbnail is made); when nothing is
    /// decoded it is made from the stored thumbnail if `needsVisualHash` (an asset rendered
    /// before fingerprints were), else nil.
    /// Throws `ImagingError` (not a JPEG, too many pixels, undecodable, invalid hash) or
    /// `FileSystemError`; a damaged file that decodes part-way is not an error but `damage`.
    public func make(
        source: RawPath, contentHash knownHash: String?, orientation: Int,
        kinds: Set<RenditionKind>, force: Bool, needsVisualHash: Bool = false
    ) throws -> RenditionOutcome {
        if VideoFile.isVideo(source) {
            return try makeVideo(source: source, contentHash: knownHash, kinds: kinds, force: force)
        }
        let orientation = ImageOrientation(exif: orientation)
        defer { if sourceStorage.capacity > Self.keptSourceCapacity { sourceStorage.shrink(to: 0) } }
        var length: Int?
        let contentHash: String
        if let knownHash {
            contentHash = knownHash
        } else {
            let read = try readWhole(source)
            length = read
            contentHash = hashOfRead(read)
        }
        let (paths, missing) = try plan(contentHash, kinds: kinds, force: force)
        if !missing.isEmpty, length == nil { length = try readWhole(source) }
        guard !missing.isEmpty, let length else {
            var outcome = try describeExisting(paths, source: source, orientation: orientation)
            outcome.contentHash = contentHash
            if needsVisualHash { outcome.visualHash = visualHashOfThumbnail(contentHash) }
            return outcome
        }
        var outcome = try render(
            source, length: length, orientation: orientation, missing: missing, kinds: kinds, paths: paths)
        outcome.contentHash = contentHash
        return outcome
    }

    /// The file of each asked-for kind under `contentHash`, and the kinds to make.
    func plan(
        _ contentHash: String, kinds: Set<RenditionKind>, force: Bool
    ) throws -> (paths: [RenditionKind: RawPath], missing: [RenditionKind]) {
        var paths: [RenditionKind: RawPath] = [:]
        for kind in kinds { paths[kind] = try store.path(contentHash: contentHash, spec: spec(kind)) }
        let missing = RenditionKind.allCases.filter { kind in
            guard let path = paths[kind] else { return false }
            return force || !store.isRendition(path)
        }
        return (paths, missing)
    }

    /// Reads the original into `sourceStorage`; returns its length.
    private func readWhole(_ source: RawPath) throws -> Int {
        try FileSystem.readFile(source, reserve: sourceStorage.reserve)
    }

    /// The content hash of the first `length` bytes of `sourceStorage`, as text.
    private func hashOfRead(_ length: Int) -> String {
        ContentHash.of(UnsafeRawBufferPointer(start: sourceStorage.base, count: length)).description
    }

    /// Decodes the original read into `sourceStorage` and writes the `missing` renditions.
    private func render(
        _ source: RawPath, length: Int, orientation: ImageOrientation, missing: [RenditionKind],
        kinds: Set<RenditionKind>, paths: [RenditionKind: RawPath]
    ) throws -> RenditionOutcome {
        let data = UnsafeRawBufferPointer(start: sourceStorage.base, count: length)
        // The same head the index's reader judged the format from: a TIFF-based raw's first
        // directory may lie past the first 4 KiB, and the raw must not be decoded as a TIFF.
        if let format = ImageFormat.detect(
            UnsafeRawBufferPointer(rebasing: data.prefix(ContentFingerprint.windowSize))),
            format != .jpeg
        {
            let decoder = self.formatDecoder ?? FormatDecoder()
            self.formatDecoder = decoder
            // Only the thumbnail to make: a picture of its size will do (a HEIF's embedded one).
            // A TIFF or HEIF is reduced to the renditions' base as it is decoded, rather than
            // held whole first (issue 26: its full picture was most of the index's peak memory).
            return try decoder.decode(
                format, data: data, limit: settings.pixelLimit, path: source, previewSide: largestSide(of: missing),
                reduction: { width, height, isUpright in
                    self.storedBaseSize(
                        width: width, height: height, format: format,
                        orientation: isUpright ? ImageOrientation(exif: 1) : orientation, missing: missing)
                }, colourTarget: settings.colourTarget
            ) { decoded in
                try write(
                    decoded, format: format, orientation: decoded.isUpright ? ImageOrientation(exif: 1) : orientation,
                    missing: missing, kinds: kinds, paths: paths)
            }
        }
        let decoder = try self.decoder ?? DownscalingDecoder(path: source)
        self.decoder = decoder

        let header = try decoder.readHeader(data, limit: settings.pixelLimit, path: source)
        let display = orientation.displayed(width: header.width, height: header.height)
        // The profile, else EXIF's DCF rule (Adobe RGB without a profile), else sRGB.
        let described = JPEGColour.description(of: data, iccProfile: decoder.iccProfile())
        let (ink, colour) = colourSteps(for: described, header: header)

        // Every rendition comes from one image at the largest size any of them has, so the
        // thumbnail is made from the preview's pixels whatever was asked for.
        let largest = max(settings.previewSize, settings.thumbnailSize)
        let baseSize = fitted(width: display.width, height: display.height, within: largest)
        let storedBase = orientation.stored(width: baseSize.width, height: baseSize.height)
        let base = RGBImage(
            pixels: baseStorage.reserve(RGBImage.byteCount(width: storedBase.width, height: storedBase.height)),
            width: storedBase.width, height: storedBase.height)
        let damage = try decoder.decode(header, into: base, path: source, ink: ink)
        return try finish(
            base, format: .jpeg, orientation: orientation, display: display, baseSize: baseSize, missing: missing,
            kinds: kinds, paths: paths, colour: colour,
            outcome: RenditionOutcome(damage: damage?.reason, warningCount: damage?.warningCount ?? 0))
    }

    /// The decoded base turned upright, each missing rendition shrunk from it and written, and
    /// every asked-for kind's file named in `outcome`: the same for every source format.
    private func finish(
        _ base: RGBImage, format: ImageFormat, orientation: ImageOrientation, display: (width: Int, height: Int),
        baseSize: (width: Int, height: Int), missing: [RenditionKind], kinds: Set<RenditionKind>,
        paths: [RenditionKind: RawPath], colour: ColourStep, outcome: RenditionOutcome
    ) throws -> RenditionOutcome {
        var outcome = outcome
        // Once, on the largest rendition's pixels: the smaller one is reduced from them.
        let base = convert(base, colour)
        outcome.colour = colour.sourceName
        outcome.colourWarning = colour.warning
        let upright =
            orientation.isUpright
            ? base
            : orientation.apply(
                to: base, into: orientedStorage.reserve(RGBImage.byteCount(width: base.width, height: base.height)))
        for kind in missing {
            guard let path = paths[kind] else { continue }
            let spec = spec(kind)
            let size = spec.fittedSize(displayWidth: display.width, displayHeight: display.height, format: format)
            let image = size == baseSize ? upright : shrink(upright, to: size)
            // The thumbnail's pixels, already upright and small: the fingerprint costs no decode.
            if kind == .thumbnail { outcome.visualHash = VisualFingerprint.of(image)?.description }
            try write(image, spec: spec, to: path)
            outcome.madeAnything = true
        }
        if outcome.visualHash == nil { outcome.visualHash = VisualFingerprint.of(upright)?.description }
        for kind in kinds {
            guard let path = paths[kind] else { continue }
            let size = spec(kind).fittedSize(
                displayWidth: display.width, displayHeight: display.height, format: format)
            outcome[kind] = RenditionFile(path: path, width: size.width, height: size.height)
        }
        return outcome
    }

    /// The fingerprint of the thumbnail stored under `contentHash`, decoded (a small JPEG of our
    /// own), for an asset whose renditions were made before fingerprints were: its original is
    /// not decoded again. Nil when there is no thumbnail or it does not decode.
    private func visualHashOfThumbnail(_ contentHash: String) -> String? {
        guard let path = try? store.path(contentHash: contentHash, spec: spec(.thumbnail)), store.isRendition(path)
        else { return nil }
        do {
            let length = try FileSystem.readFile(path, reserve: sourceStorage.reserve)
            let data = UnsafeRawBufferPointer(start: sourceStorage.base, count: length)
            let decoder = try self.decoder ?? DownscalingDecoder(path: path)
            self.decoder = decoder
            let header = try decoder.readHeader(data, limit: settings.pixelLimit, path: path)
            let image = RGBImage(
                pixels: baseStorage.reserve(RGBImage.byteCount(width: header.width, height: header.height)),
                width: header.width, height: header.height)
            _ = try decoder.decode(header, into: image, path: path)
            return VisualFingerprint.of(image)?.description
        } catch {
            return nil
        }
    }

    /// The spec of `kind` under this maker's settings.
    public func spec(_ kind: RenditionKind) -> RenditionSpec {
        RenditionSpec.standard(kind, settings: settings)
    }

    /// The renditions of a picture another format's library decoded: reduced to the largest
    /// rendition's size in stored orientation (halved in place first, then Lanczos), turned
    /// upright, then each rendition from that, as for a JPEG. A raw's half-size picture is
    /// its renditions' limit (`ImageFormat.renditionSourceSide`): when the preview would be
    /// larger it is that picture as decoded, without resampling.
    func write(
        _ decoded: FormatDecoder.Decoded, format: ImageFormat, orientation: ImageOrientation,
        missing: [RenditionKind],
        kinds: Set<RenditionKind>, paths: [RenditionKind: RawPath]
    ) throws -> RenditionOutcome {
        var source = decoded.image
        let full = decoded.fullSize ?? (source.width, source.height)
        let display = decoded.displaySize ?? orientation.displayed(width: full.width, height: full.height)
        let baseSize = self.baseSize(display: display, format: format, missing: missing)
        let storedBase = orientation.stored(width: baseSize.width, height: baseSize.height)
        var base = source
        if storedBase != (source.width, source.height) {
            for _ in 0..<ImageHalving.halvings(width: source.width, height: source.height, to: storedBase) {
                source = ImageHalving.halved(source, into: source.pixels)
            }
            base = RGBImage(
                pixels: baseStorage.reserve(RGBImage.byteCount(width: storedBase.width, height: storedBase.height)),
                width: storedBase.width, height: storedBase.height)
            thumbnailResizer.begin(inputWidth: source.width, inputHeight: source.height, output: base)
            thumbnailResizer.push(rows: source.pixels, count: source.height, stride: source.stride)
        }
        var colour = colourStep(for: decoded.colour)
        // A 16-bit source was converted as it was decoded, before its reduction to 8 bits.
        if decoded.isConverted { colour.transform = nil }
        return try finish(
            base, format: format, orientation: orientation, display: display, baseSize: baseSize, missing: missing,
            kinds: kinds, paths: paths, colour: colour,
            outcome: RenditionOutcome(damage: decoded.damage, warningCount: decoded.damage == nil ? 0 : 1))
    }

    /// The side the decoded picture must reach for the renditions in `missing`: the
    /// thumbnail's alone when only it is missing, else the largest.
    func largestSide(of missing: [RenditionKind]) -> Int {
        missing == [.thumbnail] ? settings.thumbnailSize : max(settings.previewSize, settings.thumbnailSize)
    }

    /// `image` reduced to `size`: halved as `ImageHalving.halvings` says, then Lanczos.
    private func shrink(_ image: RGBImage, to size: (width: Int, height: Int)) -> RGBImage {
        var image = image
        for halving in 0..<ImageHalving.halvings(width: image.width, height: image.height, to: size) {
            // The first halving reads the renditions' shared image, later ones their own output.
            let target = halving > 0 ? image.pixels : halvedStorage.reserve(ImageHalving.byteCount(halving: image))
            image = ImageHalving.halved(image, into: target)
        }
        let target = RGBImage(
            pixels: smallerStorage.reserve(RGBImage.byteCount(width: size.width, height: size.height)),
            width: size.width, height: size.height)
        thumbnailResizer.begin(inputWidth: image.width, inputHeight: image.height, output: target)
        thumbnailResizer.push(rows: image.pixels, count: image.height, stride: image.stride)
        return target
    }

    private func write(_ image: RGBImage, spec: RenditionSpec, to path: RawPath) throws {
        let encoder = try self.encoder ?? JPEGEncoder(path: path)
        self.encoder = encoder
        try encoder.encode(
            image, quality: spec.quality, iccProfile: settings.colourTarget.embeddedProfile,
            comment: RenditionMark.colourManaged, path: path
        ) { bytes in
            try store.write(bytes, to: path)
        }
    }
}
