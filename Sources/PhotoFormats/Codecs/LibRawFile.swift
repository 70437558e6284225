import CLibRaw
import Foundation
import PhotoSupport

/// One camera raw file opened by LibRaw from memory (its bytes, or a mapping of the file); owns
/// the LibRaw handle (and the bytes or mapping it borrows) and frees them in `deinit`.
///
/// Opening and reading the fields is safe in process. Extracting the embedded preview is not:
/// LibRaw 0.20's `unpack_thumb` can overflow a heap buffer on a damaged file, so `preview` runs
/// only in a worker process (`RawPreviewWorker`), whose death cannot take photolib with it.
final class LibRawFile {
    private let handle: UnsafeMutablePointer<libraw_data_t>
    private var bytes: [UInt8]
    /// The file's mapping LibRaw reads from, when opened from a file (unmapped after LibRaw is closed).
    private var mapping: UnsafeMutableRawBufferPointer?

    init(bytes: [UInt8]) throws(CodecError) {
        // LibRaw reads through a null or empty buffer's pointer rather than refusing it.
        guard bytes.count >= 32 else { throw CodecError(format: .raw, message: "file too short") }
        handle = try Self.handle()
        self.bytes = bytes
        let code = self.bytes.withUnsafeMutableBytes { libraw_open_buffer(handle, $0.baseAddress, $0.count) }
        // Every stored property is set: a throw from here on runs `deinit`, which closes the handle.
        if code != 0 { throw Self.error(code) }
    }

    /// Opens the open file `descriptor` from a private read-only-to-the-file mapping, so that
    /// LibRaw reads only the pages it looks at (a CRW's directory at its end, a NEF's first
    /// directories) and copies none: for metadata, where reading a raw of 25 MB whole would
    /// cost more than everything else, and where LibRaw reading by name (`libraw_open_file`,
    /// a `std::filebuf` refilled at each seek) costs three times more than from memory.
    ///
    /// The mapping is `MAP_PRIVATE` (LibRaw's writes, if any, stay in this process) and as long
    /// as `fstat` says the file is now; a non-regular or empty file is refused. Residual risk: a
    /// file truncated by another process while LibRaw reads it (the open takes about 0.1 ms)
    /// raises SIGBUS on a page past its new end, as it would for any reader of a mapping.
    init(descriptor: Int32) throws(CodecError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw CodecError(format: .raw, message: "not a regular file")
        }
        guard status.st_size >= 32 else { throw CodecError(format: .raw, message: "file too short") }
        guard status.st_size <= Int64(Int.max) else { throw CodecError(format: .raw, message: "file too large") }
        let length = Int(status.st_size)
        let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            throw CodecError(format: .raw, message: "cannot map the file: \(String(cString: strerror(errno)))")
        }
        do {
            handle = try Self.handle()
        } catch {
            munmap(address, length)
            throw error
        }
        bytes = []
        mapping = UnsafeMutableRawBufferPointer(start: address, count: length)
        let code = libraw_open_buffer(handle, address, length)
        if code != 0 { throw Self.error(code) }
    }

    /// The raw at `path` through a mapping, or a copy of `data` (its bytes already read) when
    /// the file cannot be mapped: the one way the decoders open a raw for its size and flip.
    static func opening(path: RawPath, data: UnsafeRawBufferPointer) throws(CodecError) -> LibRawFile {
        if let mapped = try? LibRawFile(path: path) { return mapped }
        return try LibRawFile(bytes: Array(data))
    }

    /// Opens the file at `path` (a regular file: `RegularFile`) through a mapping, as `init(descriptor:)`.
    convenience init(path: RawPath) throws(CodecError) {
        let file: RegularFile
        do { file = try RegularFile(path) } catch { throw CodecError(format: .raw, message: error.explanation) }
        // The mapping outlives the descriptor.
        try self.init(descriptor: file.descriptor)
        withExtendedLifetime(file) {}
    }

    /// Loads LibRaw (CLibRaw opens it with the first RAW file, not with every process).
    static func load() throws(CodecError) {
        if let failure = photolib_libraw_load() { throw CodecError(format: .raw, message: String(cString: failure)) }
    }

    private static func handle() throws(CodecError) -> UnsafeMutablePointer<libraw_data_t> {
        try load()
        // Without these flags LibRaw's default callbacks print to stderr.
        let flags = LIBRAW_OPIONS_NO_MEMERR_CALLBACK.rawValue | LIBRAW_OPIONS_NO_DATAERR_CALLBACK.rawValue
        guard let handle = libraw_init(UInt32(flags)) else { throw CodecError(format: .raw, message: "out of memory") }
        handle.pointee.params.max_raw_memory_mb = 1024
        return handle
    }

    deinit {
        libraw_close(handle)
        if let mapping { munmap(mapping.baseAddress, mapping.count) }
    }

    static func error(_ code: Int32) -> CodecError {
        var message = String(cString: libraw_strerror(code))
        if code == LIBRAW_FILE_UNSUPPORTED.rawValue { message = "unsupported or truncated raw file" }
        return CodecError(format: .raw, message: message)
    }

    /// Visible size before the flip, in square pixels: a sensor whose pixels are not square
    /// (LibRaw's `pixel_aspect`, 1.0 for nearly every camera; a Kodak DC120's is about 1.5)
    /// is stretched along one side as dcraw stretches it, never squashed, so that the size
    /// is the picture's shape (exiftool's) and LibRaw's stretched decode fits it.
    var width: Int { Self.stretched(Int(handle.pointee.sizes.width), handle.pointee.sizes.pixel_aspect, wide: true) }
    var height: Int {
        Self.stretched(Int(handle.pointee.sizes.height), handle.pointee.sizes.pixel_aspect, wide: false)
    }

    /// `side` stretched by `aspect` (width over height of one pixel) when it is the side
    /// dcraw stretches: the width when pixels are wide, the height when they are tall.
    static func stretched(_ side: Int, _ aspect: Double, wide: Bool) -> Int {
        guard aspect.isFinite, aspect > 0.25, aspect < 4, abs(aspect - 1) > 0.001 else { return side }
        if wide, aspect > 1 { return Int((Double(side) * aspect).rounded()) }
        if !wide, aspect < 1 { return Int((Double(side) / aspect).rounded()) }
        return side
    }
    var rawPixels: Double { Double(handle.pointee.sizes.raw_width) * Double(handle.pointee.sizes.raw_height) }

    /// LibRaw's flip as an EXIF orientation: 3 is 180°, 5 a quarter turn counter-clockwise, 6 clockwise.
    var orientation: Int {
        switch handle.pointee.sizes.flip {
        case 3: 3
        case 5: 8
        case 6: 6
        default: 1
        }
    }

    var make: String? { Self.text(handle.pointee.idata.make) }
    var model: String? { Self.text(handle.pointee.idata.model) }
    var caption: String? { Self.text(handle.pointee.other.desc) }

    /// The capture time as LibRaw holds it: seconds since 1970, which for CRW is the camera's
    /// own wall clock read as UTC (exiftool shows it so). Nil when the file gives none.
    var timestamp: Int? {
        let value = Int(handle.pointee.other.timestamp)
        return value > 0 ? value : nil
    }

    var gps: GPSCoordinate? {
        let info = handle.pointee.other.parsed_gps
        guard info.gpsparsed != 0 else { return nil }
        func degrees(_ parts: (Float, Float, Float)) -> Double {
            Double(parts.0) + Double(parts.1) / 60 + Double(parts.2) / 3600
        }
        var latitude = degrees(info.latitude)
        var longitude = degrees(info.longitude)
        if UInt8(bitPattern: info.latref) == UInt8(ascii: "S") { latitude = -latitude }
        if UInt8(bitPattern: info.longref) == UInt8(ascii: "W") { longitude = -longitude }
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return GPSCoordinate(latitude: latitude, longitude: longitude)
    }

    /// The embedded preview when its long side is at least `minimumSide` (a JPEG, as the
    /// camera wrote it, not turned), else a half-size decode of the sensor data (RGB, already
    /// turned by LibRaw). Only for the worker process: see the type's comment.
    func preview(minimumSide: Int) throws(CodecError) -> RawPreview {
        if libraw_unpack_thumb(handle) == 0 {
            let thumbnail = handle.pointee.thumbnail
            if max(Int(thumbnail.twidth), Int(thumbnail.theight)) >= minimumSide,
                let made = try? memoryImage(libraw_dcraw_make_mem_thumb), made.kind == .jpeg
            {
                return made
            }
        }
        handle.pointee.params.half_size = 1
        handle.pointee.params.use_camera_wb = 1
        handle.pointee.params.output_bps = 8
        var code = libraw_unpack(handle)
        guard code == 0 else { throw Self.error(code) }
        code = libraw_dcraw_process(handle)
        guard code == 0 else { throw Self.error(code) }
        return try memoryImage(libraw_dcraw_make_mem_image)
    }

    private func memoryImage(
        _ make: (UnsafeMutablePointer<libraw_data_t>?, UnsafeMutablePointer<Int32>?) ->
            UnsafeMutablePointer<libraw_processed_image_t>?
    ) throws(CodecError) -> RawPreview {
        var code: Int32 = 0
        guard let image = make(handle, &code) else { throw Self.error(code) }
        defer { libraw_dcraw_clear_mem(image) }
        let data =
            UnsafeRawPointer(image) + MemoryLayout<libraw_processed_image_t>.offset(of: \libraw_processed_image_t.data)!
        // Room for the worker's reply trailer (`RawPreviewWorker.encodeReply`): no copy to add it.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(image.pointee.data_size) + 16)
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(image.pointee.data_size)))
        if image.pointee.type == LIBRAW_IMAGE_JPEG {
            // LibRaw leaves a JPEG's size out of the image record: the thumbnail's is it.
            let thumbnail = handle.pointee.thumbnail
            return RawPreview(kind: .jpeg, width: Int(thumbnail.twidth), height: Int(thumbnail.theight), bytes: bytes)
        }
        guard image.pointee.colors == 3, image.pointee.bits == 8,
            bytes.count >= Int(image.pointee.width) * Int(image.pointee.height) * 3
        else { throw CodecError(format: .raw, message: "preview bitmap is not 8-bit RGB") }
        return RawPreview(kind: .rgb, width: Int(image.pointee.width), height: Int(image.pointee.height), bytes: bytes)
    }

    private static func text<T>(_ tuple: T) -> String? {
        withUnsafeBytes(of: tuple) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let value = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
    }
}

/// A raw file's picture for renditions: its embedded JPEG, or RGB pixels LibRaw decoded.
package struct RawPreview: Sendable, Equatable {
    package enum Kind: UInt8, Sendable {
        case jpeg = 0x4A
        case rgb = 0x42
    }
    package var kind: Kind
    package var width: Int
    package var height: Int
    package var bytes: [UInt8]
}
