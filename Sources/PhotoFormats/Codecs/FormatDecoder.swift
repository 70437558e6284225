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
    }

    private let storage = PixelStorage<UInt8>()
    private let memoryGate: DecodeMemoryGate

    package init(memoryGate: DecodeMemoryGate = .shared) {
        self.memoryGate = memoryGate
    }

    /// Decodes the `format` file held in `data`, refusing an image over `limit` before any
    /// pixel memory is allocated.
    package func decode(
        _ format: ImageFormat, data: UnsafeRawBufferPointer, limit: PixelLimit, path: RawPath
    ) throws -> Decoded {
        do {
            switch format {
            case .heif:
                let image = try HEIFImage(bytes: Array(data))
                try limit.check(width: image.width, height: image.height, path: path)
                let picture = try memoryGate.withReservation(of: image.width * image.height * 3) {
                    try image.decode(into: storage)
                }
                return Decoded(image: picture, isUpright: true)
            case .png:
                let decoder = try PNGDecoder(bytes: data, limit: limit, path: path)
                let (picture, damage) = try decoder.decode(into: storage)
                return Decoded(image: picture, isUpright: false, damage: damage)
            case .jpeg, .webp, .tiff, .raw:
                throw CodecError(format: format, message: "not supported yet")
            }
        } catch let error as CodecError {
            throw ImagingError(path: path, reason: .undecodableFormat(format: error.format, message: error.message))
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
                let image = try HEIFImage(bytes: Array(data))
                return (image.width, image.height)
            default:
                let found = try FormatMetadata.read(format, bytes: Array(data))
                return ImageOrientation(exif: orientation).displayed(width: found.width, height: found.height)
            }
        } catch {
            throw ImagingError(path: path, reason: .undecodableFormat(format: error.format, message: error.message))
        }
    }
}
