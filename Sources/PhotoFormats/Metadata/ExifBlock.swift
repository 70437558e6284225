import CExif
import Foundation

/// One parsed EXIF block: owns libexif's `ExifData` and frees it when done.
///
/// libexif is used with `FOLLOW_SPECIFICATION` off (it would invent tags and rewrite
/// formats) and `IGNORE_UNKNOWN_TAGS` off (it would drop XPComment and tags newer than its
/// table). Its log is captured so that a corrupt block becomes a problem line, not silence.
/// A block is used by one thread; only the copied-out `ExifTags` leave it.
final class ExifBlock {
    enum Failure: Error, Equatable {
        /// libexif could not allocate its data or log object.
        case outOfMemory
    }

    /// Internal so that `ExifBlock+Listing` can walk every entry.
    let data: UnsafeMutablePointer<ExifData>
    /// libexif's first corrupt-data (or out-of-memory) message while loading.
    let complaint: String?
    /// When libexif complained: the entries photolib's own walk finds in the same block.
    /// libexif abandons the rest of a directory at its first entry whose value lies past the
    /// end (a Pillow test file loses its whole EXIF directory, DateTimeOriginal with it),
    /// where exiftool skips that one entry and reads on; the walk does as exiftool does.
    private let walked: [ExifTags.Tag: ExifTags.Entry]?

    /// The most EXIF bytes handed to libexif (a block is never near this).
    static let maximumLength = 16 << 20

    /// Where a block's memory comes from.
    enum Allocator {
        /// The thread's reused buffer (`ExifArena`).
        case arena
        /// libexif's own, `calloc` and `free` (what the arena's tests compare it with).
        case libexif
    }

    /// Parses an APP1 payload that starts with `Exif\0\0`.
    init(payload: UnsafeRawBufferPointer, allocator: Allocator = .arena) throws(Failure) {
        let mem = allocator == .arena ? ExifArena.makeMem() : exif_mem_new_default()
        guard let mem else { throw .outOfMemory }
        // The data takes a reference of its own: the allocator goes with it.
        defer { exif_mem_unref(mem) }
        guard let data = exif_data_new_mem(mem) else { throw .outOfMemory }
        guard let log = exif_log_new() else {
            exif_data_unref(data)
            throw .outOfMemory
        }
        defer { exif_log_unref(log) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)

        let capture = ExifLogCapture()
        let context = Unmanaged.passRetained(capture)
        exif_log_set_func(log, captureExifLog, context.toOpaque())
        exif_data_log(data, log)
        if let base = payload.baseAddress, payload.count > 0 {
            // One APP1 payload is at most 64 KiB; a block joined from several segments
            // (`ExifSegments`) or taken from another container may be longer.
            exif_data_load_data(
                data, base.assumingMemoryBound(to: UInt8.self), UInt32(min(payload.count, Self.maximumLength)))
        }
        // Detach the log before the capture box goes, so nothing can call into a freed box.
        exif_log_set_func(log, nil, nil)
        context.release()
        self.data = data
        self.complaint = capture.firstMessage
        self.walked = complaint == nil ? nil : ExifTags.walk(payload: Array(payload.prefix(Self.maximumLength)))
    }

    deinit { exif_data_unref(data) }

    /// Copies the entries photolib uses out of libexif.
    func tags() -> ExifTags {
        var tags = ExifTags()
        tags.complaint = complaint
        let isBigEndian = exif_data_get_byte_order(data) == EXIF_BYTE_ORDER_MOTOROLA
        let directories = data.pointee.ifd
        let contents = [directories.0, directories.1, directories.2, directories.3, directories.4]
        tags.loadedEntryCount = contents.reduce(0) { $0 + Int($1?.pointee.count ?? 0) }
        if tags.loadedEntryCount > 0 {
            for tag in ExifTags.Tag.allCases {
                for directory in tag.directories {
                    guard let content = contents[directory.rawValue],
                        let entry = exif_content_get_entry(content, ExifTag(rawValue: UInt32(tag.number)))
                    else { continue }
                    tags[tag] = Self.copy(entry.pointee, isBigEndian: isBigEndian)
                    break
                }
            }
        }
        for (tag, entry) in walked ?? [:] where tags[tag] == nil { tags[tag] = entry }
        return tags
    }

    private static func copy(_ entry: ExifEntry, isBigEndian: Bool) -> ExifTags.Entry {
        let bytes: [UInt8]
        if let values = entry.data, entry.size > 0 {
            bytes = Array(UnsafeBufferPointer(start: values, count: Int(entry.size)))
        } else {
            bytes = []
        }
        return ExifTags.Entry(
            format: UInt16(truncatingIfNeeded: entry.format.rawValue),
            components: Int(clamping: entry.components), bytes: bytes, isBigEndian: isBigEndian)
    }
}

/// Where the log callback leaves libexif's first complaint.
private final class ExifLogCapture {
    var firstMessage: String?
}

/// libexif's log callback: keeps the first corrupt-data or out-of-memory message, formatted
/// with `vsnprintf` (the callback receives a `va_list`). Debug chatter is ignored, and so are
/// complaints about maker notes (domains "ExifMnote…"): they are private vendor data that
/// photolib never reads, and libexif's parsers for them object to many healthy photos.
private let captureExifLog: ExifLogFunc = { _, code, domain, format, arguments, context in
    guard code == EXIF_LOG_CODE_CORRUPT_DATA || code == EXIF_LOG_CODE_NO_MEMORY,
        let format, let arguments, let context
    else { return }
    if let domain, strncmp(domain, "ExifMnote", 9) == 0 { return }
    let capture = Unmanaged<ExifLogCapture>.fromOpaque(context).takeUnretainedValue()
    guard capture.firstMessage == nil else { return }
    var buffer = [CChar](repeating: 0, count: 256)
    _ = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
    let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    capture.firstMessage = message.trimmingCharacters(in: .whitespacesAndNewlines)
}
