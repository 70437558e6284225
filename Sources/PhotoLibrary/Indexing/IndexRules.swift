import PhotoFormats
import PhotoSupport

/// Which unreadable files are worth a message.
///
/// A JPEG is recognised by its bytes, never its name. But a photo folder also holds
/// sidecars, videos and notes: reporting each of those on every index would bury the
/// real problems. So a file that is not a JPEG is reported only when its name says it
/// should be one (`.jpg`, `.jpeg`, …); anything else that is not a JPEG is skipped quietly.
enum IndexRules {
    static let jpegExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "jif"]

    static func isQuietlySkipped(_ error: ImageReadError, path: RawPath) -> Bool {
        switch error.reason {
        case .notJPEG, .empty:
            return !claimsToBeJPEG(path)
        default:
            return false
        }
    }

    static func claimsToBeJPEG(_ path: RawPath) -> Bool {
        let name = path.lastComponent.bytes
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
        return jpegExtensions.contains(suffix)
    }
}
