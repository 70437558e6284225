import Glibc
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// Renditions and originals as HTTP answers: opened as regular files (never a FIFO, device or,
/// for renditions, a symlink), sent from the descriptor, cached by content, in ranges.
enum FileResponses {
    /// Renditions are named by content, and their URLs carry the content hash (`?v=`): a year
    /// of caching is safe, and a changed photo gets a new URL.
    static let renditionCache = "private, max-age=31536000, immutable"

    /// A rendition file, or 304 when the browser has it.
    static func rendition(_ file: RenditionFile, tag: String, request: HTTPRequest) -> HTTPResponse {
        do {
            return rendition(try RegularFile(file.path, followingSymlink: false), tag: tag, request: request)
        } catch {
            return .error(404, "no such rendition")
        }
    }

    /// An open rendition, or 304 when the browser has it.
    static func rendition(_ file: RegularFile, tag: String, request: HTTPRequest) -> HTTPResponse {
        let etag = "\"\(tag)\""
        let headers = [("ETag", etag), ("Cache-Control", renditionCache)]
        if request.headers["if-none-match"] == etag { return HTTPResponse(status: 304, headers: headers) }
        return (try? whole(file, type: "image/jpeg", headers: headers)) ?? .error(500, "the rendition cannot be sent")
    }

    /// An original, whole or the one range asked for (`Range: bytes=…`), for viewers and
    /// video players that seek.
    static func original(_ path: RawPath, asset: Asset, request: HTTPRequest) -> HTTPResponse {
        let etag = asset.contentHash.map { "\"\($0)\"" }
        if let etag, request.headers["if-none-match"] == etag {
            return HTTPResponse(status: 304, headers: [("ETag", etag)])
        }
        let file: RegularFile
        do { file = try RegularFile(path) } catch { return .error(404, "the original cannot be read") }
        let size = UInt64(max(0, file.size))
        var headers: [(name: String, value: String)] = [
            ("Accept-Ranges", "bytes"), ("Cache-Control", "private, no-cache"),
            ("Content-Disposition", "inline; filename=\"\(safeFileName(path))\""),
        ]
        if let etag { headers.append(("ETag", etag)) }
        let type = asset.metadata.mimeType
        guard let rangeText = request.headers["range"] else {
            return (try? whole(file, type: type, headers: headers)) ?? .error(500, "the original cannot be sent")
        }
        guard let range = ByteRange(rangeText, size: size) else {
            return HTTPResponse(status: 416, headers: headers + [("Content-Range", "bytes */\(size)")])
        }
        let descriptor = dup(file.descriptor)
        guard descriptor >= 0 else { return .error(500, "the original cannot be sent") }
        return HTTPResponse(
            status: 206,
            headers: headers + [
                ("Content-Type", type), ("Content-Range", "bytes \(range.first)-\(range.last)/\(size)"),
            ],
            body: .file(descriptor: descriptor, offset: range.first, length: range.last - range.first + 1))
    }

    private static func whole(
        _ file: RegularFile, type: String, headers: [(name: String, value: String)]
    ) throws -> HTTPResponse {
        let descriptor = dup(file.descriptor)
        guard descriptor >= 0 else { throw FileSystemError(path: file.path, errno: errno, operation: "dup") }
        return HTTPResponse(
            status: 200, headers: [("Content-Type", type)] + headers,
            body: .file(descriptor: descriptor, offset: 0, length: UInt64(max(0, file.size))))
    }

    /// The file's name with anything but printable ASCII other than `"` and `\` replaced, for
    /// a header that must stay one line and one quoted string.
    static func safeFileName(_ path: RawPath) -> String {
        let name = path.bytes.split(separator: UInt8(ascii: "/")).last ?? []
        let safe = name.map { byte -> Character in
            (0x20...0x7E).contains(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                ? Character(Unicode.Scalar(byte)) : "_"
        }
        return String(safe.prefix(200))
    }
}

/// One range of `Range: bytes=first-last`, `bytes=first-` or `bytes=-suffix`, within `size`;
/// nil for anything else (several ranges, units other than bytes, out of the file).
struct ByteRange: Equatable {
    var first: UInt64
    var last: UInt64

    init(first: UInt64, last: UInt64) {
        self.first = first
        self.last = last
    }

    init?(_ text: String, size: UInt64) {
        guard text.hasPrefix("bytes="), size > 0 else { return nil }
        let spec = text.dropFirst("bytes=".count)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let start = spec[..<dash]
        let end = spec[spec.index(after: dash)...]
        if start.isEmpty {
            guard let suffix = UInt64(end), suffix > 0 else { return nil }
            first = size - min(suffix, size)
            last = size - 1
        } else {
            guard let from = UInt64(start), from < size else { return nil }
            first = from
            if end.isEmpty {
                last = size - 1
            } else {
                guard let to = UInt64(end), to >= from else { return nil }
                last = min(to, size - 1)
            }
        }
    }
}
