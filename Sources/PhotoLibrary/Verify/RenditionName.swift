import Foundation
import PhotoSupport

/// What a file's place in `.photolib/renditions/` says it is (see `RenditionStore`).
enum RenditionName: Equatable {
    /// A finished rendition of the content `key` (a content hash; an older photolib's
    /// renditions are named by a 16-digit partial fingerprint, which no asset claims).
    case rendition(key: String)
    /// Anything else: a temporary file left by a killed writer, a stray copy, an empty file.
    case notARendition(String)

    /// Reads `file` (absolute, found under `directory`) as `ab/cd/<key>-<spec>.jpg`,
    /// where `abcd` starts the key and the file is a non-empty regular file.
    static func parse(_ file: RawPath, in directory: RawPath) -> RenditionName {
        guard let relative = file.relative(to: directory) else {
            return .notARendition("outside the renditions folder")
        }
        let parts = relative.bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 2, parts[1].count == 2 else {
            return .notARendition("not in a fan-out folder")
        }
        let name = Array(parts[2])
        guard let dash = name.firstIndex(of: UInt8(ascii: "-")), name.starts(with: Array(parts[0]) + Array(parts[1])),
            name.count > 4, String(decoding: name.suffix(4), as: UTF8.self) == ".jpg",
            let key = String(validating: name[..<dash], as: UTF8.self),
            RenditionStore.isValid(key: key)
        else { return .notARendition("name is not <content hash>-<spec>.jpg") }
        var info = stat()
        guard file.withCString({ lstat($0, &info) }) == 0 else { return .notARendition("vanished") }
        guard info.st_mode & S_IFMT == S_IFREG else { return .notARendition("not a regular file") }
        guard info.st_size > 0 else { return .notARendition("empty") }
        return .rendition(key: key)
    }
}
