import Foundation
import Testing

@testable import PhotoFormats

/// A TIFF libtiff refuses to open is one error carrying libtiff's own words, read out of the
/// fixed buffer the C side fills (up to its NUL, nothing after it).
@Suite struct TIFFOpenFailureTests {
    @Test func libtiffsMessageReachesTheErrorWithoutItsBuffer() throws {
        // A little-endian header whose first directory lies far past the end of the file.
        var bytes: [UInt8] = Array("II".utf8) + [42, 0] + [0x00, 0x00, 0xF0, 0x7F]
        bytes += [UInt8](repeating: 0, count: 64)
        #expect {
            try bytes.withUnsafeBytes { _ = try TIFFImage(bytes: $0) }
        } throws: { error in
            let message = (error as? CodecError)?.message ?? ""
            return !message.isEmpty && !message.contains("\u{0}") && message.utf8.count < 200
                && message != "cannot open"
        }
    }
}
