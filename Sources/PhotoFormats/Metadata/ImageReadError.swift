import Foundation
import PhotoSupport

/// Why a file could not be read as a photo at all.
///
/// Problems that still leave a usable photo (a missing end-of-image marker, corrupt EXIF)
/// are not errors: they are listed in `ImageFileReading.problems`.
public struct ImageReadError: PhotolibError, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The file has no bytes.
        case empty
        /// The content is in no format photolib reads; `detected` names what it is when that
        /// is recognisable ("GIF image", "text", …).
        case unsupported(detected: String?)
        /// A format photolib reads (HEIF, PNG, RAW…) whose library refused the file; its message.
        case undecodable(format: ImageFormat, message: String)
        /// A JPEG that ends (or breaks off) before its frame header and first scan.
        case noImageData
        /// The system refused to open or read it; the `errno` value.
        case unreadable(Int32)
        /// It was listed but no longer exists when it came to be read.
        case vanished
        /// A directory, FIFO, device or socket where a file was expected.
        case notARegularFile
    }

    public var path: RawPath
    public var reason: Reason

    public init(path: RawPath, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var kind: ErrorKind {
        switch reason {
        case .vanished: .noSuchInput
        case .unreadable: .failure
        case .empty, .unsupported, .undecodable, .noImageData, .notARegularFile: .badData
        }
    }

    /// The kind of video the file is ("MOV", "MP4", "AVI"…) when it is one: not a photo,
    /// and not a problem either.
    public var videoKind: String? {
        guard case .unsupported(let detected?) = reason, detected.hasSuffix(" video") else { return nil }
        return String(detected.dropLast(" video".count))
    }

    /// The variants of the formats photolib reads that it does not read yet ("PSD without a
    /// composite", "PSD 16-bit channels", "PSB"), when the file is one: counted apart in an
    /// index summary, not failures. (GIF, BMP and PSD themselves are read: a file that only
    /// looks like one is a failure.)
    public var notYetReadKind: String? {
        guard case .unsupported(let detected?) = reason else { return nil }
        return Self.readVariants.contains { detected.hasPrefix($0) } ? detected : nil
    }

    /// How `CodecError.notReadYet` names them.
    private static let readVariants = ["PSD ", "PSB"]

    /// The reason alone, without the path.
    public var reasonDescription: String {
        switch reason {
        case .empty: "empty file"
        case .unsupported(let detected?): "not a format photolib reads (\(detected))"
        case .unsupported(nil): "not a format photolib reads"
        // A movie's reason says what is wrong in its own words ("no movie header (truncated recording?)").
        case .undecodable(.video, let message): message
        case .undecodable(let format, let message): "cannot read \(format.displayName): \(message)"
        case .noImageData: "truncated before the image data"
        case .unreadable(let code): "cannot read: \(String(cString: strerror(code)))"
        case .vanished: "vanished before it could be read"
        case .notARegularFile: "not a regular file"
        }
    }

    public var description: String { "\(path): \(reasonDescription)" }
}
