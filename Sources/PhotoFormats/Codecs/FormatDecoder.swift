import PhotoSupport

/// Decodes photos in the formats other than JPEG for renditions, each with its own library,
/// to 8-bit RGB at full size (none of them decodes at a reduced scale the way libjpeg does).
///
/// One decoder per worker: it keeps the decoded image's memory between photos.
package final class FormatDecoder {
    /// A decoded picture, in memory the decoder owns until its next decode.
    package struct Decoded {
        package var image: RGBImage
        /// True when the library applied the file's own rotation already (libheif applies
        /// `irot`/`imir`, LibRaw's half-size decode its flip): EXIF orientation must not be applied.
        package var isUpright: Bool
        /// What went wrong in a decode that still produced a picture.
        package var damage: String?
        /// The size the photo is described with when the picture is smaller (a raw file's
        /// preview or half-size decode): renditions are made at the sizes this gives.
        package var displaySize: (width: Int, height: Int)?
        /// What the file says its colours are (nil: sRGB), for the renditions' conversion.
        package var colour: ColourDescription?
        /// The picture's full size, as `image` would have it, when `image` was reduced as it
        /// was decoded (`Reduction`); nil when `image` is the picture at full size.
        package var fullSize: (width: Int, height: Int)?
        /// True when `image` is in the colour target the decode was given already, converted
        /// from `colour` before its 16 bits were reduced to 8 (a 16-bit PNG or TIFF): the
        /// renditions must not convert it again.
        package var isConverted: Bool

        package init(
            image: RGBImage, isUpright: Bool, damage: String? = nil, displaySize: (width: Int, height: Int)? = nil,
            colour: ColourDescription? = nil, fullSize: (width: Int, height: Int)? = nil, isConverted: Bool = false
        ) {
            self.image = image
            self.isUpright = isUpright
            self.damage = damage
            self.displaySize = displaySize
            self.colour = colour
            self.fullSize = fullSize
            self.isConverted = isConverted
        }
    }

    /// The size a picture decoded at `width` x `height` (upright already when `isUpright`) is
    /// wanted at, for the formats that can reduce it as it is decoded (TIFF, HEIF), so that
    /// the full-size picture is never held: what `RenditionMaker` would reduce it to.
    package typealias Reduction = (_ width: Int, _ height: Int, _ isUpright: Bool) -> (width: Int, height: Int)

    private let storage = PixelStorage<UInt8>()
    private let previewStorage = PixelStorage<UInt8>()
    private let reducer = RowReducer()
    private let rowStorage = PixelStorage<UInt8>()
    private var jpegDecoder: DownscalingDecoder?
    private let rawPreviews = RawPreviewSource()
    private let memoryGate: DecodeMemoryGate

    package init(memoryGate: DecodeMemoryGate = .shared) {
        self.memoryGate = memoryGate
    }

    /// Memory kept between photos: enough for a 5-megapixel picture (TIFFs and HEIFs are reduced
    /// as they are decoded, so theirs is smaller still). A larger one's is given back once it
    /// has been used, so that what workers keep stays within what `DecodeMemoryGate` counts and
    /// out of the index's peak while it reads the next photos (issue 26, item 20).
    private static let keptCapacity = 16 << 20

    /// Decodes the `format` file held in `data` and gives the picture to `use`, refusing an
    /// image over `limit`, or whose decode would hold more than its `decodeBudget` (both from
    /// the header's claims), before any pixel memory is allocated. The memory is reserved in the
    /// shared `DecodeMemoryGate` from the decode to the end of `use`, so that the decodes of all
    /// workers together stay within its budget. A raw file's picture is its embedded JPEG when
    /// that is at least `previewSide` (or its half-size, when smaller:
    /// `ImageFormat.renditionSourceSide`) on its long side (decoded to fit within it), else a
    /// half-size decode; a HEIF's is its embedded thumbnail when that is at least `previewSide`,
    /// else the primary image. With a `reduction`, a TIFF or a HEIF primary image is given
    /// at the size it names (`Decoded.fullSize` is then its full size). With a `colourTarget`, a
    /// 16-bit PNG or TIFF with a usable colour description is converted into it as it is
    /// decoded, at 16 bits (`Decoded.isConverted`); every other picture is given as the file
    /// has it, for the caller to convert.
    package func decode<Result>(
        _ format: ImageFormat, data: UnsafeRawBufferPointer, limit: PixelLimit, path: RawPath,
        previewSide: Int = 1280, reduction: Reduction? = nil, colourTarget: ColourTarget? = nil,
        use: (Decoded) throws -> Result
    ) throws -> Result {
        defer {
            if storage.capacity > Self.keptCapacity { storage.shrink(to: 0) }
            if rowStorage.capacity > Self.keptCapacity { rowStorage.shrink(to: 0) }
        }
        do {
            switch format {
            case .heif:
                let image = try HEIFImage(bytes: Array(data.prefix(HEIFBoxes.ownLength(data))))
                try limit.check(width: image.width, height: image.height, path: path)
                // A grid decodes into its descriptor's size and decodes every tile it
                // references, whatever its `ispe` says: charged by what it allocates.
                var primaryBytes = image.decodeBytes
                switch HEIFBoxes.grid(data) {
                case .notGrid: break
                case .grid(let grid):
                    try limit.check(width: grid.outputWidth, height: grid.outputHeight, path: path)
                    primaryBytes = max(primaryBytes, image.decodeBytes(pixels: grid.pixels))
                case .unreadable(let reason): throw CodecError(format: .heif, message: reason)
                }
                // The thumbnail is in the primary's colours (phones write both from one picture).
                let colour = HEIFBoxes.colour(data)
                if let thumbnail = image.thumbnail(minimumSide: previewSide) {
                    return try reserving(thumbnail.decodeBytes, limit: limit, path: path) {
                        let picture = try thumbnail.decode(into: storage)
                        return try use(
                            Decoded(
                                image: picture, isUpright: true, displaySize: (image.width, image.height),
                                colour: colour))
                    }
                }
                return try reserving(primaryBytes, limit: limit, path: path) {
                    var fullSize: (width: Int, height: Int)?
                    let picture = try image.decode(
                        into: storage,
                        reduction: reduction.map { reduction in
                            { (width: Int, height: Int) -> (width: Int, height: Int) in
                                fullSize = (width, height)
                                return reduction(width, height, true)
                            }
                        }, reducer: reducer)
                    if let size = fullSize, (size.width, size.height) == (picture.width, picture.height) {
                        fullSize = nil
                    }
                    return try use(Decoded(image: picture, isUpright: true, colour: colour, fullSize: fullSize))
                }
            case .png:
                let decoder = try PNGDecoder(bytes: data, limit: limit, path: path)
                let colour = (try? PNGChunks(bytes: data))?.colour
                let transform = decoder.isSixteenBit ? Self.sixteenBitTransform(colour, into: colourTarget) : nil
                return try reserving(decoder.decodeBytes(sixteen: transform != nil), limit: limit, path: path) {
                    let (picture, damage) =
                        if let transform {
                            try decoder.decode(into: storage, converting: transform)
                        } else {
                            try decoder.decode(into: storage)
                        }
                    return try use(
                        Decoded(
                            image: picture, isUpright: false, damage: damage, colour: colour,
                            isConverted: transform != nil))
                }
            case .raw:
                // Its size and flip from LibRaw reading a mapping of the file (what it needs of
                // it) rather than a copy of all its bytes; the worker decodes.
                let file = try LibRawFile.opening(path: path, data: data)
                let size = ImageOrientation(exif: file.orientation).displayed(width: file.width, height: file.height)
                // No picture larger than the half-size decode is asked for, so a small raw's
                // embedded JPEG of that size serves and a half-size decode is used as it is.
                let side = min(
                    previewSide,
                    ImageFormat.raw.renditionSourceSide(displayWidth: size.width, displayHeight: size.height))
                let preview = try rawPreviews.preview(of: path, minimumSide: side, limit: limit)
                var decoded = try decode(preview, path: path, previewSide: side, limit: limit)
                decoded.displaySize = size
                return try use(decoded)
            case .webp:
                let features = try WebPImage.features(data)
                try limit.check(width: features.width, height: features.height, path: path)
                if features.isAnimated {
                    return try reserving(WebPImage.animationDecodeBytes(features), limit: limit, path: path) {
                        let picture = try WebPImage.decodeFirstFrame(data, features: features, into: storage)
                        return try use(Decoded(image: picture, isUpright: false, colour: WebPImage.colour(data)))
                    }
                }
                return try reserving(features.decodeBytes, limit: limit, path: path) {
                    try use(
                        Decoded(
                            image: try WebPImage.decode(data, features: features, into: storage), isUpright: false,
                            colour: WebPImage.colour(data)))
                }
            case .tiff:
                let image = try TIFFImage(bytes: data)
                try limit.check(width: image.width, height: image.height, path: path)
                let target = reduction?(image.width, image.height, false)
                let reduced = target.map { ($0.width, $0.height) != (image.width, image.height) } ?? false
                let colour = image.colour
                let transform = image.isSixteenBitRGB ? Self.sixteenBitTransform(colour, into: colourTarget) : nil
                let bytes = image.decodeBytes(reduced: reduced, converted: transform != nil)
                return try reserving(bytes, limit: limit, path: path) {
                    let picture = try image.decode(
                        into: storage, reducedTo: reduced ? target : nil, reducer: reducer, rowStorage: rowStorage,
                        converting: transform)
                    return try use(
                        Decoded(
                            image: picture, isUpright: false, colour: colour,
                            fullSize: reduced ? (image.width, image.height) : nil, isConverted: transform != nil))
                }
            case .gif:
                let image = try GIFImage(bytes: data)
                try limit.check(width: image.width, height: image.height, path: path)
                return try reserving(image.decodeBytes, limit: limit, path: path) {
                    // A first frame larger than the screen is clipped to it, but giflib decodes
                    // it whole: it is held to the screen's pixels (or at least a megapixel).
                    let (picture, _, damage) = try image.decodeFirstFrame(
                        into: storage, maximumFramePixels: max(image.width * image.height, 1 << 20))
                    return try use(Decoded(image: picture, isUpright: false, damage: damage))
                }
            case .bmp:
                let image = try BMPImage(bytes: data)
                try limit.check(width: image.width, height: image.height, path: path)
                return try reserving(image.decodeBytes, limit: limit, path: path) {
                    try use(Decoded(image: image.decode(data, into: storage), isUpright: false))
                }
            case .psd:
                let image = try PSDImage(bytes: data)
                try limit.check(width: image.width, height: image.height, path: path)
                guard image.hasComposite else { throw CodecError(format: .psd, message: "no composite image") }
                return try reserving(image.decodeBytes, limit: limit, path: path) {
                    let (picture, damage) = try image.decode(data, into: storage)
                    return try use(
                        Decoded(
                            image: picture, isUpright: false, damage: damage,
                            colour: image.iccProfile.map { .iccProfile($0) }))
                }
            case .jpeg, .video:
                throw CodecError(format: format, message: "not supported yet")
            }
        } catch let error as CodecError {
            throw ImagingError(path: path, reason: .undecodableFormat(format: error.format, message: error.message))
        }
    }

    /// The transform a 16-bit source described by `colour` goes through as it is decoded: nil
    /// without a target, when there is nothing to convert (sRGB into sRGB), or when the
    /// description cannot be used that way, in which case the 8-bit pixels are given as today
    /// and the caller's own conversion (and its warning) applies.
    private static func sixteenBitTransform(
        _ colour: ColourDescription?, into target: ColourTarget?
    ) -> ColourTransform? {
        guard let target, let colour,
            case .transform(let transform) = ColourTransforms.lookup(colour, input: .rgb16, target: target)
        else { return nil }
        return transform
    }

    /// Runs `body` with `bytes` reserved in the shared gate, once they are known to be within
    /// the limit's decode budget.
    private func reserving<Result>(
        _ bytes: Int, limit: PixelLimit, path: RawPath, _ body: () throws -> Result
    ) throws -> Result {
        try limit.checkDecodeBytes(bytes, path: path)
        return try memoryGate.withReservation(of: bytes, body)
    }

    /// A raw file's preview as pixels: the embedded JPEG through libjpeg's shrink-on-load to fit
    /// `previewSide` (not yet turned: the file's orientation applies), or LibRaw's RGB (turned),
    /// used where the worker's reply was read.
    private func decode(
        _ preview: RawPreviewSource.Preview, path: RawPath, previewSide: Int, limit: PixelLimit
    ) throws -> Decoded {
        switch preview.kind {
        case .rgb:
            let pixels = preview.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return Decoded(
                image: RGBImage(pixels: pixels, width: preview.width, height: preview.height), isUpright: true)
        case .jpeg:
            let decoder = try jpegDecoder ?? DownscalingDecoder(path: path)
            jpegDecoder = decoder
            let data = UnsafeRawBufferPointer(preview.bytes)
            let header = try decoder.readHeader(data, limit: limit, path: path)
            let longest = max(header.width, header.height)
            let scale = min(1, Double(previewSide) / Double(max(longest, 1)))
            let width = max(1, Int((Double(header.width) * scale).rounded()))
            let height = max(1, Int((Double(header.height) * scale).rounded()))
            let image = RGBImage(
                pixels: storage.reserve(RGBImage.byteCount(width: width, height: height)), width: width,
                height: height)
            let damage = try decoder.decode(header, into: image, path: path)
            return Decoded(image: image, isUpright: false, damage: damage?.reason)
        }
    }

    /// The size the renditions of a `format` file show, without decoding it: the stored size
    /// turned by `orientation` unless the library turns the picture itself.
    package static func displaySize(
        _ format: ImageFormat, data: UnsafeRawBufferPointer, orientation: Int, path: RawPath
    ) throws -> (width: Int, height: Int) {
        do {
            switch format {
            case .heif:
                let image = try HEIFImage(bytes: Array(data.prefix(HEIFBoxes.ownLength(data))))
                return (image.width, image.height)
            case .raw:
                let file = try LibRawFile.opening(path: path, data: data)
                return ImageOrientation(exif: file.orientation).displayed(width: file.width, height: file.height)
            default:
                let found = try FormatMetadata.read(format, bytes: Array(data))
                return ImageOrientation(exif: orientation).displayed(width: found.width, height: found.height)
            }
        } catch {
            throw ImagingError(path: path, reason: .undecodableFormat(format: error.format, message: error.message))
        }
    }
}
