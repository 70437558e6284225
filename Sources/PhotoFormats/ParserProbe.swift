import PhotoSupport

/// Entry points that run photolib's readers of untrusted bytes on a buffer in memory, for the
/// fuzzers (the `Fuzzing/` package) and the regression tests that replay what they found.
///
/// Each probe drives the same code indexing and rendering use, on bytes instead of a file,
/// and returns a small count so that callers can check that something happened. None of them
/// throws: bad input is the point, and a probe that returns has survived it.
public enum ParserProbe {
    /// The readers that can be probed; the raw values name the fuzz targets and the folders of
    /// `Tests/PhotoFormatsTests/Fixtures/fuzz-regressions/`.
    public enum Target: String, CaseIterable, Sendable {
        case markers, exif, xmp, iptc, decode, formats, containers, movies, profiles

        /// Runs this target's probe on `bytes`.
        public func probe(_ bytes: UnsafeRawBufferPointer) -> Int {
            switch self {
            case .markers: ParserProbe.markers(bytes)
            case .exif: ParserProbe.exif(bytes)
            case .xmp: ParserProbe.xmp(bytes)
            case .iptc: ParserProbe.iptc(bytes)
            case .decode: ParserProbe.decode(bytes)
            case .formats: ParserProbe.formats(bytes)
            case .containers: ParserProbe.containers(bytes)
            case .movies: ParserProbe.movies(bytes)
            case .profiles: ParserProbe.profiles(bytes)
            }
        }
    }

    /// Walks the markers of `bytes` twice: all in memory, and with only the first 256 bytes as
    /// the head so that the rest comes through the windowed, budgeted fetches a large file
    /// uses. Returns the number of segments found.
    public static func markers(_ bytes: UnsafeRawBufferPointer) -> Int {
        let whole = JPEGMarkerReader.walk(bytes: bytes)
        let head = UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, 256)])
        // A small budget, so that the budget-exhausted stop is reachable by small inputs.
        let windowed = JPEGMarkerReader.walk(
            head: head, fileSize: Int64(bytes.count),
            reader: MemoryReader(bytes: bytes), fetchBudget: 1 << 16)
        return whole.layout.segments.count + windowed.layout.segments.count
    }

    /// Parses `bytes` as an EXIF APP1 payload (from `Exif\0\0`), copies the tags photolib
    /// uses, applies them to metadata and lists every field as `pop` would; also walks it as
    /// a block joined from several segments is walked past libexif's limit. Returns the count
    /// of fields listed.
    public static func exif(_ bytes: UnsafeRawBufferPointer) -> Int {
        _ = ExifTags.walk(payload: Array(bytes))
        guard let block = try? ExifBlock(payload: bytes) else { return 0 }
        var metadata = PhotoMetadata()
        _ = metadata.apply(exif: block.tags())
        return block.allFields().count
    }

    /// Parses `bytes` as an XMP packet and reads the caption, place and rating; also tries
    /// them as one piece of extended XMP. Returns the number of descriptions found.
    public static func xmp(_ bytes: UnsafeRawBufferPointer) -> Int {
        let array = Array(bytes)
        _ = ExtendedXMP.assemble(guid: String(repeating: "0", count: 32), payloads: [array[...]])
        guard let packet = try? XMPPacket(bytes: array) else { return 0 }
        _ = packet.text
        _ = packet.extendedGUID
        return packet.descriptions.count
    }

    /// Reads `bytes` as the image resources of an APP13 `Photoshop 3.0` segment (the
    /// signature is added when missing). Returns 1 when IPTC text was found.
    public static func iptc(_ bytes: UnsafeRawBufferPointer) -> Int {
        var payload = Array(bytes)
        if !payload.starts(with: IPTCReader.signature) { payload.insert(contentsOf: IPTCReader.signature, at: 0) }
        return IPTCReader.read(photoshopPayloads: [payload[...]]) == nil ? 0 : 1
    }

    /// Decodes `bytes` as a JPEG the way renditions are made (header, shrink-on-load, Lanczos
    /// to the target), to at most 128 pixels a side; images over `limit` are refused before
    /// any pixel memory is allocated, as `RenditionMaker` does. Returns the pixels produced.
    public static func decode(_ bytes: UnsafeRawBufferPointer, limit: PixelLimit = PixelLimit(megapixels: 4)) -> Int {
        let path = RawPath("<memory>")
        guard let decoder = try? DownscalingDecoder(path: path),
            let header = try? decoder.readHeader(bytes, limit: limit, path: path)
        else { return 0 }
        let scale = min(1, 128 / Double(max(header.width, header.height)))
        let width = max(1, Int(Double(header.width) * scale))
        let height = max(1, Int(Double(header.height) * scale))
        let storage = PixelStorage<UInt8>()
        let image = RGBImage(
            pixels: storage.reserve(RGBImage.byteCount(width: width, height: height)),
            width: width, height: height)
        _ = decoder.iccProfile()
        do {
            _ = try decoder.decode(header, into: image, path: path)
            return width * height
        } catch {
            return 0
        }
    }
}

extension ParserProbe {
    /// Recognises `bytes` as one of the other formats and reads it as indexing does (libheif,
    /// the PNG chunk walker, libwebp's demuxer, libtiff, LibRaw's open), then decodes it as
    /// renditions do, except RAW, whose preview extraction runs in a child process because
    /// LibRaw 0.20 can corrupt its heap there. Images over `limit` are refused before decoding.
    /// Returns the pixels decoded.
    public static func formats(_ bytes: UnsafeRawBufferPointer, limit: PixelLimit = PixelLimit(megapixels: 4)) -> Int {
        guard let format = ImageFormat.detect(UnsafeRawBufferPointer(rebasing: bytes.prefix(4096))), format != .jpeg
        else { return 0 }
        _ = try? FormatMetadata.read(format, bytes: Array(bytes))
        guard format != .raw,
            let pixels = try? FormatDecoder().decode(
                format, data: bytes, limit: limit, path: RawPath("<memory>"), colourTarget: .sRGB,
                use: { $0.image.width * $0.image.height })
        else { return 0 }
        return pixels
    }
}

extension ParserProbe {
    /// Reads `bytes` as indexing reads a HEIF or a PNG for metadata, in parts: the HEIF box
    /// walker (`HEIFBoxes`, with only the first 256 bytes as the head so that the rest comes
    /// through positional reads) and the PNG chunk copy without pixel data. Fast, unlike
    /// `formats`, which decodes. Returns the metadata bytes found.
    public static func containers(_ bytes: UnsafeRawBufferPointer) -> Int {
        let file = FileBytes(
            head: UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, 256)]), reader: MemoryReader(bytes: bytes),
            size: Int64(bytes.count))
        var found = 0
        if let boxes = HEIFBoxes.read(file) {
            found += (boxes.exif?.count ?? 0) + (boxes.xmp?.count ?? 0)
            _ = boxes.exif.flatMap(HEIFImage.exifPayload(item:))
        }
        if let parts = PNGChunks.withoutPixelData(file) {
            let chunks = parts.withUnsafeBytes { try? PNGChunks(bytes: $0) }
            found += (chunks?.exifTIFF?.count ?? 0) + (chunks?.xmp?.count ?? 0)
        }
        return found
    }
}

extension ParserProbe {
    /// Reads `bytes` as indexing reads a MOV or MP4: the bounded box walk of `MovieBoxes`,
    /// with only the first 256 bytes as the head so that the rest comes through positional
    /// reads, then the XMP packet it found. Returns the metadata found.
    public static func movies(_ bytes: UnsafeRawBufferPointer) -> Int {
        let file = FileBytes(
            head: UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, 256)]), reader: MemoryReader(bytes: bytes),
            size: Int64(bytes.count))
        guard let facts = try? MovieBoxes.read(file) else { return 0 }
        let text = facts.xmp.flatMap { try? XMPPacket(bytes: $0) }.map { $0.keywords.count } ?? 0
        return (facts.width ?? 0) + (facts.videoCodec?.count ?? 0) + (facts.contentIdentifier?.count ?? 0) + text
    }
}

extension ParserProbe {
    /// Reads `bytes` as an embedded ICC profile is read for renditions: opened by LittleCMS,
    /// its name read, and transforms built from it for RGB, 16-bit RGB and ink (not through the
    /// process's cache, so that every input is parsed), each applied to a few pixels.
    /// Returns what the transforms made of them.
    public static func profiles(_ bytes: UnsafeRawBufferPointer) -> Int {
        let profile = ColourDescription.iccProfile(Array(bytes))
        var total = 0
        let pixels: [UInt8] = [0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 128, 255, 12, 200, 90, 1, 2, 3]
        for input in [ColourInput.rgb, .rgb16, .cmyk(inverted: true)] {
            for target in ColourTarget.allCases {
                guard case .transform(let transform) = ColourTransforms.build(profile, input: input, target: target)
                else { continue }
                var output = [UInt8](repeating: 0, count: 18)
                let count = 18 / transform.inputBytesPerPixel
                pixels.withUnsafeBufferPointer { source in
                    output.withUnsafeMutableBufferPointer { target in
                        transform.apply(
                            source.baseAddress!, sourceStride: 18, to: target.baseAddress!, targetStride: 18,
                            width: count, rows: 1)
                    }
                }
                total += output.reduce(0) { $0 + Int($1) } + (transform.sourceName?.count ?? 0)
            }
        }
        return total
    }
}

/// A `PositionalReader` over bytes in memory, as if they were a file.
struct MemoryReader: PositionalReader {
    let bytes: UnsafeRawBufferPointer

    func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard offset >= 0, offset < Int64(bytes.count) else { return 0 }
        let count = min(buffer.count, bytes.count - Int(offset))
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[Int(offset)..<Int(offset) + count]))
        return count
    }
}
