import PhotoFormats
import PhotoSupport

/// Which unreadable files are worth a message.
///
/// Formats are recognised by their bytes, never their names. But a photo folder also holds
/// sidecars, videos and notes: reporting each of those on every index would bury the real
/// problems. So a file in no format photolib reads is reported only when it looks like an
/// image (a GIF, a BMP, a JPEG 2000…) or its name says it should be one (`.jpg`, `.heic`,
/// `.png`, `.nef`…); anything else is skipped quietly.
enum IndexRules {
    static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "jif", "heic", "heif", "hif", "avif", "png", "webp", "tif", "tiff",
        "dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "orf", "rw2", "raf", "pef", "kdc", "dcr",
        "srw", "3fr", "erf", "mef", "mos", "iiq", "x3f", "mrw", "rwl",
    ]

    static func isQuietlySkipped(_ error: ImageReadError, path: RawPath) -> Bool {
        switch error.reason {
        case .unsupported(let detected):
            if let detected, detected.hasSuffix(" image") { return false }
            return !claimsToBeImage(path)
        case .empty:
            return !claimsToBeImage(path)
        default:
            return false
        }
    }

    static func claimsToBeImage(_ path: RawPath) -> Bool {
        imageExtensions.contains(path.lowercasedExtension)
    }
}

extension RawPath {
    /// What follows the last dot of the last component, lowercased ("" when none).
    var lowercasedExtension: String {
        // Asked of every walked file: found from the end, without copying the name out.
        let bytes = self.bytes
        guard bytes.last != UInt8(ascii: "/") else {
            let name = lastComponent.bytes
            guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return "" }
            return String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
        }
        var index = bytes.endIndex
        while index > bytes.startIndex {
            let byte = bytes[index - 1]
            if byte == UInt8(ascii: "/") { return "" }
            if byte == UInt8(ascii: ".") { return String(decoding: bytes[index...], as: UTF8.self).lowercased() }
            index -= 1
        }
        return ""
    }
}
